import { lt } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { checkoutSessions, paymentEvents, paymentRecords } from '../../db/schema';

/**
 * Payment records are kept 7 years (spec 01 §9), even after the school is gone; then they go, with the
 * provider's event receipts and the checkouts of that time. Returns how many rows of each went.
 */
export async function deletePaymentRecordsBefore(
  db: TDb,
  cutoff: Date,
): Promise<{ records: number; events: number; checkouts: number }> {
  return db.transaction(async (tx) => {
    const records = await tx
      .delete(paymentRecords)
      .where(lt(paymentRecords.occurredAt, cutoff))
      .returning({ id: paymentRecords.id });
    const events = await tx
      .delete(paymentEvents)
      .where(lt(paymentEvents.processedAt, cutoff))
      .returning({ id: paymentEvents.id });
    const checkouts = await tx
      .delete(checkoutSessions)
      .where(lt(checkoutSessions.createdAt, cutoff))
      .returning({ id: checkoutSessions.id });
    return { records: records.length, events: events.length, checkouts: checkouts.length };
  });
}

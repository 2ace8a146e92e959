import { and, asc, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { checkoutSessions, paymentEvents, paymentRecords, schools, users } from '../../db/schema';

/** Every table access of the payments module. Callers pass `db` or a transaction. */

export type TSchoolRow = typeof schools.$inferSelect;
export type TCheckoutRow = typeof checkoutSessions.$inferSelect;
export type TPaymentRecordRow = typeof paymentRecords.$inferSelect;

/**
 * Records the event id; false when it was already recorded (a repeated delivery). Inside the applying
 * transaction, so a failure part-way leaves the id unrecorded and the provider's retry applies it.
 */
export async function recordEventOnce(
  tx: TDb,
  event: { id: string; type: string; payload: unknown },
): Promise<boolean> {
  const rows = await tx
    .insert(paymentEvents)
    .values({ stripeEventId: event.id, type: event.type, payload: event.payload })
    .onConflictDoNothing({ target: paymentEvents.stripeEventId })
    .returning({ id: paymentEvents.id });
  return rows.length > 0;
}

export async function setEventSchool(tx: TDb, eventId: string, schoolId: string): Promise<void> {
  await tx.update(paymentEvents).set({ schoolId }).where(eq(paymentEvents.stripeEventId, eventId));
}

async function lockSchoolWhere(tx: TDb, where: SQL): Promise<TSchoolRow | null> {
  const rows = await tx.select().from(schools).where(where).limit(1).for('update');
  return rows[0] ?? null;
}

export const lockSchoolById = (tx: TDb, id: string) => lockSchoolWhere(tx, eq(schools.id, id));
export const lockSchoolBySubscription = (tx: TDb, subscriptionId: string) =>
  lockSchoolWhere(tx, eq(schools.stripeSubscriptionId, subscriptionId));
export const lockSchoolByCustomer = (tx: TDb, customerId: string) =>
  lockSchoolWhere(tx, eq(schools.stripeCustomerId, customerId));

export async function findSchool(db: TDb, id: string): Promise<TSchoolRow | null> {
  const rows = await db.select().from(schools).where(eq(schools.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function updateSchool(
  tx: TDb,
  id: string,
  values: Partial<typeof schools.$inferInsert>,
): Promise<void> {
  await tx.update(schools).set(values).where(eq(schools.id, id));
}

export async function insertSchool(
  tx: TDb,
  values: typeof schools.$inferInsert,
): Promise<TSchoolRow> {
  const [row] = await tx.insert(schools).values(values).returning();
  if (!row) throw new Error('school not inserted');
  return row;
}

export async function findUserByEmail(db: TDb, email: string) {
  const rows = await db
    .select({ user: users, school: schools })
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .where(eq(users.email, email))
    .limit(1);
  return rows[0] ?? null;
}

export async function findUserWithSchool(db: TDb, userId: string) {
  const rows = await db
    .select({ user: users, school: schools })
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0] ?? null;
}

/** Adds both payment permissions to a member of the school (the person who paid). */
export async function grantPaymentPermissions(
  tx: TDb,
  userId: string,
  schoolId: string,
): Promise<void> {
  await tx
    .update(users)
    .set({
      permissions: sql`(select coalesce(array_agg(distinct p), ARRAY[]::text[]) from unnest(${users.permissions} || ARRAY['view_payments','manage_payments']::text[]) as p)`,
    })
    .where(and(eq(users.id, userId), eq(users.schoolId, schoolId)));
}

export async function insertCheckout(
  db: TDb,
  values: typeof checkoutSessions.$inferInsert,
): Promise<void> {
  await db.insert(checkoutSessions).values(values).onConflictDoNothing();
}

export async function findCheckout(db: TDb, id: string): Promise<TCheckoutRow | null> {
  const rows = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).limit(1);
  return rows[0] ?? null;
}

/** A subscription's first paid invoice (the one its checkout paid). */
export async function findFirstInvoice(
  db: TDb,
  subscriptionId: string,
): Promise<TPaymentRecordRow | null> {
  const rows = await db
    .select()
    .from(paymentRecords)
    .where(
      and(eq(paymentRecords.subscriptionId, subscriptionId), eq(paymentRecords.status, 'paid')),
    )
    .orderBy(asc(paymentRecords.occurredAt))
    .limit(1);
  return rows[0] ?? null;
}

export async function finishCheckout(
  tx: TDb,
  id: string,
  values: { status: 'completed' | 'email_exists'; schoolId: string | null; completedAt: Date },
): Promise<void> {
  await tx.update(checkoutSessions).set(values).where(eq(checkoutSessions.id, id));
}

/**
 * One row per invoice. A repeated or late event never turns a paid invoice back into a failed one,
 * and a school learnt later fills an empty school id.
 */
export async function upsertPaymentRecord(
  tx: TDb,
  values: typeof paymentRecords.$inferInsert,
): Promise<void> {
  await tx
    .insert(paymentRecords)
    .values(values)
    .onConflictDoUpdate({
      target: paymentRecords.invoiceId,
      set: {
        status: sql`case when ${paymentRecords.status} = 'paid' then 'paid' else excluded.status end`,
        amountPence: sql`excluded.amount_pence`,
        occurredAt: sql`case when ${paymentRecords.status} = 'paid' then ${paymentRecords.occurredAt} else excluded.occurred_at end`,
        schoolId: sql`coalesce(${paymentRecords.schoolId}, excluded.school_id)`,
        updatedAt: sql`now()`,
      },
    });
}

/** Payments that arrived before their school existed (the invoice before the checkout event). */
export async function attachCustomerPayments(
  tx: TDb,
  customerId: string,
  schoolId: string,
): Promise<void> {
  await tx
    .update(paymentRecords)
    .set({ schoolId })
    .where(and(eq(paymentRecords.customerId, customerId), isNull(paymentRecords.schoolId)));
}

export async function listPayments(
  db: TDb,
  schoolId: string,
  customerId: string | null,
): Promise<TPaymentRecordRow[]> {
  return db
    .select()
    .from(paymentRecords)
    .where(
      customerId
        ? or(eq(paymentRecords.schoolId, schoolId), eq(paymentRecords.customerId, customerId))
        : eq(paymentRecords.schoolId, schoolId),
    )
    .orderBy(desc(paymentRecords.occurredAt))
    .limit(120);
}

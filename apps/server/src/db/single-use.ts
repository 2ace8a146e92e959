import { and, eq, gt, isNull, lt, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { TDb } from './client';

/**
 * A table of single-use states (a sign-in with Google or Microsoft, an LMS launch, a Google
 * Classroom connection): each row is found by the hash of its state, lives until `expiresAt` and is
 * spent once (`usedAt`).
 */
export type TSingleUseTable = PgTable & {
  id: PgColumn;
  stateHash: PgColumn;
  expiresAt: PgColumn;
  usedAt: PgColumn;
};

/**
 * Spends a state and returns its row, in one statement: only a live, unused state that also meets
 * `owner` (the browser or teacher that started it) comes back, and of two callers presenting it only
 * one gets it (a replay gets null).
 */
export async function spendState<T extends TSingleUseTable>(
  db: TDb,
  table: T,
  stateHash: string,
  now: Date,
  owner?: SQL,
): Promise<T['$inferSelect'] | null> {
  // A generic table's row is unknown to drizzle's types: `usedAt` is one of its columns (above),
  // and the statement returns the table's rows.
  const rows = (await db
    .update(table)
    .set({ usedAt: now } as PgUpdateSetSource<T>)
    .where(
      and(eq(table.stateHash, stateHash), owner, isNull(table.usedAt), gt(table.expiresAt, now)),
    )
    .returning()) as T['$inferSelect'][];
  return rows[0] ?? null;
}

/** Deletes the states that expired before `before`; returns how many. */
export async function deleteStatesExpiredBefore(
  db: TDb,
  table: TSingleUseTable,
  before: Date,
): Promise<number> {
  const rows = await db
    .delete(table)
    .where(lt(table.expiresAt, before))
    .returning({ id: table.id });
  return rows.length;
}

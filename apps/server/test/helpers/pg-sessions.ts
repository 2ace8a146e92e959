import type pg from 'pg';

/**
 * Waits (up to `tries` × 20 ms) until no session is connected to database `name`: pool.end()
 * resolves before the server has let go of every backend, and a database in use can be neither
 * copied (a template) nor dropped without killing a backend still exiting, whose FATAL would reach
 * its detached client as an unhandled error.
 */
export async function untilNoSessions(admin: pg.Client, name: string, tries = 50): Promise<void> {
  for (let i = 0; i < tries; i += 1) {
    const { rows } = await admin.query<{ n: string }>(
      'select count(*) as n from pg_stat_activity where datname = $1',
      [name],
    );
    if (Number(rows[0]?.n ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

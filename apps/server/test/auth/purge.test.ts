import { eq } from 'drizzle-orm';
import { scheduleHousekeeping } from '../../src/jobs/housekeeping';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens } from '../../src/db/schema';
import { hashToken, randomToken } from '../../src/lib/tokens';
import { purgeExpiredTokens, TOKEN_PURGE_GRACE_MS } from '../../src/modules/auth/auth.sessions';
import { buildSchoolWithUser } from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const HOUR = 60 * 60 * 1000;

async function insertTokens(userId: string, now: Date) {
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
  const rows = [
    { label: 'long expired', expiresAt: at(-TOKEN_PURGE_GRACE_MS - HOUR) },
    { label: 'just expired', expiresAt: at(-HOUR) },
    { label: 'live', expiresAt: at(HOUR) },
  ];
  for (const row of rows) {
    await t.database.db.insert(authTokens).values({
      userId,
      kind: 'magic',
      tokenHash: hashToken(`${row.label}-${randomToken()}`),
      expiresAt: row.expiresAt,
    });
  }
}

const remaining = async (userId: string) =>
  (await t.database.db.select().from(authTokens).where(eq(authTokens.userId, userId))).length;

describe('auth.purge', () => {
  it('deletes tokens expired more than a day ago and keeps the rest', async () => {
    const { user } = await buildSchoolWithUser(t, 'student');
    const now = new Date();
    await insertTokens(user.id, now);
    const deleted = await purgeExpiredTokens(t.database.db, now);
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect(await remaining(user.id)).toBe(2);
  });

  it('runs on a timer and stops cleanly', async () => {
    const { user } = await buildSchoolWithUser(t, 'student');
    await insertTokens(user.id, new Date());
    const logged: string[] = [];
    const logger = {
      info: (_obj: unknown, msg: string) => logged.push(msg),
      error: (_obj: unknown, msg: string) => logged.push(msg),
    } as unknown as Parameters<typeof scheduleHousekeeping>[0]['logger'];
    const stop = scheduleHousekeeping(
      { db: t.database.db, now: () => new Date(), logger },
      { firstRunMs: 1, intervalMs: 60_000 },
    );
    await expect.poll(() => remaining(user.id)).toBe(2);
    await stop();
    expect(logged).toContain('expired auth tokens purged');
  });
});

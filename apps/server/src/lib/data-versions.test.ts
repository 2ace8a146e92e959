import { describe, expect, it } from 'vitest';
import type { TNoticeHandlers } from '../db/client';
import { createDataVersions, DATA_CHANNEL } from './data-versions';

const A = '0b6f8a34-1111-4c2e-9d7a-000000000001';
const B = '0b6f8a34-1111-4c2e-9d7a-000000000002';

/** A channel driven by hand: the test plays the database. */
async function versionsWithChannel() {
  let handlers: TNoticeHandlers | undefined;
  let channel = '';
  const versions = await createDataVersions(async (name, h) => {
    channel = name;
    handlers = h;
    h.lost(true);
    return async () => undefined;
  });
  if (!handlers) throw new Error('not listening');
  return { versions, handlers, channel };
}

describe('data versions', () => {
  it("a school's change makes that school's replies stale, and no other school's", async () => {
    const { versions, handlers, channel } = await versionsWithChannel();
    expect(channel).toBe(DATA_CHANNEL);
    const since = versions.current();
    handlers.notice(A);
    expect(versions.isUnchangedSince({ kind: 'school', schoolId: A }, since)).toBe(false);
    expect(versions.isUnchangedSince({ kind: 'school', schoolId: B }, since)).toBe(true);
    // The owner's lists depend on every school.
    expect(versions.isUnchangedSince({ kind: 'platform' }, since)).toBe(false);
    // A reply built from reads begun after the change is fresh.
    const later = versions.current();
    expect(versions.isUnchangedSince({ kind: 'school', schoolId: A }, later)).toBe(true);
  });

  it('a change of unknown school, or notices missed, makes every reply stale', async () => {
    const { versions, handlers } = await versionsWithChannel();
    const since = versions.current();
    handlers.notice('*');
    expect(versions.isUnchangedSince({ kind: 'school', schoolId: B }, since)).toBe(false);
    const next = versions.current();
    handlers.lost(false);
    expect(versions.isLive()).toBe(false);
    expect(versions.isUnchangedSince({ kind: 'school', schoolId: B }, next)).toBe(false);
    handlers.lost(true);
    expect(versions.isLive()).toBe(true);
  });

  it("this process's own change counts at once", async () => {
    const { versions } = await versionsWithChannel();
    const since = versions.current();
    versions.touch(B);
    expect(versions.isUnchangedSince({ kind: 'school', schoolId: B }, since)).toBe(false);
    expect(versions.isUnchangedSince({ kind: 'school', schoolId: A }, since)).toBe(true);
    versions.touch(null);
    expect(versions.isUnchangedSince({ kind: 'school', schoolId: A }, since)).toBe(false);
  });
});

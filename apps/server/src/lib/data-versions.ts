import type { TNoticeHandlers } from '../db/client';

/** The channel the database triggers of migration 0012 announce changed schools on. */
export const DATA_CHANNEL = 'stem_data';

/** What a kept reply depends on: one school's data, or every school's (the owner's lists). */
export type TDataScope = { kind: 'school'; schoolId: string } | { kind: 'platform' };

/**
 * Versions of each school's data, in this process. A reply built from reads that began at moment
 * `current()` stays right until a change to its scope is seen after that moment. Changes are seen
 * from the database's notices (every process, the worker and housekeeping included) and, at once,
 * from this process's own writing requests (`touch`), so a person who just saved never reads the old
 * reply from the process that saved it.
 */
export type TDataVersions = {
  /** The moment now, to record before the reads a kept reply is built from. */
  current(): number;
  /** True while changes are being seen; otherwise nothing may be kept or served. */
  isLive(): boolean;
  /** True when nothing in the scope changed since `since` (a value of `current()`). */
  isUnchangedSince(scope: TDataScope, since: number): boolean;
  /** Records a change to one school's data, or to any school's (null). */
  touch(schoolId: string | null): void;
  close(): Promise<void>;
};

type TListen = (channel: string, handlers: TNoticeHandlers) => Promise<() => Promise<void>>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One counter for the process; each school remembers the counter's value at its last change, so
 * memory grows with the number of schools changed (a number and a key each), never with time.
 */
export async function createDataVersions(listen: TListen): Promise<TDataVersions> {
  let counter = 0;
  /** Last change to any school (the owner's lists depend on every school). */
  let anyChange = 0;
  /** Last change of unknown school, or notices missed: every reply is affected. */
  let everyChange = 0;
  const schoolChanges = new Map<string, number>();
  let live = false;

  const touch = (schoolId: string | null) => {
    counter += 1;
    anyChange = counter;
    if (schoolId === null) everyChange = counter;
    else schoolChanges.set(schoolId, counter);
  };

  const stop = await listen(DATA_CHANNEL, {
    notice: (payload) => touch(UUID.test(payload) ? payload.toLowerCase() : null),
    lost: (isLive) => {
      touch(null);
      live = isLive;
    },
  });

  return {
    current: () => counter,
    isLive: () => live,
    isUnchangedSince(scope, since) {
      if (everyChange > since) return false;
      if (scope.kind === 'platform') return anyChange <= since;
      return (schoolChanges.get(scope.schoolId) ?? 0) <= since;
    },
    touch,
    close: async () => {
      live = false;
      await stop();
    },
  };
}

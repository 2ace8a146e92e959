import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIAL_PLAN } from '@stem/contract/plans';
import { grantHostedMarking } from '../../src/modules/limits/limits.queries';
import { markerFor, type TMarker } from '../../src/modules/marking/marking.service';
import { buildSchool } from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';

/**
 * A trial's two pieces of work marked by the hosted AI (spec 01 §9) hold under parallel marking
 * jobs: the grant is taken under the school's lock (issue 8). PGlite, and PostgreSQL with
 * TEST_DATABASE_URL.
 */
describe('the trial allowance of hosted-AI marking', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const hosted: TMarker & { engine: string } = {
    engine: 'anthropic',
    mark: () => Promise.reject(new Error('not called here')),
  };

  it('gives exactly two of eight parallel submissions the hosted marker, and keeps their grants', async () => {
    expect(TRIAL_PLAN.aiMarkedWork).toBe(2);
    const school = await buildSchool(t, { plan: 'trial' });
    const ids = Array.from({ length: 8 }, () => randomUUID());
    const markers = await Promise.all(
      ids.map((id) => markerFor({ db: t.database.db, marker: hosted }, school.id, id)),
    );
    const granted = ids.filter((_, i) => markers[i] === hosted);
    expect(granted).toHaveLength(2);
    // A retried submission keeps its hosted marker; the others stay offline.
    for (const id of ids) {
      const again = await markerFor({ db: t.database.db, marker: hosted }, school.id, id);
      expect(again === hosted).toBe(granted.includes(id));
    }
  });

  it('counts per school, and paid schools are never limited', async () => {
    const [a, b] = [
      await buildSchool(t, { plan: 'trial' }),
      await buildSchool(t, { plan: 'trial' }),
    ];
    const results = await Promise.all(
      [a, a, a, b, b, b].map((s) =>
        grantHostedMarking(t.database.db, s.id, randomUUID(), TRIAL_PLAN.aiMarkedWork),
      ),
    );
    expect(results.slice(0, 3).filter(Boolean)).toHaveLength(2);
    expect(results.slice(3).filter(Boolean)).toHaveLength(2);
    const paid = await buildSchool(t, { plan: 'classroom' });
    const markers = await Promise.all(
      [1, 2, 3, 4].map(() =>
        markerFor({ db: t.database.db, marker: hosted }, paid.id, randomUUID()),
      ),
    );
    expect(markers.every((m) => m === hosted)).toBe(true);
  });
});

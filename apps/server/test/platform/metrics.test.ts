import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissions } from '../../src/db/schema';
import { buildSchoolWithUser } from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';

const TOKEN = 'metrics-token-0123456789abcdef';

describe('GET /metrics (Prometheus)', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  it('refuses a scrape without the token, or with another one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN.replace('0', '1')}` },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('reports request rates and latencies by route template, and the marking queue', async () => {
    const { school, user } = await buildSchoolWithUser(t, 'student');
    await t.database.db.insert(submissions).values({
      schoolId: school.id,
      studentId: user.id,
      status: 'pending',
      submittedAt: new Date(Date.now() - 90_000),
    });
    await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.app.inject({ method: 'GET', url: '/api/v1/stem@home/class/not-a-class' });
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const body = response.body;
    expect(body).toMatch(
      /stem_http_requests_total\{method="GET",route="\/healthz",status="200"\} 1/,
    );
    // Route templates, never the ids in the path.
    expect(body).not.toContain('not-a-class');
    expect(body).toContain('stem_http_request_duration_seconds_bucket');
    expect(body).toMatch(/stem_marking_queue_depth \d+/);
    const age = /stem_marking_queue_oldest_seconds ([\d.]+)/.exec(body);
    expect(Number(age?.[1])).toBeGreaterThanOrEqual(89);
    expect(body).toContain('stem_marking_answer_duration_seconds');
    expect(body).toContain('stem_ocr_page_duration_seconds');
    expect(body).toContain('stem_process_cpu_seconds_total');
  });
});

describe('without METRICS_TOKEN', () => {
  it('has no /metrics at all', async () => {
    const t = await buildTestApp();
    try {
      const response = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

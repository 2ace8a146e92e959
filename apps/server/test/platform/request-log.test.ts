import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiPath, fillPath } from '@stem/contract/api';
import { SUBMISSION_PATHS } from '@stem/contract/submissions';
import { bearer, buildSchoolWithUser, signIn } from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';

type TLine = Record<string, unknown> & { msg?: string; reqId?: string };

/**
 * Issue 14: each request's logger is made only when something logs through it, and the one
 * "request completed" line is written without the redaction pass (it holds nothing a redaction path
 * reaches). The lines must stay what operators read: the request's id, method, path with its query
 * values hidden, status and time, and a line written inside a request still carries its id and is
 * still redacted.
 */
describe('request log lines', () => {
  let t: TTestApp;
  const lines: string[] = [];
  const parsed = () => lines.map((line) => JSON.parse(line) as TLine);
  beforeAll(async () => {
    t = await buildTestApp(
      {},
      {
        logger: true,
        logStream: { write: (line: string) => void lines.push(line) },
        extraRoutes: (app) => {
          app.get('/test/logs-inside', async (request) => {
            request.log.info(
              { account: { password: 'inside-secret-password', name: 'Ada' } },
              'logged inside',
            );
            return { ok: true };
          });
        },
      },
    );
  });
  afterAll(() => t.close());
  beforeEach(() => {
    lines.length = 0;
  });

  it('one completed line per request: id, method, path without query values, status, time', async () => {
    const { user } = await buildSchoolWithUser(t, 'teacher');
    const session = await signIn(t.app, user.email, user.password);
    lines.length = 0;
    const list = apiPath(fillPath(SUBMISSION_PATHS.teacherSubmissions, { userId: user.id }));
    const response = await t.app.inject({
      method: 'GET',
      url: `${list}?q=private-words&limit=20`,
      headers: { ...bearer(session), 'x-request-id': 'client-request-7' },
    });
    expect(response.statusCode).toBe(200);
    const completed = parsed().filter((l) => l.msg === 'request completed');
    expect(completed).toHaveLength(1);
    const line = completed[0] as TLine;
    expect(line.reqId).toBe('client-request-7');
    expect(line.level).toBe(30);
    expect(line.req).toMatchObject({
      method: 'GET',
      url: `${list}?q=[redacted]&limit=[redacted]`,
    });
    expect(line.res).toEqual({ statusCode: 200 });
    expect(typeof line.responseTime).toBe('number');
    expect(Object.keys(line).slice(-5)).toEqual(['reqId', 'req', 'res', 'responseTime', 'msg']);
    const log = lines.join('');
    expect(log).not.toContain('private-words');
    expect(log).not.toContain(session.token);
    expect(parsed().some((l) => l.msg === 'incoming request')).toBe(false);
  });

  it("a line written inside a request carries the request's id and is redacted", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/test/logs-inside',
      headers: { 'x-request-id': 'inside-1' },
    });
    expect(response.statusCode).toBe(200);
    const inside = parsed().find((l) => l.msg === 'logged inside');
    expect(inside?.reqId).toBe('inside-1');
    expect(inside?.account).toEqual({ password: '[redacted]', name: 'Ada' });
    expect(lines.join('')).not.toContain('inside-secret-password');
    const completed = parsed().filter((l) => l.msg === 'request completed');
    expect(completed.map((l) => l.reqId)).toEqual(['inside-1']);
  });

  it('health probes write no line', async () => {
    await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(lines).toHaveLength(0);
  });
});

import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, AUTH_PATHS } from '@stem/contract/api';
import { MESSAGES } from '@stem/contract/messages';
import { SCHOOL_PATHS } from '@stem/contract/school';
import { ROOT_PATHS } from '@stem/contract/submissions';
import {
  buildSchool,
  buildUser,
  DEFAULT_PASSWORD,
  nextClientAddress,
  type TBuiltUser,
} from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import { actor, expectError, type TActor } from '../teaching/teaching-helpers';
import { blurredCirclesSvg, drawingBombPdf, morphologySvg } from './hostile-files';

/** A multipart/form-data body with one file part. */
function multipart(field: string, bytes: Buffer, filename: string, contentType: string) {
  const boundary = `----stem${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * Issue 26: a 5 KB PDF of 100,000 compressed drawing operations held the whole API for a minute, and
 * an SVG logo of chained filters took 32 s of CPU. Files are now drawn in worker threads (or, for an
 * SVG, a process) with a budget, refused with a 422 that says why, and the event loop keeps
 * answering meanwhile. The checks below are about order, not time: probes sent while the hostile
 * work is under way must be answered before it ends.
 */
describe('hostile files are drawn off the event loop, within a budget (issue 26)', () => {
  let t: TTestApp;
  let teacher: TActor;
  let student: TActor;
  /** Accounts the probes sign in as, in turn (each address and e-mail stays under its limit). */
  let signers: TBuiltUser[];
  let signIns = 0;

  beforeAll(async () => {
    // A short page budget keeps the test quick; the 100,000 operations are over either limit.
    t = await buildTestApp({ EXTRACTION_PAGE_MS: '1000', EXTRACTION_WORKERS: '2' });
    const school = await buildSchool(t);
    teacher = await actor(t, 'teacher', school);
    student = await actor(t, 'student', school);
    signers = [];
    for (let i = 0; i < 8; i++)
      signers.push(await buildUser(t, { role: 'student', schoolId: school.id }));
  });
  afterAll(() => t.close());

  const teacherPdf = (bytes: Buffer) => {
    const body = multipart('file', bytes, 'work.pdf', 'application/pdf');
    return t.app.inject({
      method: 'POST',
      url: ROOT_PATHS.teacherExtractText,
      headers: { ...teacher.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const studentPdf = (bytes: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: ROOT_PATHS.studentExtractText,
      headers: student.headers,
      payload: { image: bytes.toString('base64') },
    });
  const logo = (bytes: Buffer) => {
    const body = multipart('logo', bytes, 'logo.svg', 'image/svg+xml');
    return t.app.inject({
      method: 'POST',
      url: apiPath(SCHOOL_PATHS.updateLogo),
      headers: { ...teacher.headers, ...body.headers },
      payload: body.payload,
    });
  };

  /**
   * Sends /healthz and a sign-in, one after the other, until `work` is answered, noting each answer
   * in `events` as it comes ('healthz', 'signin', then 'done' for the work).
   */
  async function probeDuring(work: Promise<unknown>): Promise<string[]> {
    const events: string[] = [];
    let finished = false;
    void work.finally(() => {
      finished = true;
      events.push('done');
    });
    while (!finished) {
      const health = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      events.push('healthz');
      // Paced, so the sign-ins stay within their per-account limit over a long run, and the loop
      // leaves the event loop to the rest (injected requests alone never reach its I/O phase).
      await new Promise((resolve) => setTimeout(resolve, 100));
      const signer = signers[signIns++ % signers.length];
      if (!signer || signIns > 40) continue;
      const response = await t.app.inject({
        method: 'POST',
        url: apiPath(AUTH_PATHS.login),
        payload: { email: signer.email, password: DEFAULT_PASSWORD },
        remoteAddress: nextClientAddress(),
      });
      expect(response.statusCode, response.body).toBe(200);
      events.push('signin');
    }
    await work;
    return events;
  }

  /** How many of `kind` were answered before the hostile work was. */
  const before = (events: string[], kind: string) =>
    events.slice(0, events.indexOf('done')).filter((e) => e === kind).length;

  it('refuses a 5 KB PDF of 100,000 drawing operations with 422, on both upload routes', async () => {
    const bomb = drawingBombPdf();
    expect(bomb.length).toBeLessThan(6_000);
    for (const response of [await teacherPdf(bomb), await studentPdf(bomb)]) {
      expectError(response, 422, {
        code: 'UNPROCESSABLE',
        message: MESSAGES.extraction.tooComplex,
      });
    }
  });

  it('answers /healthz and sign-ins while ten hostile PDFs are drawn', async () => {
    const bomb = drawingBombPdf();
    const uploads: Promise<LightMyRequestResponse>[] = Array.from({ length: 10 }, (_, i) =>
      i % 2 === 0 ? teacherPdf(bomb) : studentPdf(bomb),
    );
    const events = await probeDuring(Promise.all(uploads));
    for (const response of await Promise.all(uploads)) {
      expectError(response, 422, { message: MESSAGES.extraction.tooComplex });
    }
    expect(before(events, 'healthz')).toBeGreaterThanOrEqual(3);
    expect(before(events, 'signin')).toBeGreaterThanOrEqual(3);
    // Not a time limit: ten files, each drawn to its budget, on a loaded machine.
  }, 240_000);

  it('refuses an SVG logo of eight chained feMorphology filters before drawing it', async () => {
    const svg = morphologySvg();
    expect(svg.length).toBeLessThan(700);
    expectError(await logo(svg), 422, {
      code: 'UNPROCESSABLE',
      message: MESSAGES.settings.logoTooComplex,
    });
  });

  it('stops drawing an SVG logo at its budget', async () => {
    // Plain blurs pass the check before drawing, but librsvg draws them for most of a minute, on a
    // thread of its own that only ending its process stops.
    expectError(await logo(blurredCirclesSvg()), 422, {
      code: 'UNPROCESSABLE',
      message: MESSAGES.settings.logoTooComplex,
    });
  });
});

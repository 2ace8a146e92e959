import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RATE_LIMITS, UPLOAD_MAX_BYTES } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import { ROOT_PATHS } from '@stem/contract/submissions';
import { renderPdfPages } from '../../src/extraction/pdf';
import { makePdf } from '../extraction/fixtures';
import { buildSchool } from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import { actor, expectError, type TActor } from '../teaching/teaching-helpers';

/** A multipart/form-data body with one file part, as a browser's FormData would send it. */
function multipart(bytes: Buffer, filename: string, contentType: string, field = 'file') {
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

const TEXT_FILE = Buffer.from('This is plain text pretending to be a picture.\n');

describe('text extraction and cleanup routes', () => {
  let t: TTestApp;
  let teacher: TActor;
  let student: TActor;
  let png: Buffer;

  beforeAll(async () => {
    t = await buildTestApp();
    const school = await buildSchool(t);
    teacher = await actor(t, 'teacher', school);
    student = await actor(t, 'student', school);
    // A real PNG of printed words: a page of a PDF drawn by the extraction layer.
    const [page] = await renderPdfPages(makePdf([['Mitochondria release energy']]));
    if (!page) throw new Error('no page rendered');
    png = page;
  });
  afterAll(() => t.close());

  const teacherUpload = (who: TActor, body: ReturnType<typeof multipart>) =>
    t.app.inject({
      method: 'POST',
      url: ROOT_PATHS.teacherExtractText,
      headers: { ...who.headers, ...body.headers },
      payload: body.payload,
    });
  const studentUpload = (who: TActor, image: string) =>
    t.app.inject({
      method: 'POST',
      url: ROOT_PATHS.studentExtractText,
      headers: who.headers,
      payload: { image },
    });

  it("reads a teacher's upload by its bytes: a PNG named .pdf is read as a PNG", async () => {
    const response = await teacherUpload(teacher, multipart(png, 'scan.pdf', 'application/pdf'));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{
      status: string;
      message: string;
      data: { extractedText: string; pages: number };
    }>();
    expect(body).toMatchObject({ status: 'success', message: MESSAGES.upload.extracted });
    expect(body.data.pages).toBe(1);
    expect(body.data.extractedText.toLowerCase()).toContain('mitochondria');
  });

  it('reads every page of a PDF', async () => {
    const pdf = makePdf([['Photosynthesis needs light'], ['Osmosis moves water']]);
    const response = await teacherUpload(teacher, multipart(pdf, 'work.pdf', 'application/pdf'));
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json<{ data: { extractedText: string; pages: number } }>().data;
    expect(data.pages).toBe(2);
    expect(data.extractedText.toLowerCase()).toMatch(/photosynthesis[\s\S]*osmosis/);
  });

  it('refuses a text file named .png with 415 and the spec message', async () => {
    const response = await teacherUpload(teacher, multipart(TEXT_FILE, 'photo.png', 'image/png'));
    expectError(response, 415, {
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: MESSAGES.upload.unsupportedType,
    });
  });

  it('reads a file of exactly 10 MB, and one of a few megabytes', async () => {
    // The route once kept the app's 1 MB body limit: every photo or scan over 1 MB was "too large".
    for (const size of [3 * 1024 * 1024, UPLOAD_MAX_BYTES]) {
      const file = Buffer.concat([png, Buffer.alloc(size - png.length)]);
      const response = await teacherUpload(teacher, multipart(file, 'scan.png', 'image/png'));
      expect(response.statusCode, `${size} bytes: ${response.body}`).toBe(200);
      const data = response.json<{ data: { extractedText: string } }>().data;
      expect(data.extractedText.toLowerCase()).toContain('mitochondria');
    }
  });

  it('refuses a file over 10 MB with 413', async () => {
    const big = Buffer.concat([png, Buffer.alloc(UPLOAD_MAX_BYTES + 1 - png.length)]);
    const response = await teacherUpload(teacher, multipart(big, 'huge.png', 'image/png'));
    expectError(response, 413, {
      code: 'PAYLOAD_TOO_LARGE',
      message: MESSAGES.upload.tooLarge,
    });
  });

  it('asks for a file when the form has none', async () => {
    const response = await teacherUpload(
      teacher,
      multipart(png, 'scan.png', 'image/png', 'attachment'),
    );
    expectError(response, 400, { message: MESSAGES.upload.noFile });
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: ROOT_PATHS.teacherExtractText,
      headers: teacher.headers,
      payload: { file: 'abc' },
    });
    expectError(notMultipart, 415, { message: MESSAGES.upload.noFile });
  });

  it("reads a student's base64 photo and answers status 'successful'", async () => {
    const response = await studentUpload(student, png.toString('base64'));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ status: string; data: { formData: string; pages: number } }>();
    expect(body.status).toBe('successful');
    expect(body.data.formData.toLowerCase()).toContain('mitochondria');
  });

  // Reading a 10 MB upload took over two minutes at a load average of 35 (stress-ng beside the suite).
  it("refuses a student's upload by its bytes, its encoding and its size", async () => {
    expectError(await studentUpload(student, TEXT_FILE.toString('base64')), 415, {
      message: MESSAGES.upload.unsupportedType,
    });
    expectError(await studentUpload(student, 'not base64 at all!'), 400, {
      field: 'image',
      message: MESSAGES.upload.invalidImage,
    });
    const most = Buffer.concat([png, Buffer.alloc(UPLOAD_MAX_BYTES - png.length)]);
    expect((await studentUpload(student, most.toString('base64'))).statusCode).toBe(200);
    const big = Buffer.concat([png, Buffer.alloc(UPLOAD_MAX_BYTES + 1 - png.length)]);
    expectError(await studentUpload(student, big.toString('base64')), 413, {
      code: 'PAYLOAD_TOO_LARGE',
      message: MESSAGES.upload.tooLarge,
    });
  }, 300_000);

  it('keeps each extraction route to its role', async () => {
    expectError(await teacherUpload(student, multipart(png, 'a.png', 'image/png')), 403, {
      code: 'FORBIDDEN',
    });
    expectError(await studentUpload(teacher, png.toString('base64')), 403, { code: 'FORBIDDEN' });
    const admin = await actor(t, 'admin', await buildSchool(t));
    const cleanup = await t.app.inject({
      method: 'POST',
      url: ROOT_PATHS.cleanupText,
      headers: admin.headers,
      payload: { text: 'abc' },
    });
    expectError(cleanup, 403, { code: 'FORBIDDEN' });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: ROOT_PATHS.studentExtractText,
      payload: { image: png.toString('base64') },
    });
    expectError(anonymous, 401, { code: 'UNAUTHENTICATED' });
  });

  it('cleans OCR damage for teachers and students without changing the words', async () => {
    for (const who of [teacher, student]) {
      const response = await t.app.inject({
        method: 'POST',
        url: ROOT_PATHS.cleanupText,
        headers: who.headers,
        payload: { text: 'Photo-\nsynthesis makes  glucose |' },
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{
        status: string;
        data: { cleanedText: string; engine: string };
      }>();
      expect(body.status).toBe('success');
      expect(body.data.cleanedText).toContain('Photosynthesis makes glucose');
      expect(body.data.engine).not.toBe('none');
    }
  });

  it('names a missing or oversized field in plain words, not in the validator’s', async () => {
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: student.headers, payload });
    expectError(await post(ROOT_PATHS.studentExtractText, {}), 400, {
      code: 'VALIDATION',
      field: 'image',
      message: 'Image is required',
    });
    expectError(await post(ROOT_PATHS.cleanupText, { text: 7 }), 400, {
      field: 'text',
      message: 'Text must be a string',
    });
    expectError(await post(ROOT_PATHS.cleanupText, { text: 'a'.repeat(40_001) }), 400, {
      field: 'text',
      message: 'Text must be at most 40000 characters',
    });
  });

  it('limits extraction to 30 a minute per user', async () => {
    const limited = await actor(t, 'teacher', await buildSchool(t));
    const statuses: number[] = [];
    const send = () => teacherUpload(limited, multipart(TEXT_FILE, 'x.png', 'image/png'));
    // The limiter's clock is the test's: the count is judged within one minute however slowly the
    // requests go on a busy machine, and the next minute comes when the test says so.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (let i = 0; i <= RATE_LIMITS.extractText.max; i += 1) {
        statuses.push((await send()).statusCode);
      }
      expect(statuses.slice(0, RATE_LIMITS.extractText.max).every((s) => s === 415)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      // Another user is not affected.
      const other = await teacherUpload(teacher, multipart(TEXT_FILE, 'x.png', 'image/png'));
      expect(other.statusCode).toBe(415);
      // A minute later the allowance is back.
      vi.advanceTimersByTime(RATE_LIMITS.extractText.windowMs);
      expect((await send()).statusCode).toBe(415);
    } finally {
      vi.useRealTimers();
    }
  });
});

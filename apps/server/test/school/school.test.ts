import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, AUTH_PATHS } from '@stem/contract/api';
import { MESSAGES } from '@stem/contract/messages';
import { SCHOOL_PATHS, type TSchoolUpdateResponse, type TSchoolUsage } from '@stem/contract/school';
import { submissions } from '../../src/db/schema';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import { actor, expectError, teacherWithStudents, type TActor } from '../teaching/teaching-helpers';

/** A multipart body with one file part. */
function multipart(field: string, filename: string, type: string, bytes: Buffer) {
  const boundary = '----stem-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const SVG_WITH_SCRIPT = Buffer.from(
  `<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><script>alert(1)</script><rect width="40" height="20" fill="#1c7ed6" onload="alert(2)"/></svg>`,
);

describe('school name and logo (settings popup)', () => {
  let t: TTestApp;
  let paid: TActor;
  let trial: TActor;
  beforeAll(async () => {
    t = await buildTestApp();
    paid = (await teacherWithStudents(t)).teacher;
    trial = (await teacherWithStudents(t, { plan: 'trial' })).teacher;
  });
  afterAll(() => t.close());

  const upload = (who: TActor, bytes: Buffer, type = 'image/png', name = 'logo.png') => {
    const body = multipart('logo', name, type, bytes);
    return t.app.inject({
      method: 'POST',
      url: apiPath(SCHOOL_PATHS.updateLogo),
      headers: { ...who.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const rename = (who: TActor, name: string) =>
    t.app.inject({
      method: 'POST',
      url: apiPath(SCHOOL_PATHS.updateName),
      headers: who.headers,
      payload: { name },
    });

  it('lets a paid teacher rename the school; a blank name is refused', async () => {
    const response = await rename(paid, '  Riverside Academy ');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TSchoolUpdateResponse>()).toMatchObject({
      message: MESSAGES.settings.nameUpdated,
      schoolName: 'Riverside Academy',
    });
    const details = await t.app.inject({
      method: 'GET',
      url: apiPath(AUTH_PATHS.schoolDetails),
      headers: paid.headers,
    });
    expect(details.json()).toMatchObject({ data: { schoolName: 'Riverside Academy' } });
    const blank = await rename(paid, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json<{ message: string }>().message).toContain(MESSAGES.settings.nameEmpty);
  });

  it('refuses a trial teacher and a student', async () => {
    expectError(await rename(trial, 'New name'), 403, { message: MESSAGES.settings.paidOnly });
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    expectError(await upload(trial, png), 403, { message: MESSAGES.settings.paidOnly });
    const school = (await teacherWithStudents(t)).school;
    const student = await actor(t, 'student', school);
    expectError(await rename(student, 'Mine now'), 403, { code: 'FORBIDDEN' });
  });

  it('stores a PNG logo, serves it with an ETag, a sandbox policy and 304 on revalidation', async () => {
    const png = await sharp({
      create: { width: 800, height: 400, channels: 3, background: '#0a0' },
    })
      .png()
      .toBuffer();
    const response = await upload(paid, png);
    expect(response.statusCode, response.body).toBe(200);
    const logoUrl = response.json<TSchoolUpdateResponse>().logo ?? '';
    expect(logoUrl).toMatch(/\/school\/logo\/[0-9a-f-]{36}\?v=/);
    const served = await t.app.inject({ method: 'GET', url: logoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const etag = String(served.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([512, 256]);
    const again = await t.app.inject({
      method: 'GET',
      url: logoUrl,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });

  it('renders an SVG to PNG, so no script in it survives', async () => {
    const response = await upload(paid, SVG_WITH_SCRIPT, 'image/svg+xml', 'logo.svg');
    expect(response.statusCode, response.body).toBe(200);
    const served = await t.app.inject({
      method: 'GET',
      url: response.json<TSchoolUpdateResponse>().logo ?? '',
    });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(served.rawPayload.includes(Buffer.from('script'))).toBe(false);
  });

  it('checks the type from the bytes and the 2 MB limit', async () => {
    // A text file named and declared as PNG.
    expectError(await upload(paid, Buffer.from('just some text, not an image')), 415, {
      message: MESSAGES.settings.logoType,
    });
    const big = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(2_097_152),
    ]);
    expectError(await upload(paid, big), 413, { message: MESSAGES.settings.logoSize });
    // A GIF header with nothing behind it cannot be read.
    expectError(await upload(paid, Buffer.from('GIF89a-broken')), 422, {
      message: MESSAGES.settings.logoUnreadable,
    });
  });

  it('gives paid teachers weekly submissions per student and students against the plan limit', async () => {
    const { school, teacher, students } = await teacherWithStudents(t);
    const now = Date.now();
    await t.database.db.insert(submissions).values([
      { schoolId: school.id, studentId: students[0].id, submittedAt: new Date(now) },
      { schoolId: school.id, studentId: students[0].id, submittedAt: new Date(now) },
      {
        schoolId: school.id,
        studentId: students[1].id,
        submittedAt: new Date(now - 14 * 86_400_000),
      },
      {
        schoolId: school.id,
        studentId: students[1].id,
        submittedAt: new Date(now - 200 * 86_400_000),
      },
    ]);
    const response = await t.app.inject({
      method: 'GET',
      url: apiPath(SCHOOL_PATHS.usage),
      headers: teacher.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const usage = response.json<{ data: TSchoolUsage }>().data;
    expect(usage.weeks).toHaveLength(12);
    expect(usage.weeks.at(-1)?.perStudent).toEqual({ [students[0].name]: 2 });
    expect(usage.weeks.at(-3)?.perStudent).toEqual({ [students[1].name]: 1 });
    const total = usage.weeks.reduce(
      (sum, w) => sum + Object.values(w.perStudent).reduce((a, b) => a + b, 0),
      0,
    );
    expect(total).toBe(3);
    expect(usage).toMatchObject({ studentsUsed: 2, studentLimit: 30, limitReached: false });
    expectError(
      await t.app.inject({
        method: 'GET',
        url: apiPath(SCHOOL_PATHS.usage),
        headers: trial.headers,
      }),
      403,
      { message: MESSAGES.settings.paidOnly },
    );
  });
});

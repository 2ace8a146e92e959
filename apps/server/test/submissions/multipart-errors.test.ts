import { afterAll, beforeAll, describe, it } from 'vitest';
import { MESSAGES } from '@stem/contract/messages';
import { ROOT_PATHS } from '@stem/contract/submissions';
import { buildSchool } from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import { actor, expectError, type TActor } from '../teaching/teaching-helpers';

/** Multipart bodies a browser never sends but a broken client or an attacker does: each is a 4xx. */
const BOUNDARY = '----stemBrokenBody';
const head =
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="scan.png"\r\n` +
  'Content-Type: image/png\r\n\r\n';
const PNG_START = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('a broken multipart body on the teacher extract-text route', () => {
  let t: TTestApp;
  let teacher: TActor;
  beforeAll(async () => {
    t = await buildTestApp();
    teacher = await actor(t, 'teacher', await buildSchool(t));
  });
  afterAll(() => t.close());

  const send = (contentType: string, payload: Buffer | string) =>
    t.app.inject({
      method: 'POST',
      url: ROOT_PATHS.teacherExtractText,
      headers: { ...teacher.headers, 'content-type': contentType },
      payload,
    });

  it('answers 400 when the body ends before its closing boundary', async () => {
    const cut = Buffer.concat([Buffer.from(head), PNG_START]);
    const response = await send(`multipart/form-data; boundary=${BOUNDARY}`, cut);
    expectError(response, 400, { code: 'BAD_REQUEST', message: MESSAGES.upload.noFile });
  });

  it('answers 400 when the headers of a part are cut off', async () => {
    const response = await send(
      `multipart/form-data; boundary=${BOUNDARY}`,
      `--${BOUNDARY}\r\nContent-Disposition: form-da`,
    );
    expectError(response, 400, { code: 'BAD_REQUEST', message: MESSAGES.upload.noFile });
  });

  it('answers 400 when the multipart content type has no boundary', async () => {
    const body = Buffer.concat([Buffer.from(head), PNG_START, Buffer.from(`\r\n--${BOUNDARY}--`)]);
    const response = await send('multipart/form-data', body);
    expectError(response, 400, { code: 'BAD_REQUEST', message: MESSAGES.upload.noFile });
  });

  it('answers 400 for an empty multipart body', async () => {
    const response = await send(`multipart/form-data; boundary=${BOUNDARY}`, '');
    expectError(response, 400, { code: 'BAD_REQUEST', message: MESSAGES.upload.noFile });
  });
});

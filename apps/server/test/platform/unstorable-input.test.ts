import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, AUTH_PATHS, CLASS_PATHS, QUESTION_PATHS } from '@stem/contract/api';
import type { TErrorResponse } from '@stem/contract/errors';
import { MESSAGES } from '@stem/contract/messages';
import { ROOT_PATHS } from '@stem/contract/submissions';
import { hasUnstorableCharacter } from '@stem/contract/text';
import { buildSchool } from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import { answerRows, classroom, submit } from '../submissions/submission-helpers';
import { questionBody, url } from '../teaching/teaching-helpers';
import { fieldLabel } from '../../src/plugins/error-handler';

/**
 * Text PostgreSQL cannot store (NUL, the other C0 controls but tab, line feed and carriage return,
 * lone UTF-16 surrogates) is refused where a person typed it and stripped where OCR or a file made it;
 * and every other way a well-formed request can fail inside the database is a 4xx, never a 500.
 */
const UNSTORABLE = ['a\u0000b', 'bell\u0007', 'esc\u001b[0m', 'half \ud800 pair', 'end \udfff'];

const unstorable = (field: string) => ({
  success: false,
  code: 'VALIDATION',
  field,
  // The field in words, never its path (issue 26).
  message: `${fieldLabel(field)} ${MESSAGES.server.unstorableCharacter}`,
});

describe('text that cannot be stored', () => {
  let t: TTestApp;
  let setup: Awaited<ReturnType<typeof classroom>>;
  beforeAll(async () => {
    t = await buildTestApp();
    setup = await classroom(t);
  });
  afterAll(() => t.close());

  it('is refused in registration with a 400 naming the field', async () => {
    const school = await buildSchool(t);
    for (const fullName of UNSTORABLE) {
      const response = await t.app.inject({
        method: 'POST',
        url: apiPath(AUTH_PATHS.register),
        payload: {
          fullName,
          email: `nul.${randomUUID()}@example.com`,
          password: 'a long enough password',
          schoolCode: school.code,
        },
      });
      expect(response.statusCode, `${JSON.stringify(fullName)}: ${response.body}`).toBe(400);
      expect(response.json<TErrorResponse>()).toEqual(unstorable('fullName'));
    }
  });

  it('is refused in a class, a question, an update and a typed answer, naming the field', async () => {
    const cases = [
      {
        method: 'POST' as const,
        url: url(CLASS_PATHS.create),
        payload: { name: 'Bio\u0000logy', students: [setup.student.user.id] },
        field: 'name',
      },
      {
        method: 'POST' as const,
        url: url(QUESTION_PATHS.create),
        payload: questionBody({ rubric: 'Low\u0000Mark' }),
        field: 'rubric',
      },
      {
        method: 'PUT' as const,
        url: url(QUESTION_PATHS.update, { id: setup.photosynthesis.id }),
        payload: questionBody({ question: 'Why \ud83d?' }),
        field: 'question',
      },
    ];
    for (const c of cases) {
      const response = await t.app.inject({ ...c, headers: setup.teacher.headers });
      expect(response.statusCode, `${c.url}: ${response.body}`).toBe(400);
      expect(response.json<TErrorResponse>()).toEqual(unstorable(c.field));
    }
    const answer = await submit(t, setup.student, setup.cls.id, [
      { questionId: setup.photosynthesis.id, answer: 'Light\u0000 energy' },
    ]);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json<TErrorResponse>()).toEqual(unstorable('submissions.0.answer'));
  });

  it('is refused in a query string and a path', async () => {
    const inPath = await t.app.inject({
      method: 'GET',
      url: apiPath(`/class/${encodeURIComponent('a\u0000b')}`),
      headers: setup.teacher.headers,
    });
    expect(inPath.statusCode, inPath.body).toBe(400);
    expect(inPath.json<TErrorResponse>()).toEqual(unstorable('classId'));
  });

  it('keeps tabs, line feeds and carriage returns', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: url(QUESTION_PATHS.create),
      headers: setup.teacher.headers,
      payload: questionBody({ question: 'Explain\tosmosis.\r\nShow your working.' }),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ data: { question: string } }>().data.question).toBe(
      'Explain\tosmosis.\r\nShow your working.',
    );
  });

  it('is stripped from text that OCR made: the cleanup and the teacher upload', async () => {
    const cleanup = await t.app.inject({
      method: 'POST',
      url: ROOT_PATHS.cleanupText,
      headers: setup.student.headers,
      payload: { text: 'Plants\u0000 make glu\u0007cose \ud800from light.' },
    });
    expect(cleanup.statusCode, cleanup.body).toBe(200);
    const cleaned = cleanup.json<{ data: { cleanedText: string } }>().data.cleanedText;
    expect(cleaned).toContain('Plants');
    expect(hasUnstorableCharacter(cleaned)).toBe(false);

    const upload = await t.app.inject({
      method: 'POST',
      url: ROOT_PATHS.submitForStudent,
      headers: setup.teacher.headers,
      payload: {
        studentId: setup.student.user.id,
        classId: setup.cls.id,
        questionId: setup.photosynthesis.id,
        extractedText: 'Chlorophyll\u0000 absorbs light\u001f energy.',
      },
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const [row] = await answerRows(t, upload.json<{ data: { _id: string } }>().data._id);
    expect(row?.answer).toBe('Chlorophyll absorbs light energy.');
  });
});

/**
 * Real failures of the real database, raised through Drizzle as a route's query would raise them:
 * the one error handler must answer each with a 4xx.
 */
function probeRoutes(app: TTestApp['app'], database: TTestApp['database']) {
  const probes: Record<string, ReturnType<typeof sql>> = {
    // 22003: a number beyond the column's range.
    outOfRange: sql`insert into db_probe (n) values (${2 ** 40})`,
    // 22001: a string longer than its column.
    tooLong: sql`insert into db_probe (s) values (${'far too long'})`,
    // 23503: a foreign key to a row that is not there (deleted a moment ago).
    missingReference: sql`insert into db_probe (school_id) values (${randomUUID()})`,
    // 23505: a unique key another request took first.
    duplicate: sql`insert into db_probe (u) values ('taken')`,
    // 22021: a byte sequence the database cannot hold.
    badBytes: sql`insert into db_probe (s) values (${'\u0000'})`,
    // 22P02: text that is not a value of the column's type.
    badUuid: sql`select * from users where id = ${'not-a-uuid'}::uuid`,
  };
  app.post<{ Params: { probe: string } }>('/test/db-probe/:probe', async (request) => {
    await database.db.execute(sql`
      create table if not exists db_probe (
        n smallint, s varchar(2), u text unique, school_id uuid references schools(id)
      )`);
    await database.db.execute(
      sql`insert into db_probe (u) values ('taken') on conflict do nothing`,
    );
    const probe = probes[request.params.probe];
    if (!probe) throw new Error(`no probe ${request.params.probe}`);
    await database.db.execute(probe);
    return { ok: true };
  });
}

describe('a request that fails inside the database', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { extraRoutes: probeRoutes });
  });
  afterAll(() => t.close());

  it.each([
    ['outOfRange', 400, 'BAD_REQUEST'],
    ['tooLong', 400, 'BAD_REQUEST'],
    ['badBytes', 400, 'BAD_REQUEST'],
    ['badUuid', 400, 'BAD_REQUEST'],
    ['missingReference', 409, 'CONFLICT'],
    ['duplicate', 409, 'CONFLICT'],
  ])('%s answers %i %s, not 500', async (probe, status, code) => {
    const response = await t.app.inject({ method: 'POST', url: `/test/db-probe/${probe}` });
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json<TErrorResponse>();
    expect(body).toMatchObject({ success: false, code });
    expect(body.message.length).toBeGreaterThan(0);
    // Nothing of the query leaks into the reply.
    expect(response.body).not.toMatch(/insert|select|db_probe|params/i);
  });
});

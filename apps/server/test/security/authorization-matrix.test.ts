import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, fillPath } from '@stem/contract/api';
import { CLASS_TEST_PATHS } from '@stem/contract/class-tests';
import { submissionAnswers } from '../../src/db/schema';
import { buildUser, type TBuiltUser } from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import { classroom, PHOTOSYNTHESIS_ANSWER, submitOk } from '../submissions/submission-helpers';
import { signedIn, type TActor } from '../teaching/teaching-helpers';
import { MATRIX, type TCaller, type TKind } from './authorization-matrix';

/**
 * The authorization matrix (issue 13): every operation of the server's own OpenAPI document × every
 * caller (nobody, student, teacher, admin, owner) × a resource of the caller's own school and of another
 * school. The expected answers are written once, in authorization-matrix.ts; an operation without a row
 * fails here, so a new route cannot ship without saying who may call it.
 *
 * What is checked:
 * - a caller the row does not allow gets 401 (nobody) or 403/404 (anyone else), before anything runs;
 * - an allowed caller reading a resource of its own school gets a 2xx;
 * - an allowed caller pointing at another school's resource gets 403 or 404: 0 leaks.
 * MATRIX_PRINT=1 prints what each caller got, to write a new row from.
 */
const CALLERS: readonly TCaller[] = ['none', 'student', 'teacher', 'admin', 'owner'];

type TOperation = { key: string; method: string; path: string; id: string; public: boolean };
type TSchoolWorld = {
  schoolId: string;
  schoolCode: string;
  classId: string;
  questionId: string;
  testId: string;
  submissionId: string;
  answerId: string;
  teacherId: string;
  teacher: TActor;
  student: TActor;
  admin: TActor;
};

async function schoolWorld(t: TTestApp): Promise<TSchoolWorld> {
  const setup = await classroom(t);
  const adminUser: TBuiltUser = await buildUser(t, { role: 'admin', schoolId: setup.school.id });
  const submissionId = await submitOk(t, setup.student, setup.cls, [
    { question: setup.photosynthesis, answer: PHOTOSYNTHESIS_ANSWER },
  ]);
  const [answer] = await t.database.db
    .select({ id: submissionAnswers.id })
    .from(submissionAnswers)
    .where(eq(submissionAnswers.submissionId, submissionId));
  const test = await t.app.inject({
    method: 'POST',
    url: apiPath(fillPath(CLASS_TEST_PATHS.tests, { classId: setup.cls.id })),
    headers: setup.teacher.headers,
    payload: { title: 'Unit test', questionIds: [setup.photosynthesis.id, setup.osmosis.id] },
  });
  return {
    testId: test.json<{ data: { id: string } }>().data.id,
    answerId: answer?.id ?? '',
    teacherId: setup.teacher.user.id,
    schoolId: setup.school.id,
    schoolCode: setup.school.code,
    classId: setup.cls.id,
    questionId: setup.photosynthesis.id,
    submissionId,
    teacher: setup.teacher,
    student: setup.student,
    admin: await signedIn(t, adminUser),
  };
}

describe('authorization matrix', () => {
  let t: TTestApp;
  let own: TSchoolWorld;
  let other: TSchoolWorld;
  let owner: TActor;
  /** Another teacher of the caller's own school. */
  let colleague: TActor;
  let operations: TOperation[];

  beforeAll(async () => {
    t = await buildTestApp();
    own = await schoolWorld(t);
    other = await schoolWorld(t);
    owner = await signedIn(t, await buildUser(t, { role: 'owner', schoolId: null }));
    colleague = await signedIn(t, await buildUser(t, { role: 'teacher', schoolId: own.schoolId }));
    const doc = t.app.swagger() as {
      paths: Record<string, Record<string, { operationId?: string; security?: unknown[] }>>;
    };
    operations = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const id = op.operationId ?? `${method} ${path}`;
        operations.push({
          key: id,
          method: method.toUpperCase(),
          path,
          id,
          public: Array.isArray(op.security) && op.security.length === 0,
        });
      }
    }
  }, 120_000);
  afterAll(() => t.close());

  const headersOf = (caller: TCaller): Record<string, string> => {
    switch (caller) {
      case 'none':
        return {};
      case 'student':
        return own.student.headers;
      case 'teacher':
        return own.teacher.headers;
      case 'admin':
        return own.admin.headers;
      case 'owner':
        return owner.headers;
    }
  };
  const selfOf = (caller: TCaller, world: TSchoolWorld): string => {
    switch (caller) {
      case 'student':
        return world.student.user.id;
      case 'teacher':
        return world.teacher.user.id;
      case 'admin':
        return world.admin.user.id;
      default:
        return owner.user.id;
    }
  };
  const valueOf = (kind: TKind, caller: TCaller, world: TSchoolWorld): string => {
    if (kind.startsWith('=')) return kind.slice(1);
    switch (kind) {
      case 'school':
        return world.schoolId;
      case 'schoolCode':
        return world.schoolCode;
      case 'class':
        return world.classId;
      case 'question':
        return world.questionId;
      case 'test':
        return world.testId;
      case 'submission':
        return world.submissionId;
      case 'answer':
        return world.answerId;
      case 'teacher':
        return world.teacher.user.id;
      case 'student':
        return world.student.user.id;
      case 'self':
        return selfOf(caller, world);
    }
    throw new Error(`unknown kind ${kind}`);
  };
  const urlOf = (op: TOperation, caller: TCaller, world: TSchoolWorld): string => {
    const row = MATRIX[op.key];
    return op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
      const kind = row?.params?.[name];
      if (!kind) throw new Error(`${op.key}: no kind for path parameter ${name}`);
      return encodeURIComponent(valueOf(kind, caller, world));
    });
  };
  const call = (
    op: TOperation,
    caller: TCaller,
    world: TSchoolWorld,
    body?: unknown,
    headers: Record<string, string> = headersOf(caller),
  ) => {
    const options: InjectOptions = {
      method: op.method as InjectOptions['method'],
      url: urlOf(op, caller, world),
      headers,
    };
    if (body !== undefined) options.payload = body as InjectOptions['payload'];
    return t.app.inject(options);
  };

  it('has a row for every operation, and no row for an operation that is gone', () => {
    const keys = new Set(operations.map((o) => o.key));
    const missing = [...keys].filter((k) => !(k in MATRIX));
    const stale = Object.keys(MATRIX).filter((k) => !keys.has(k));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  it('says public only of routes the OpenAPI document marks public', () => {
    const wrong = operations
      .filter((o) => MATRIX[o.key] && (MATRIX[o.key]?.allow === 'public') !== o.public)
      .map((o) => o.key);
    expect(wrong).toEqual([]);
  });

  it('refuses every caller a row does not allow, before anything runs', async () => {
    const leaks: string[] = [];
    const seen: string[] = [];
    for (const op of operations) {
      const row = MATRIX[op.key];
      if (!row || row.allow === 'public') continue;
      for (const caller of CALLERS) {
        const allowed = row.allow.includes(caller);
        // An allowed caller's write would change the world the other checks read.
        if (allowed && op.method !== 'GET') continue;
        const response = await call(op, caller, own);
        if (process.env.MATRIX_PRINT) seen.push(`${op.key} ${caller} ${response.statusCode}`);
        if (allowed) continue;
        const ok =
          caller === 'none'
            ? response.statusCode === 401
            : [401, 403, 404].includes(response.statusCode);
        if (!ok) leaks.push(`${op.key} as ${caller}: ${response.statusCode}`);
      }
    }
    if (process.env.MATRIX_PRINT) console.log(seen.join('\n'));
    expect(leaks).toEqual([]);
  }, 120_000);

  it('answers an allowed caller reading its own school’s resources', async () => {
    const failures: string[] = [];
    for (const op of operations) {
      const row = MATRIX[op.key];
      if (!row || row.allow === 'public' || op.method !== 'GET' || row.skipOwnRead) continue;
      for (const caller of row.allow) {
        const response = await call(op, caller, own);
        if (response.statusCode >= 300)
          failures.push(`${op.key} as ${caller}: ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('never lets an allowed caller reach another school’s resources (0 leaks)', async () => {
    const leaks: string[] = [];
    let checked = 0;
    for (const op of operations) {
      const row = MATRIX[op.key];
      if (!row || row.allow === 'public' || !row.isolated) continue;
      if (op.method !== 'GET' && row.body === undefined && op.method !== 'DELETE' && !row.noBody) {
        throw new Error(`${op.key}: an isolated write needs a body or noBody`);
      }
      for (const caller of row.allow) {
        if (caller === 'owner') continue; // the owner's rows span every school
        const response = await call(op, caller, other, row.body?.(other));
        checked += 1;
        const refused = [403, 404, ...(row.foreignIdsRefusedAs400 ? [400] : [])];
        if (!refused.includes(response.statusCode)) {
          leaks.push(`${op.key} as ${caller} on another school: ${response.statusCode}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(10);
    expect(leaks).toEqual([]);
  }, 120_000);

  it('never lets a teacher reach a colleague’s classes, questions or submissions', async () => {
    const leaks: string[] = [];
    for (const op of operations) {
      const row = MATRIX[op.key];
      if (!row || row.allow === 'public' || !row.isolated || !row.allow.includes('teacher'))
        continue;
      if (!/\{\w+\}/.test(op.path) && row.body === undefined) continue;
      // The own school's resources (the class teacher's), asked for by another teacher of the school.
      const response = await call(op, 'teacher', own, row.body?.(own), colleague.headers);
      if (![403, 404].includes(response.statusCode)) {
        leaks.push(`${op.key} as a colleague: ${response.statusCode}`);
      }
    }
    expect(leaks).toEqual([]);
  }, 120_000);
});

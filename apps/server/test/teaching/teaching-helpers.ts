import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { apiPath, CLASS_PATHS, fillPath, QUESTION_PATHS } from '@stem/contract/api';
import type { TErrorResponse } from '@stem/contract/errors';
import type { TClassSummary, TQuestion } from '@stem/contract/teaching';
import {
  bearer,
  buildSchool,
  buildUser,
  signIn,
  type TBuiltSchool,
  type TBuiltUser,
} from '../helpers/factories';
import type { TTestApp } from '../helpers/test-app';

/** Shared steps of the teaching tests: real schools, users and sessions; HTTP through inject. */

export type TActor = { user: TBuiltUser; headers: { authorization: string } };

export async function signedIn(t: TTestApp, user: TBuiltUser): Promise<TActor> {
  return { user, headers: bearer(await signIn(t.app, user.email)) };
}

export async function actor(
  t: TTestApp,
  role: 'teacher' | 'student' | 'admin',
  school: TBuiltSchool,
  options: { name?: string } = {},
): Promise<TActor> {
  const user = await buildUser(t, { role, schoolId: school.id, ...options });
  return signedIn(t, user);
}

/** A school with one signed-in teacher and two students. */
export async function teacherWithStudents(
  t: TTestApp,
  schoolOverrides: Parameters<typeof buildSchool>[1] = {},
) {
  const school = await buildSchool(t, schoolOverrides);
  const teacher = await actor(t, 'teacher', school);
  const students: [TBuiltUser, TBuiltUser] = [
    await buildUser(t, { role: 'student', schoolId: school.id, name: 'Bella Student' }),
    await buildUser(t, { role: 'student', schoolId: school.id, name: 'Adam Student' }),
  ];
  return { school, teacher, students };
}

export const url = (path: string, params: Record<string, string> = {}) =>
  apiPath(fillPath(path, params));

export const RUBRIC =
  'Low Mark Range (0-1):\nNames photosynthesis but gives no process.\n\n' +
  'High Mark Range (3-5):\nExplains light, water and carbon dioxide becoming glucose and oxygen.';

export function questionBody(overrides: Record<string, unknown> = {}) {
  return {
    question: 'Explain how photosynthesis makes glucose in a leaf.',
    marks: 5,
    lowMarkRange: '0-1',
    highMarkRange: '3-5',
    rubric: RUBRIC,
    ...overrides,
  };
}

export async function createClass(
  app: FastifyInstance,
  who: TActor,
  name: string,
  students: string[],
): Promise<TClassSummary> {
  const response = await app.inject({
    method: 'POST',
    url: url(CLASS_PATHS.create),
    headers: who.headers,
    payload: { name, students },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: TClassSummary }>().data;
}

export async function createQuestion(
  app: FastifyInstance,
  who: TActor,
  overrides: Record<string, unknown> = {},
): Promise<TQuestion> {
  const response = await app.inject({
    method: 'POST',
    url: url(QUESTION_PATHS.create),
    headers: who.headers,
    payload: questionBody(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: TQuestion }>().data;
}

export async function addToClass(
  app: FastifyInstance,
  who: TActor,
  questionId: string,
  classId: string,
): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: url(QUESTION_PATHS.addToClass),
    headers: who.headers,
    payload: { questionId, classId },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The value, failing the test when it is missing (instead of a non-null assertion). */
export function present<T>(value: T | null | undefined, what = 'value'): T {
  if (value === null || value === undefined) throw new Error(`expected ${what} to be present`);
  return value;
}

/** Asserts an error reply: status, code and (when given) the exact message and field. */
export function expectError(
  response: { statusCode: number; body: string; json: <T>() => T },
  status: number,
  expected: Partial<TErrorResponse>,
): TErrorResponse {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<TErrorResponse>();
  expect(body.success).toBe(false);
  expect(body).toMatchObject(expected);
  return body;
}

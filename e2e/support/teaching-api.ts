import { expect, type APIRequestContext } from '@playwright/test';
import { API_BASE, CLASS_PATHS, fillPath, QUESTION_PATHS } from '@stem/contract/api';
import { CLASS_TEST_PATHS } from '@stem/contract/class-tests';
import type { TAccount } from './accounts';
import { signInByApi } from './api-sign-in';
import { baseUrl } from './run-state';

type TQuestionInput = {
  question: string;
  marks: number;
  lowMarkRange: string;
  highMarkRange: string;
  rubric: string;
};

/**
 * A teacher's side of the API, for specs that need classes and questions in place before the browser
 * part of their journey (the teacher's own screens are walked in teacher-content.spec.ts).
 */
export async function teachingApi(request: APIRequestContext, teacher: TAccount) {
  const url = (path: string) => `${baseUrl()}${API_BASE}${path}`;
  const login = await signInByApi(request, teacher.email, teacher.password);
  expect(login.status(), await login.text()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };

  async function send<T>(method: 'get' | 'post', path: string, data?: unknown): Promise<T> {
    const response = await request[method](url(path), { headers, data });
    expect(response.ok(), `${method.toUpperCase()} ${path}: ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  }

  return {
    /** The id of a student of the teacher's school, found by e-mail. */
    async studentId(email: string): Promise<string> {
      const reply = await send<{ data: { id: string; email: string }[] }>(
        'get',
        CLASS_PATHS.schoolStudents,
      );
      const student = reply.data.find((s) => s.email === email.toLowerCase());
      if (!student) throw new Error(`no student ${email} in the teacher's school`);
      return student.id;
    },
    async createClass(name: string, studentIds: string[]): Promise<string> {
      const reply = await send<{ data: { id: string } }>('post', CLASS_PATHS.create, {
        name,
        students: studentIds,
      });
      return reply.data.id;
    },
    async createQuestion(input: TQuestionInput): Promise<string> {
      const reply = await send<{ data: { id: string } }>('post', QUESTION_PATHS.create, input);
      return reply.data.id;
    },
    async addToClass(questionId: string, classId: string): Promise<void> {
      await send('post', QUESTION_PATHS.addToClass, { questionId, classId });
    },
    /** A saved test of the class (issues 28, 29): its title and questions in order. */
    async createTest(classId: string, title: string, questionIds: string[]): Promise<string> {
      const reply = await send<{ data: { id: string } }>(
        'post',
        fillPath(CLASS_TEST_PATHS.tests, { classId }),
        { title, questionIds },
      );
      return reply.data.id;
    },
  };
}

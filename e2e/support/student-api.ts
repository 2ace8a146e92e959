import type { APIRequestContext } from '@playwright/test';
import { API_BASE, AUTH_PATHS, fillPath } from '@stem/contract/api';
import { ROOT_PATHS, SUBMISSION_PATHS } from '@stem/contract/submissions';
import type { TAccount } from './accounts';
import { baseUrl } from './run-state';
import { expect } from './test';

/** The student submits one answer through the API and waits for the mark; returns the submission id. */
export async function submitAndMark(
  request: APIRequestContext,
  student: TAccount,
  classId: string,
  questionId: string,
  answer: string,
): Promise<string> {
  const login = await request.post(`${baseUrl()}${API_BASE}${AUTH_PATHS.login}`, {
    data: { email: student.email, password: student.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post(
    `${baseUrl()}${API_BASE}${SUBMISSION_PATHS.studentSubmissions}`,
    { headers, data: { classId, submissions: [{ questionId, answer }] } },
  );
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { data: { _id: string } }).data._id;
  await expect
    .poll(
      async () => {
        const marked = await request.post(
          `${baseUrl()}${fillPath(ROOT_PATHS.markSubmission, { classId, submissionId: id })}`,
          // The mark call waits for the marking; on a busy machine that takes a while.
          { headers, timeout: 30_000 },
        );
        return ((await marked.json()) as { data?: { status?: string } }).data?.status;
      },
      { timeout: 60_000 },
    )
    .toBe('marked');
  return id;
}

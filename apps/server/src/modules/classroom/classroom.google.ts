import { createHash, randomBytes } from 'node:crypto';
import { auth, classroom, type classroom_v1 } from '@googleapis/classroom';
import { CLASSROOM_SCOPES } from '@stem/contract/classroom';
import type { TClassroomConfig } from '../../config';

/**
 * Google's side of Classroom (issue 29), with the official client library (@googleapis/classroom and
 * the OAuth2 client it brings): the consent URL (authorization code, PKCE S256, state, offline access
 * for a refresh token), the code exchange, and the Classroom calls the module makes. Every call goes
 * to the configured roots (Google's own, or a server of the tests). No retries here: a failure is
 * reported to the teacher, who may push again.
 */

const TIMEOUT_MS = 15_000;
const PAGE_SIZE = 100;
/** A course list or roster longer than this many pages is cut (10,000 entries). */
const MAX_PAGES = 100;

/** A failed call to Google: the HTTP status (none: no answer), and Google's own reason. */
export class GoogleCallError extends Error {
  constructor(
    readonly status: number | null,
    readonly reason: string,
    /** OAuth's error code ("invalid_grant": the refresh token was withdrawn or expired). */
    readonly oauthError: string | null,
  ) {
    super(`Google answered ${status ?? 'nothing'}: ${reason}`);
    this.name = 'GoogleCallError';
  }
}

/** Google's error shapes: the APIs' { error: { code, message, status } }, OAuth's { error, error_description }. */
function googleCallError(err: unknown): GoogleCallError {
  if (err instanceof GoogleCallError) return err;
  const response =
    err && typeof err === 'object' && 'response' in err
      ? (err.response as { status?: unknown; data?: unknown } | undefined)
      : undefined;
  const status = typeof response?.status === 'number' ? response.status : null;
  const data = response?.data;
  let reason = err instanceof Error ? err.message : String(err);
  let oauthError: string | null = null;
  if (data && typeof data === 'object' && 'error' in data) {
    const error: unknown = data.error;
    if (typeof error === 'string') {
      oauthError = error;
      const description =
        'error_description' in data && typeof data.error_description === 'string'
          ? data.error_description
          : '';
      reason = description || error;
    } else if (error && typeof error === 'object' && 'message' in error) {
      reason = String(error.message);
    }
  }
  return new GoogleCallError(status, reason.slice(0, 300), oauthError);
}

async function calling<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw googleCallError(err);
  }
}

function oauthClient(config: TClassroomConfig) {
  return new auth.OAuth2({
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    redirectUri: config.redirectUri,
    endpoints: { oauth2AuthBaseUrl: config.authUrl, oauth2TokenUrl: config.tokenUrl },
    transporterOptions: { timeout: TIMEOUT_MS, retry: false },
  });
}

type TAuthUrlOptions = Parameters<ReturnType<typeof oauthClient>['generateAuthUrl']>[0];

/** A new state and PKCE verifier for one consent. */
export function newConsentChecks(): { state: string; codeVerifier: string } {
  return {
    state: randomBytes(32).toString('base64url'),
    codeVerifier: randomBytes(48).toString('base64url'),
  };
}

/** Google's consent page for Classroom: code flow, PKCE S256, state, offline access. */
export function consentUrl(
  config: TClassroomConfig,
  checks: { state: string; codeVerifier: string },
  loginHint?: string,
): string {
  const challenge = createHash('sha256').update(checks.codeVerifier).digest('base64url');
  return oauthClient(config).generateAuthUrl({
    access_type: 'offline',
    // A refresh token is handed out on the first consent only, unless consent is asked again.
    prompt: 'consent',
    include_granted_scopes: true,
    scope: [...CLASSROOM_SCOPES],
    state: checks.state,
    code_challenge: challenge,
    // The library types this as its CodeChallengeMethod enum, whose value is this string.
    code_challenge_method: 'S256' as NonNullable<TAuthUrlOptions>['code_challenge_method'],
    ...(loginHint ? { login_hint: loginHint } : {}),
  });
}

/** Exchanges the code (with the PKCE verifier) for tokens; the refresh token is what is kept. */
export async function exchangeCode(
  config: TClassroomConfig,
  code: string,
  codeVerifier: string,
): Promise<{ refreshToken: string | null; scope: string }> {
  const { tokens } = await calling(() =>
    oauthClient(config).getToken({ code, codeVerifier, redirect_uri: config.redirectUri }),
  );
  return { refreshToken: tokens.refresh_token ?? null, scope: tokens.scope ?? '' };
}

export type TCourse = { id: string; name: string; section: string | null };
export type TCourseStudent = { userId: string; name: string; email: string | null };
export type TSubmission = { id: string; userId: string };

/** The Classroom calls of the module, as one teacher (their refresh token). */
export type TClassroomApi = {
  /** The active courses the teacher teaches. */
  listCourses(): Promise<TCourse[]>;
  getCourse(courseId: string): Promise<TCourse>;
  listStudents(courseId: string): Promise<TCourseStudent[]>;
  createCourseWork(courseId: string, work: TCourseWorkFields): Promise<string>;
  patchCourseWork(courseId: string, courseWorkId: string, work: TCourseWorkFields): Promise<void>;
  listSubmissions(courseId: string, courseWorkId: string): Promise<TSubmission[]>;
  /**
   * The grade of a student's submission: the assigned grade (reported to the student once the work
   * is returned) and the draft grade (teachers only), or with `draftOnly` the draft grade alone.
   */
  setGrade(
    courseId: string,
    courseWorkId: string,
    submissionId: string,
    grade: number,
    options: { draftOnly: boolean },
  ): Promise<void>;
};

export type TCourseWorkFields = { title: string; description: string; maxPoints: number };

function courseOf(c: classroom_v1.Schema$Course): TCourse {
  return { id: c.id ?? '', name: c.name ?? c.id ?? '', section: c.section ?? null };
}

/** Reads every page of a list (Classroom's nextPageToken), up to MAX_PAGES. */
async function allPages<T>(
  page: (token: string | undefined) => Promise<{ items: T[]; next: string | null | undefined }>,
): Promise<T[]> {
  const out: T[] = [];
  let token: string | undefined;
  for (let i = 0; i < MAX_PAGES; i += 1) {
    const { items, next } = await page(token);
    out.push(...items);
    if (!next) break;
    token = next;
  }
  return out;
}

export function classroomApi(config: TClassroomConfig, refreshToken: string): TClassroomApi {
  const client = oauthClient(config);
  client.setCredentials({ refresh_token: refreshToken });
  const api = classroom({
    version: 'v1',
    auth: client,
    rootUrl: `${config.apiRoot}/`,
    timeout: TIMEOUT_MS,
    retry: false,
  });
  return {
    listCourses: () =>
      calling(() =>
        allPages(async (pageToken) => {
          const { data } = await api.courses.list({
            teacherId: 'me',
            courseStates: ['ACTIVE'],
            pageSize: PAGE_SIZE,
            pageToken,
          });
          return { items: (data.courses ?? []).map(courseOf), next: data.nextPageToken };
        }),
      ),
    getCourse: (courseId) =>
      calling(async () => courseOf((await api.courses.get({ id: courseId })).data)),
    listStudents: (courseId) =>
      calling(() =>
        allPages(async (pageToken) => {
          const { data } = await api.courses.students.list({
            courseId,
            pageSize: PAGE_SIZE,
            pageToken,
          });
          return {
            items: (data.students ?? []).map((s) => ({
              userId: s.userId ?? s.profile?.id ?? '',
              name: s.profile?.name?.fullName ?? '',
              email: s.profile?.emailAddress?.trim().toLowerCase() || null,
            })),
            next: data.nextPageToken,
          };
        }),
      ),
    createCourseWork: (courseId, work) =>
      calling(async () => {
        const { data } = await api.courses.courseWork.create({
          courseId,
          requestBody: { ...work, workType: 'ASSIGNMENT', state: 'PUBLISHED' },
        });
        if (!data.id) throw new GoogleCallError(502, 'the new coursework has no id', null);
        return data.id;
      }),
    patchCourseWork: (courseId, courseWorkId, work) =>
      calling(async () => {
        await api.courses.courseWork.patch({
          courseId,
          id: courseWorkId,
          updateMask: 'title,description,maxPoints',
          requestBody: work,
        });
      }),
    listSubmissions: (courseId, courseWorkId) =>
      calling(() =>
        allPages(async (pageToken) => {
          const { data } = await api.courses.courseWork.studentSubmissions.list({
            courseId,
            courseWorkId,
            pageSize: PAGE_SIZE,
            pageToken,
          });
          return {
            items: (data.studentSubmissions ?? []).flatMap((s) =>
              s.id && s.userId ? [{ id: s.id, userId: s.userId }] : [],
            ),
            next: data.nextPageToken,
          };
        }),
      ),
    setGrade: (courseId, courseWorkId, submissionId, grade, { draftOnly }) =>
      calling(async () => {
        await api.courses.courseWork.studentSubmissions.patch({
          courseId,
          courseWorkId,
          id: submissionId,
          updateMask: draftOnly ? 'draftGrade' : 'assignedGrade,draftGrade',
          requestBody: draftOnly
            ? { draftGrade: grade }
            : { assignedGrade: grade, draftGrade: grade },
        });
      }),
  };
}

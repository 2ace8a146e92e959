import { createHash, randomBytes } from 'node:crypto';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

/**
 * A small HTTP server speaking Google's wire formats for the calls the Classroom module makes
 * (issue 29), as fake-stripe.ts does for Stripe; no test reaches Google. Tests point
 * CLASSROOM_GOOGLE_BASE_URL at it.
 *
 * - OAuth 2.0: the consent page GET /o/oauth2/v2/auth (consent is given at once, or refused with
 *   `refuseConsent`: Google's `error=access_denied`), the token endpoint POST /token
 *   (authorization_code with PKCE S256 checked, single-use codes; refresh_token), form-encoded in,
 *   JSON out, `{ error, error_description }` on failure.
 * - Classroom v1 REST (discovery document paths and field names): courses.list / get,
 *   courses.students.list, courses.courseWork.create / patch (only coursework this client made:
 *   403 @ProjectPermissionDenied otherwise, as Classroom does), studentSubmissions.list / patch
 *   (updateMask draftGrade,assignedGrade). Lists page with pageSize / pageToken / nextPageToken.
 *   Failures are `{ error: { code, message, status } }`. A Bearer token from /token is required.
 */

type TJson = Record<string, unknown>;

export type TFakeCourse = { id: string; name: string; section?: string; teacherEmail: string };
export type TFakeStudent = { userId: string; name: string; email: string };
export type TFakeSubmission = {
  id: string;
  courseWorkId: string;
  userId: string;
  state: string;
  assignedGrade?: number;
  draftGrade?: number;
};
export type TFakeCourseWork = {
  id: string;
  courseId: string;
  title: string;
  description: string;
  maxPoints: number;
  workType: string;
  state: string;
  /** Made through this OAuth client (only such coursework may be changed by it). */
  byThisClient: boolean;
};
export type TFakeRequest = { method: string; path: string; query: TJson; body: unknown };

export type TFakeClassroom = {
  url: string;
  clientId: string;
  clientSecret: string;
  requests: TFakeRequest[];
  courses: Map<string, TFakeCourse>;
  students: Map<string, TFakeStudent[]>;
  courseWorks: Map<string, TFakeCourseWork>;
  submissions: Map<string, TFakeSubmission>;
  /** The Google account that gives its consent next (its e-mail: whose courses "me" means). */
  signInAs: (email: string) => void;
  refuseConsent: (refuse: boolean) => void;
  /** The refresh tokens given out stop working (the teacher withdrew access). */
  revokeRefreshTokens: () => void;
  /** The next request whose path matches answers this status with Google's error body. */
  failNext: (pathPattern: RegExp, status: number, message: string) => void;
  addCourse: (course: TFakeCourse, students: TFakeStudent[]) => void;
  /** A coursework made by someone else (the teacher in Classroom's own page). */
  addForeignCourseWork: (courseId: string, title: string) => string;
  close: () => Promise<void>;
};

const id = () => String(BigInt(`0x${randomBytes(6).toString('hex')}`));
const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(body));
}

function apiError(res: ServerResponse, code: number, message: string): void {
  send(res, code, { error: { code, message, status: STATUS_NAMES[code] ?? 'UNKNOWN' } });
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** One page of a list, as Classroom pages: pageToken is an offset the server made. */
function page<T>(items: T[], query: URLSearchParams, defaultSize: number) {
  const size = Math.min(Number(query.get('pageSize') || defaultSize) || defaultSize, 1000);
  const start = Number(query.get('pageToken') ?? 0) || 0;
  const slice = items.slice(start, start + size);
  const next = start + size < items.length ? String(start + size) : undefined;
  return { slice, next };
}

export async function startFakeClassroom(
  options: { tls?: { key: string; cert: string } } = {},
): Promise<TFakeClassroom> {
  const clientId = 'stem-classroom-client.apps.googleusercontent.com';
  const clientSecret = 'stem-classroom-secret-0123456789';
  const requests: TFakeRequest[] = [];
  const courses = new Map<string, TFakeCourse>();
  const students = new Map<string, TFakeStudent[]>();
  const courseWorks = new Map<string, TFakeCourseWork>();
  const submissions = new Map<string, TFakeSubmission>();
  const codes = new Map<
    string,
    { email: string; challenge: string; redirectUri: string; scope: string }
  >();
  const refreshTokens = new Map<string, { email: string; scope: string }>();
  const accessTokens = new Map<string, string>();
  const failures: { pattern: RegExp; status: number; message: string }[] = [];
  let consentingEmail = 'teacher@example.org';
  let refusing = false;

  const submissionsFor = (work: TFakeCourseWork) => {
    for (const student of students.get(work.courseId) ?? []) {
      const sid = `Cg${id()}`;
      submissions.set(sid, {
        id: sid,
        courseWorkId: work.id,
        userId: student.userId,
        state: 'CREATED',
      });
    }
  };

  const courseJson = (c: TFakeCourse): TJson => ({
    id: c.id,
    name: c.name,
    ...(c.section ? { section: c.section } : {}),
    ownerId: 'owner',
    courseState: 'ACTIVE',
    alternateLink: `https://classroom.google.com/c/${c.id}`,
  });
  const workJson = (w: TFakeCourseWork): TJson => ({
    courseId: w.courseId,
    id: w.id,
    title: w.title,
    description: w.description,
    state: w.state,
    maxPoints: w.maxPoints,
    workType: w.workType,
    associatedWithDeveloper: w.byThisClient,
    assigneeMode: 'ALL_STUDENTS',
    submissionModificationMode: 'MODIFIABLE_UNTIL_TURNED_IN',
  });
  const submissionJson = (s: TFakeSubmission, courseId: string): TJson => ({
    courseId,
    courseWorkId: s.courseWorkId,
    id: s.id,
    userId: s.userId,
    state: s.state,
    ...(s.assignedGrade !== undefined ? { assignedGrade: s.assignedGrade } : {}),
    ...(s.draftGrade !== undefined ? { draftGrade: s.draftGrade } : {}),
    courseWorkType: 'ASSIGNMENT',
    associatedWithDeveloper: true,
  });

  async function oauth(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') {
      const q = url.searchParams;
      const redirectUri = q.get('redirect_uri') ?? '';
      const back = new URL(redirectUri);
      if (q.get('client_id') !== clientId || !redirectUri) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end('Error 400: invalid_request');
        return;
      }
      if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end('Error 400: PKCE required');
        return;
      }
      const state = q.get('state');
      if (refusing) {
        back.searchParams.set('error', 'access_denied');
      } else {
        const code = `4/${randomBytes(16).toString('base64url')}`;
        codes.set(code, {
          email: consentingEmail,
          challenge: q.get('code_challenge') ?? '',
          redirectUri,
          scope: q.get('scope') ?? '',
        });
        back.searchParams.set('code', code);
        back.searchParams.set('scope', q.get('scope') ?? '');
      }
      if (state) back.searchParams.set('state', state);
      res.writeHead(302, { location: back.href }).end();
      return;
    }
    // POST /token
    const form = new URLSearchParams(await readBody(req));
    requests.push({
      method: 'POST',
      path: '/token',
      query: {},
      body: Object.fromEntries([...form].filter(([k]) => k !== 'client_secret')),
    });
    const bad = (description: string, error = 'invalid_grant') =>
      send(res, 400, { error, error_description: description });
    if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
      send(res, 401, { error: 'invalid_client', error_description: 'Unauthorized' });
      return;
    }
    const grant = form.get('grant_type');
    let email: string;
    let scope: string;
    let refreshToken: string | undefined;
    if (grant === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (!code) return bad('Bad Request');
      const verifier = form.get('code_verifier') ?? '';
      if (createHash('sha256').update(verifier).digest('base64url') !== code.challenge) {
        return bad('Invalid code verifier.');
      }
      if (form.get('redirect_uri') !== code.redirectUri) {
        return bad('Bad Request', 'redirect_uri_mismatch');
      }
      email = code.email;
      scope = code.scope;
      refreshToken = `1//${randomBytes(24).toString('base64url')}`;
      refreshTokens.set(refreshToken, { email, scope });
    } else if (grant === 'refresh_token') {
      const known = refreshTokens.get(form.get('refresh_token') ?? '');
      if (!known) return bad('Token has been expired or revoked.');
      email = known.email;
      scope = known.scope;
    } else {
      return bad('Invalid grant_type', 'unsupported_grant_type');
    }
    const accessToken = `ya29.${randomBytes(24).toString('base64url')}`;
    accessTokens.set(accessToken, email);
    send(res, 200, {
      access_token: accessToken,
      expires_in: 3599,
      scope,
      token_type: 'Bearer',
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
    });
  }

  async function classroomApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    const bodyText = req.method === 'GET' ? '' : await readBody(req);
    const body: unknown = bodyText ? JSON.parse(bodyText) : undefined;
    requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
    });
    const failure = failures.findIndex((f) => f.pattern.test(url.pathname));
    if (failure >= 0) {
      const [f] = failures.splice(failure, 1);
      if (f) return apiError(res, f.status, f.message);
    }
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const email = token ? accessTokens.get(token) : undefined;
    if (!email) {
      return apiError(
        res,
        401,
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
      );
    }
    const q = url.searchParams;
    const parts = url.pathname.split('/').filter(Boolean).slice(1); // after "v1"
    const notFound = () => apiError(res, 404, 'Requested entity was not found.');
    const mine = (courseId: string | undefined) => {
      const c = courseId ? courses.get(courseId) : undefined;
      return c && c.teacherEmail === email ? c : undefined;
    };

    // GET /v1/courses
    if (parts.length === 1 && parts[0] === 'courses' && req.method === 'GET') {
      const teacher = q.get('teacherId');
      const list = [...courses.values()].filter(
        (c) =>
          teacher === null ||
          (teacher === 'me' ? c.teacherEmail === email : c.teacherEmail === teacher),
      );
      const { slice, next } = page(list, q, 50);
      return send(res, 200, {
        ...(slice.length ? { courses: slice.map(courseJson) } : {}),
        ...(next ? { nextPageToken: next } : {}),
      });
    }
    if (parts[0] !== 'courses') return notFound();
    const course = mine(parts[1]);
    if (!course) return notFound();
    // GET /v1/courses/{id}
    if (parts.length === 2 && req.method === 'GET') return send(res, 200, courseJson(course));
    // GET /v1/courses/{courseId}/students
    if (parts.length === 3 && parts[2] === 'students' && req.method === 'GET') {
      const { slice, next } = page(students.get(course.id) ?? [], q, 30);
      return send(res, 200, {
        ...(slice.length
          ? {
              students: slice.map((s) => {
                const [given, ...family] = s.name.split(' ');
                return {
                  courseId: course.id,
                  userId: s.userId,
                  profile: {
                    id: s.userId,
                    name: { givenName: given, familyName: family.join(' '), fullName: s.name },
                    ...(s.email ? { emailAddress: s.email } : {}),
                  },
                };
              }),
            }
          : {}),
        ...(next ? { nextPageToken: next } : {}),
      });
    }
    if (parts[2] !== 'courseWork') return notFound();
    // POST /v1/courses/{courseId}/courseWork
    if (parts.length === 3 && req.method === 'POST') {
      const input = (body ?? {}) as TJson;
      if (typeof input.title !== 'string' || !input.title) {
        return apiError(res, 400, 'Invalid JSON payload: title is required.');
      }
      if (input.workType !== 'ASSIGNMENT') {
        return apiError(res, 400, 'workType must be specified.');
      }
      const work: TFakeCourseWork = {
        id: id(),
        courseId: course.id,
        title: input.title,
        description: typeof input.description === 'string' ? input.description : '',
        maxPoints: typeof input.maxPoints === 'number' ? input.maxPoints : 0,
        workType: 'ASSIGNMENT',
        state: typeof input.state === 'string' ? input.state : 'DRAFT',
        byThisClient: true,
      };
      courseWorks.set(work.id, work);
      submissionsFor(work);
      return send(res, 200, workJson(work));
    }
    const work = courseWorks.get(parts[3] ?? '');
    if (!work || work.courseId !== course.id) return notFound();
    // PATCH /v1/courses/{courseId}/courseWork/{id}
    if (parts.length === 4 && req.method === 'PATCH') {
      if (!work.byThisClient) {
        return apiError(
          res,
          403,
          '@ProjectPermissionDenied The Developer Console project is not permitted to make this request.',
        );
      }
      const mask = (q.get('updateMask') ?? '').split(',').filter(Boolean);
      if (mask.length === 0) return apiError(res, 400, 'updateMask: Update mask is required.');
      const input = (body ?? {}) as TJson;
      for (const field of mask) {
        if (field === 'title' && typeof input.title === 'string') work.title = input.title;
        else if (field === 'description' && typeof input.description === 'string')
          work.description = input.description;
        else if (field === 'maxPoints' && typeof input.maxPoints === 'number')
          work.maxPoints = input.maxPoints;
        else return apiError(res, 400, `updateMask: ${field} is not a valid field.`);
      }
      return send(res, 200, workJson(work));
    }
    if (parts[4] !== 'studentSubmissions') return notFound();
    // GET .../studentSubmissions
    if (parts.length === 5 && req.method === 'GET') {
      const userId = q.get('userId');
      const list = [...submissions.values()].filter(
        (s) => s.courseWorkId === work.id && (!userId || s.userId === userId),
      );
      const { slice, next } = page(list, q, 30);
      return send(res, 200, {
        ...(slice.length
          ? { studentSubmissions: slice.map((s) => submissionJson(s, course.id)) }
          : {}),
        ...(next ? { nextPageToken: next } : {}),
      });
    }
    // PATCH .../studentSubmissions/{id}
    const submission = submissions.get(parts[5] ?? '');
    if (parts.length === 6 && req.method === 'PATCH' && submission?.courseWorkId === work.id) {
      if (!work.byThisClient) {
        return apiError(
          res,
          403,
          '@ProjectPermissionDenied The Developer Console project is not permitted to make this request.',
        );
      }
      const mask = (q.get('updateMask') ?? '').split(',').filter(Boolean);
      const input = (body ?? {}) as TJson;
      for (const field of mask) {
        if (field !== 'assignedGrade' && field !== 'draftGrade') {
          return apiError(res, 400, `updateMask: ${field} may not be updated by a teacher.`);
        }
        const value = input[field];
        if (typeof value !== 'number' || value < 0) {
          return apiError(res, 400, `${field} must be a non-negative number.`);
        }
        submission[field] = value;
      }
      return send(res, 200, submissionJson(submission, course.id));
    }
    return notFound();
  }

  const listener: RequestListener = (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const handle =
      url.pathname === '/o/oauth2/v2/auth' || url.pathname === '/token'
        ? oauth(req, res, url)
        : url.pathname.startsWith('/v1/')
          ? classroomApi(req, res, url)
          : Promise.resolve(apiError(res, 404, 'Not Found'));
    handle.catch((err: unknown) => apiError(res, 500, String(err)));
  };
  const server: Server = options.tls
    ? createHttpsServer({ key: options.tls.key, cert: options.tls.cert }, listener)
    : createHttpServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    requests,
    courses,
    students,
    courseWorks,
    submissions,
    signInAs: (email) => {
      consentingEmail = email;
    },
    refuseConsent: (refuse) => {
      refusing = refuse;
    },
    revokeRefreshTokens: () => refreshTokens.clear(),
    failNext: (pattern, status, message) => failures.push({ pattern, status, message }),
    addCourse: (course, list) => {
      courses.set(course.id, course);
      students.set(course.id, list);
    },
    addForeignCourseWork: (courseId, title) => {
      const work: TFakeCourseWork = {
        id: id(),
        courseId,
        title,
        description: '',
        maxPoints: 100,
        workType: 'ASSIGNMENT',
        state: 'PUBLISHED',
        byThisClient: false,
      };
      courseWorks.set(work.id, work);
      submissionsFor(work);
      return work.id;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

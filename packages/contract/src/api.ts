/** Every API path, so web and server agree. Spec 01 §7 and spec 02 §7; DESIGN §6. */
export const API_BASE = '/api/v1/stem@home';

export const AUTH_PATHS = {
  login: '/auth/login',
  magicLink: '/auth/magic-link',
  magicLinkVerify: '/auth/magic-link/verify',
  resetPassword: '/auth/reset-password',
  resetPasswordConfirm: '/auth/reset-password/confirm',
  updatePassword: '/auth/update-password',
  register: '/auth/register',
  validateSchool: '/auth/validate-school',
  schoolDetails: '/auth/school-details',
  refresh: '/auth/refresh',
  logout: '/auth/logout',
  me: '/auth/me',
} as const;

/**
 * Signing in with Google or Microsoft (issue 29; schemas in ./oidc). Here, without zod, because the
 * login page's own entry draws the buttons.
 */
export const OIDC_PATHS = {
  /** The configured providers (public: the login and register pages draw their buttons from it). */
  providers: '/auth/oidc/providers',
  /** Redirects the browser to the provider (a full page load, not a call). */
  start: '/auth/oidc/:provider/start',
  /** The web page the provider sends the browser back to posts what it got here. */
  callback: '/auth/oidc/callback',
} as const;

/** The web app's page the provider redirects to (the registered redirect URI is APP_URL + this). */
export const OIDC_CALLBACK_PAGE = '/login/oidc';

export const DASHBOARD_PATHS = {
  teacher: '/dashboard/teacher',
  student: '/dashboard/student',
  admin: '/dashboard/admin',
  owner: '/owner/stats',
} as const;

/** Full URL path for a path under the API base. */
export function apiPath(path: string): string {
  return `${API_BASE}${path}`;
}

/** Teacher classes (spec 02 §7 Teacher). `removeStudent` is ours: the spec says "constant path not shown". */
export const CLASS_PATHS = {
  teacherClasses: '/teacher/classes',
  details: '/class/:classId',
  questions: '/class/:classId/questions',
  students: '/teacher/class/:classId/students',
  schoolStudents: '/teacher/school-students',
  create: '/class/create',
  removeStudent: '/class/remove-student',
} as const;

/** Questions and rubric writing (spec 02 §7; `generateRubric` replaces the browser's /api/anthropic). */
export const QUESTION_PATHS = {
  byTeacher: '/question/questions/teacher/:teacherId',
  byClass: '/question/questions/class/:classId',
  details: '/question/questions/:id',
  create: '/question/questions/create',
  update: '/question/questions/:id',
  remove: '/question/questions/delete/:id',
  addToClass: '/question/questions/add-to-class',
  removeFromClass: '/question/questions/remove-from-class',
  generateRubric: '/question/rubric/generate',
} as const;

/** The student's read-only view of their classes (spec 02 §7 Student). */
export const STUDENT_CLASS_PATHS = {
  enrolledClasses: '/student/:userId/enrolled-classes',
  classDetails: '/student/class/:classId',
} as const;

/** The trial teacher's class and question limits (spec 01 §7: GET /trial/validate/{limitType}). */
export const TRIAL_LIMIT_PATHS = {
  validate: '/trial/validate/:limitType',
} as const;

/** Fills a path's ":name" segments: fillPath(QUESTION_PATHS.details, { id }) → "/question/questions/<id>". */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(value);
  });
}

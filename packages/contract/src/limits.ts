/** Business constants from spec 01 §9 and spec 02 §9. One place, used by web and server. */
export const REQUEST_TIMEOUT_MS = 30_000;
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;
export const SCHOOL_CODE_LENGTH = 16;

export const MAGIC_LINK_TTL_MS = 15 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** The set-password link of a new admin's or teacher's welcome mail (issue 26): 7 days, once. */
export const STAFF_WELCOME_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** The invitation link of an account the school admin made (issue 29 rosters): 7 days, once. */
export const INVITATION_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** The set-password link the school admin sends a person (issue 29): a day, once. */
export const ADMIN_RESET_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** A roster CSV (issue 29): at most 1 MB and 2,000 people a file. */
export const ROSTER_MAX_BYTES = 1024 * 1024;
export const ROSTER_MAX_ROWS = 2_000;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export const GENERATED_SCHOOL_CODE_VISIBLE_MS = 300_000;
export const RESET_REDIRECT_SECONDS = 5;
export const REGISTRATION_REDIRECT_MS = 1_500;
export const REGISTRATION_ATTEMPTS = 3;
export const MAGIC_LINK_SUCCESS_REDIRECT_MS = 2_000;
export const PAYMENT_REDIRECT_SECONDS = 15;
export const SUCCESS_MESSAGE_MS = 3_000;
export const COPIED_LABEL_MS = 2_000;
export const ROLE_REFRESH_MS = 1_000;

export const TRIAL_DAYS = 14;
export const TRIAL_MAX_TEACHERS = 1;
export const TRIAL_MAX_STUDENTS = 1;
export const TRIAL_MAX_CLASSES_PER_TEACHER = 3;
export const TRIAL_MAX_QUESTIONS_PER_TEACHER = 3;
export const PERSONAL_PLAN_MAX_STUDENTS = 1;
export const CLASSROOM_PLAN_MAX_STUDENTS = 30;
export const MAX_ATTEMPTS_PER_QUESTION = 3;

export const RECENT_SUBMISSIONS_TEACHER = 5;
export const RECENT_SUBMISSIONS_STUDENT = 3;
export const RECENT_CLASSES_ADMIN = 3;
/** The admin dashboard's newest submissions of the school (as many as a teacher's). */
export const RECENT_SUBMISSIONS_ADMIN = 5;

export const MOBILE_MAX_WIDTH = 768;
export const LOGO_MAX_BYTES = 2_097_152;
/** Largest upload for text extraction (the browser compresses to at most 9.5 MB first, spec 02 §9). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** Rate limits (per client address and per e-mail where it applies): requests per window. */
export const RATE_LIMITS = {
  login: { max: 10, windowMs: 60_000 },
  magicLink: { max: 5, windowMs: 15 * 60_000 },
  resetPassword: { max: 5, windowMs: 15 * 60_000 },
  /**
   * Per client address. A whole class registers at once from one school network (one address behind
   * its NAT), so the limit is a classroom and more, not a household.
   */
  register: { max: 60, windowMs: 10 * 60_000 },
  /** Per teacher: each call may reach a paid AI provider. */
  generateRubric: { max: 20, windowMs: 60_000 },
  /** Per teacher: printing a class's answer sheets or booklets (seconds of PDF drawing each). */
  answerSheets: { max: 10, windowMs: 60_000 },
  /** Per user: text extraction (OCR) of an uploaded image or PDF. */
  extractText: { max: 30, windowMs: 60_000 },
  /** Per user: cleanup of extracted text (may reach a paid AI provider). */
  cleanupText: { max: 60, windowMs: 60_000 },
  /** Per client address: POST /trial/create is public and makes a school each time. */
  trialCreate: { max: 10, windowMs: 60 * 60_000 },
  /** GET /trial/email-trial: per e-mail address, so nobody's inbox can be flooded... */
  emailTrialPerAddress: { max: 3, windowMs: 60 * 60_000 },
  /** ...and per client address, so one client cannot mail many addresses. */
  emailTrialPerClient: { max: 10, windowMs: 60 * 60_000 },
  /**
   * Failed sign-ins per client (issue 26), whatever the e-mail: per device (the signed cookie a
   * successful sign-in leaves in the browser), and per address for requests without one. A class of
   * 30 behind one school address signs in at once: their first tries share the address's allowance,
   * and from then on each browser has its own.
   */
  loginFailuresPerDevice: { max: 10, windowMs: 10 * 60_000 },
  loginFailuresPerAddress: { max: 30, windowMs: 10 * 60_000 },
  /**
   * POST /trial/check-email: per client address. It tells whether an address has an account (the
   * spec's trial flow needs that), so it is held to what one person starting trials needs, the same
   * as the sign-up link it comes before (docs/deviations.md).
   */
  checkEmail: { max: 10, windowMs: 60 * 60_000 },
} as const;

/** A trial sign-up link (issue 18) works for 24 hours. */
export const TRIAL_SIGNUP_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** Trial schools nobody registered in are removed by housekeeping after 7 days. */
export const UNCLAIMED_TRIAL_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Monthly assessment allowances are counted per calendar month in this time zone (spec 01 §9). */
export const SCHOOL_TIME_ZONE = 'Europe/London';
/** Weeks shown in the settings popup's Student Usage chart. */
export const USAGE_CHART_WEEKS = 12;

/** Legal documents in the registration modals count as read at 20% scrolled or past 300 px (spec 01 §2). */
export const LEGAL_SCROLL_GATE_RATIO = 0.2;
export const LEGAL_SCROLL_GATE_PX = 300;
/** Pause before retrying a registration that met a network error or a 5xx (grows with each attempt). */
export const REGISTRATION_RETRY_DELAY_MS = 1_000;

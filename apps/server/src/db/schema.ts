import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  boolean,
  char,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TMarkDoubtKey } from '@stem/contract/marking';

const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A school (or a personal-plan household). `code` is the 16-character join code. */
export const schools = pgTable(
  'schools',
  {
    id: id(),
    code: char('code', { length: 16 }).notNull(),
    name: text('name').notNull(),
    logo: text('logo'),
    active: boolean('active').notNull().default(true),
    schoolType: text('school_type', { enum: ['classroom', 'personal'] })
      .notNull()
      .default('classroom'),
    plan: text('plan', { enum: ['trial', 'personal', 'classroom'] })
      .notNull()
      .default('classroom'),
    trialExpiresAt: timestamp('trial_expires_at', { withTimezone: true }),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    subscriptionStatus: text('subscription_status'),
    billingOption: text('billing_option', { enum: ['monthly', 'annual'] }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('schools_code_unique').on(t.code),
    index('schools_created_at_idx').on(t.createdAt),
    index('schools_created_id_idx').on(t.createdAt, t.id),
    index('schools_plan_idx').on(t.plan),
    index('schools_trial_expires_at_idx').on(t.trialExpiresAt),
    uniqueIndex('schools_stripe_customer_unique').on(t.stripeCustomerId),
    uniqueIndex('schools_stripe_subscription_unique').on(t.stripeSubscriptionId),
  ],
);

/**
 * A school's logo (spec 01 §2 Settings popup), kept in the database so every API process serves the
 * same one. Always a PNG re-encoded by the server (an uploaded SVG is rendered, never stored), base64.
 */
export const schoolLogos = pgTable('school_logos', {
  schoolId: uuid('school_id')
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  data: text('data').notNull(),
  etag: text('etag').notNull(),
  updatedAt: updatedAt(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Null only for the platform owner. */
    schoolId: uuid('school_id').references(() => schools.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    /** Always stored lower-cased. */
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['student', 'teacher', 'admin', 'owner'] }).notNull(),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
    active: boolean('active').notNull().default(true),
    /** The year group a roster gave (issue 29); free text, e.g. "Year 9". */
    yearGroup: text('year_group'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_school_role_idx').on(t.schoolId, t.role),
    index('users_role_idx').on(t.role),
    index('users_created_at_idx').on(t.createdAt),
    // The admin's user list (admin.queries.ts): one index per sortable column, within the school.
    index('users_school_name_idx').on(t.schoolId, sql`(lower(${t.name}) COLLATE "C")`, t.id),
    index('users_school_email_idx').on(t.schoolId, t.email, t.id),
    index('users_school_created_idx').on(t.schoolId, t.createdAt, t.id),
    index('users_school_role_name_idx').on(
      t.schoolId,
      t.role,
      sql`(lower(${t.name}) COLLATE "C")`,
      t.id,
    ),
    // The owner's users list (issue 10): one index per sort, each ending in the id for keyset pages.
    index('users_created_id_idx').on(t.createdAt, t.id),
    index('users_name_key_idx').on(sql`(lower(${t.name}) COLLATE "C")`, t.id),
    index('users_email_key_idx').on(sql`(${t.email} COLLATE "C")`, t.id),
    index('users_role_created_id_idx').on(t.role, t.createdAt, t.id),
    index('users_school_created_id_idx').on(t.schoolId, t.createdAt, t.id),
    // Substring search (name or e-mail contains the term) through trigrams (pg_trgm, migration 0006).
    index('users_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
  ],
);

/**
 * A logo the owner uploaded before the school it belongs to exists (spec 02 §4: the logo is uploaded
 * first, then the school is created with its URL). Moved into school_logos when a school takes it;
 * unclaimed ones are removed after a day.
 */
export const logoUploads = pgTable(
  'logo_uploads',
  {
    id: id(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'cascade' }),
    data: text('data').notNull(),
    etag: text('etag').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('logo_uploads_created_idx').on(t.createdAt)],
);

/**
 * Issue 29: a person's Google or Microsoft identity (the provider's `sub`), linked to their account.
 * One identity of a provider signs in one account; an account has at most one of each provider.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    /** The e-mail the provider gave when the identity was linked (for support; not used to sign in). */
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_identities_provider_subject_unique').on(t.provider, t.subject),
    uniqueIndex('user_identities_user_provider_unique').on(t.userId, t.provider),
  ],
);

/**
 * Issue 29: e-mail domains a school's accounts come from; a first Google or Microsoft sign-in from
 * one joins that school as a student. A domain belongs to one school at most.
 */
export const schoolEmailDomains = pgTable(
  'school_email_domains',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    /** Lower-cased, without "@". */
    domain: text('domain').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('school_email_domains_domain_unique').on(t.domain),
    index('school_email_domains_school_idx').on(t.schoolId),
  ],
);

/**
 * Issue 29: a started Google or Microsoft sign-in: its state (only the SHA-256 is stored), nonce and
 * PKCE verifier, and the SHA-256 of the browser cookie that started it. Spent once (`used_at`),
 * valid 10 minutes; old rows are purged with the auth tokens.
 */
export const oidcLoginStates = pgTable(
  'oidc_login_states',
  {
    id: id(),
    provider: text('provider').notNull(),
    stateHash: text('state_hash').notNull(),
    browserHash: text('browser_hash').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('oidc_login_states_state_unique').on(t.stateHash),
    index('oidc_login_states_expires_idx').on(t.expiresAt),
  ],
);

/** Refresh, magic-link and reset tokens. Only the SHA-256 of a token is stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['refresh', 'magic', 'reset', 'invite'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** Refresh tokens of one sign-in share a family; reuse of a spent one revokes the family. */
    family: uuid('family'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('auth_tokens_hash_unique').on(t.tokenHash),
    index('auth_tokens_user_kind_idx').on(t.userId, t.kind),
    index('auth_tokens_family_idx').on(t.family),
    index('auth_tokens_expires_idx').on(t.expiresAt),
  ],
);

export const classes = pgTable(
  'classes',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    teacherId: uuid('teacher_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('classes_school_created_idx').on(t.schoolId, t.createdAt),
    // The admin's classes list, newest first with ties by id (classes.school-queries.ts).
    index('classes_school_created_id_idx').on(t.schoolId, t.createdAt, t.id),
    index('classes_teacher_idx').on(t.teacherId),
    index('classes_teacher_created_idx').on(t.teacherId, t.createdAt, t.id),
  ],
);

export const classStudents = pgTable(
  'class_students',
  {
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.classId, t.studentId] }),
    index('class_students_student_idx').on(t.studentId),
  ],
);

export const questions = pgTable(
  'questions',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    teacherId: uuid('teacher_id').references(() => users.id, { onDelete: 'set null' }),
    question: text('question').notNull(),
    marks: integer('marks').notNull(),
    lowMarkRange: text('low_mark_range').notNull(),
    highMarkRange: text('high_mark_range').notNull(),
    rubric: text('rubric').notNull(),
    referenceAnswer: text('reference_answer'),
    /**
     * Hold each answer's mark and feedback from the student until the teacher reviews it (issue 18:
     * feedback is instant unless the teacher turns this on).
     */
    holdFeedback: boolean('hold_feedback').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The question list's keyset orders: by date either way, marks high first (read backwards),
    // and marks low first with equal marks newest first.
    index('questions_teacher_created_id_idx').on(t.teacherId, t.createdAt, t.id),
    index('questions_teacher_marks_idx').on(t.teacherId, t.marks, t.createdAt, t.id),
    index('questions_teacher_marks_low_idx').on(
      t.teacherId,
      t.marks.asc(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('questions_school_idx').on(t.schoolId),
  ],
);

export const classQuestions = pgTable(
  'class_questions',
  {
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    /**
     * When the class's marks of this question reach its students (issue 27): 'instant' (the spec's
     * instant feedback), or 'on_release', held until the teacher releases them.
     */
    releaseMode: text('release_mode', { enum: ['instant', 'on_release'] })
      .notNull()
      .default('instant'),
    /** The teacher's last "Release marks" of this question in this class. */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /**
     * Until when students may ask for a re-mark (issue 27); null: the default, 14 days after the mark
     * reached the student.
     */
    regradeDeadline: timestamp('regrade_deadline', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.classId, t.questionId] }),
    index('class_questions_question_idx').on(t.questionId),
  ],
);

/**
 * A teacher's named test for one class (issues 28, 29): some of the class's questions, in order.
 * Booklets are printed from it, its marks are summed per student, and it is pushed to Google
 * Classroom or linked into an LMS as one assignment. Deleted with its class.
 */
export const classTests = pgTable(
  'class_tests',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('class_tests_class_idx').on(t.classId, t.createdAt),
    index('class_tests_school_idx').on(t.schoolId),
    index('class_tests_created_by_idx').on(t.createdBy),
    index('class_tests_updated_by_idx').on(t.updatedBy),
  ],
);

/**
 * A question of a test, at its place. The question must be set in the test's class: the row points
 * at the class's question (class_questions), so taking a question out of the class takes it out of
 * the class's tests too.
 */
export const classTestQuestions = pgTable(
  'class_test_questions',
  {
    testId: uuid('test_id')
      .notNull()
      .references(() => classTests.id, { onDelete: 'cascade' }),
    classId: uuid('class_id').notNull(),
    questionId: uuid('question_id').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.testId, t.questionId] }),
    foreignKey({
      name: 'class_test_questions_class_question_fk',
      columns: [t.classId, t.questionId],
      foreignColumns: [classQuestions.classId, classQuestions.questionId],
    }).onDelete('cascade'),
    index('class_test_questions_class_question_idx').on(t.classId, t.questionId),
  ],
);

export const submissions = pgTable(
  'submissions',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    /** Kept when a class is deleted so the student still sees the work ("Deleted Class"). */
    classId: uuid('class_id').references(() => classes.id, { onDelete: 'set null' }),
    className: text('class_name'),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The teacher who uploaded work for the student, when source is teacher_upload. */
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The teacher whose lists and counts hold this submission: the uploader, else its class's teacher
     * (kept by a trigger when the class changes teacher). Filled by a trigger when left null.
     */
    teacherId: uuid('teacher_id').references(() => users.id, { onDelete: 'set null' }),
    /** The student's name, kept by a trigger when the student is renamed: lists sort on it. */
    studentName: text('student_name').notNull().default(''),
    /** The answered questions' text, lower-cased, filled by a trigger: what list searches read. */
    searchText: text('search_text').notNull().default(''),
    source: text('source', { enum: ['student', 'teacher_upload', 'bulk_scan'] })
      .notNull()
      .default('student'),
    status: text('status', { enum: ['pending', 'marked', 'failed'] })
      .notNull()
      .default('pending'),
    totalScore: integer('total_score'),
    totalMarks: integer('total_marks').notNull().default(0),
    isFlagged: boolean('is_flagged').notNull().default(false),
    failureReason: text('failure_reason'),
    /**
     * How unsure the marker is of this submission (0..100): the most doubtful answer a teacher has
     * not reviewed yet, or 100 when marking failed; null when nothing waits for review (issue 11).
     */
    reviewDoubt: integer('review_doubt'),
    /** One of its answers is held from the student until the teacher reviews it (issue 18). */
    feedbackHeld: boolean('feedback_held').notNull().default(false),
    /** One of its answers is held until the teacher releases its question's marks (issue 27). */
    releaseHeld: boolean('release_held').notNull().default(false),
    markingAttempts: integer('marking_attempts').notNull().default(0),
    /** Set while a worker holds the marking lease, so two markers never mark one submission. */
    markingStartedAt: timestamp('marking_started_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    markedAt: timestamp('marked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('submissions_school_submitted_idx').on(t.schoolId, t.submittedAt),
    index('submissions_class_submitted_idx').on(t.classId, t.submittedAt),
    // Analytics (issue 11): a class's marked submissions from the index alone.
    index('submissions_class_status_cover_idx').on(
      t.classId,
      t.status,
      t.schoolId,
      t.id,
      t.studentId,
      t.submittedAt,
    ),
    index('submissions_status_idx').on(t.status),
    index('submissions_uploaded_by_idx').on(t.uploadedBy),
    // One index per order of the paged lists (migration 0001; lib/keyset.ts reads them).
    index('submissions_student_submitted_idx').on(t.studentId, t.submittedAt, t.id),
    index('submissions_student_class_idx').on(
      t.studentId,
      sql`(lower(coalesce(${t.className}, '')) COLLATE "C")`,
      t.submittedAt.desc(),
      t.id.desc(),
    ),
    index('submissions_student_score_idx').on(
      t.studentId,
      sql`(CASE WHEN ${t.status} = 'marked' THEN ${t.totalScore} ELSE -1 END)`,
      t.submittedAt,
      t.id,
    ),
    index('submissions_student_flagged_idx')
      .on(t.studentId, t.submittedAt, t.id)
      .where(sql`${t.isFlagged}`),
    index('submissions_teacher_submitted_idx').on(t.teacherId, t.submittedAt, t.id),
    index('submissions_teacher_student_idx').on(
      t.teacherId,
      sql`(lower(${t.studentName}) COLLATE "C")`,
      t.submittedAt.desc(),
      t.id.desc(),
    ),
    index('submissions_teacher_class_idx').on(
      t.teacherId,
      sql`(lower(coalesce(${t.className}, '')) COLLATE "C")`,
      t.submittedAt.desc(),
      t.id.desc(),
    ),
    index('submissions_teacher_score_idx').on(
      t.teacherId,
      sql`(CASE WHEN ${t.status} = 'marked' THEN ${t.totalScore} ELSE -1 END)`,
      t.submittedAt,
      t.id,
    ),
    index('submissions_teacher_flagged_idx')
      .on(t.teacherId, t.submittedAt, t.id)
      .where(sql`${t.isFlagged}`),
    // The review queue: a teacher's work that waits for review, most doubtful first.
    index('submissions_teacher_review_idx')
      .on(t.teacherId, t.reviewDoubt.desc(), t.submittedAt.desc(), t.id.desc())
      .where(sql`${t.reviewDoubt} is not null`),
    // The admin's whole-school list: the same five orders within the school.
    index('submissions_school_recent_idx').on(t.schoolId, t.submittedAt, t.id),
    index('submissions_school_student_idx').on(
      t.schoolId,
      sql`(lower(${t.studentName}) COLLATE "C")`,
      t.submittedAt.desc(),
      t.id.desc(),
    ),
    index('submissions_school_class_idx').on(
      t.schoolId,
      sql`(lower(coalesce(${t.className}, '')) COLLATE "C")`,
      t.submittedAt.desc(),
      t.id.desc(),
    ),
    index('submissions_school_score_idx').on(
      t.schoolId,
      sql`(CASE WHEN ${t.status} = 'marked' THEN ${t.totalScore} ELSE -1 END)`,
      t.submittedAt,
      t.id,
    ),
    index('submissions_school_flagged_idx')
      .on(t.schoolId, t.submittedAt, t.id)
      .where(sql`${t.isFlagged}`),
    // The lists' search (a substring of the student's name, the class's name or the questions'
    // text, queries read them with LIKE): trigram indexes, so a search reads the matching rows only.
    index('submissions_student_name_trgm_idx').using(
      'gin',
      sql`lower(${t.studentName}) gin_trgm_ops`,
    ),
    index('submissions_class_name_trgm_idx').using(
      'gin',
      sql`lower(coalesce(${t.className}, '')) gin_trgm_ops`,
    ),
    index('submissions_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * Each teacher's ('t') and student's ('s') number of submissions and of flagged ones, kept by
 * statement triggers on submissions (migration 0001): dashboards and list counts read one row.
 */
export const submissionTallies = pgTable(
  'submission_tallies',
  {
    userId: uuid('user_id').notNull(),
    kind: char('kind', { length: 1 }).$type<'t' | 's'>().notNull(),
    total: integer('total').notNull().default(0),
    flagged: integer('flagged').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * A trial's hosted-AI marking allowance (spec 01 §9: two pieces of work): one row per submission
 * granted a hosted marker, taken under a per-school lock, so parallel marking jobs cannot grant a
 * third. A retried submission keeps its grant.
 */
export const trialHostedGrants = pgTable(
  'trial_hosted_grants',
  {
    // No foreign key: deleting the work does not give the allowance back.
    submissionId: uuid('submission_id').primaryKey(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('trial_hosted_grants_school_idx').on(t.schoolId)],
);

export type TFeedback = { aiComment: string; suggestion: string; markRange: string };
export type TModeration = { isInappropriate: boolean; reason: string };
export type TReviewReason = 'flagged' | 'unreadable' | 'uncertain' | 'held';
/** A booklet's printed layout, as extraction/sheets/booklet-layout.ts computes it (TBookletLayout). */
export type TBookletLayoutColumn = {
  paper: 'a4' | 'letter';
  pages: {
    regions: {
      questionId: string;
      number: number;
      marks: number;
      continuation: boolean;
      top: number;
      textLines: number;
      answer: { x: number; y: number; width: number; height: number };
    }[];
  }[];
};

/** One answer of a submission, with a snapshot of the question as it was when answered. */
export const submissionAnswers = pgTable(
  'submission_answers',
  {
    id: id(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id').references(() => questions.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
    questionText: text('question_text').notNull(),
    marks: integer('marks').notNull(),
    lowMarkRange: text('low_mark_range').notNull(),
    highMarkRange: text('high_mark_range').notNull(),
    rubric: text('rubric').notNull(),
    referenceAnswer: text('reference_answer'),
    answer: text('answer').notNull(),
    /**
     * The question's number as printed on the paper sheet the answer was written on (issue 28): the
     * number students and teachers see. Null: the answer's place in the submission.
     */
    questionNumber: integer('question_number'),
    answerSource: text('answer_source', { enum: ['typed', 'photo', 'upload', 'scan'] })
      .notNull()
      .default('typed'),
    /** Mean OCR confidence (0..100) of text read from a photo or upload, when the engine gave one. */
    ocrConfidence: real('ocr_confidence'),
    score: integer('score'),
    feedback: jsonb('feedback').$type<TFeedback>(),
    contentModeration: jsonb('content_moderation').$type<TModeration>(),
    isFlagged: boolean('is_flagged').notNull().default(false),
    /** The engine that produced the AI mark, e.g. "offline@6" or "anthropic:claude-…". */
    markedBy: text('marked_by'),
    aiScore: integer('ai_score'),
    /** A teacher who overrode the AI mark. */
    overriddenBy: uuid('overridden_by').references(() => users.id, { onDelete: 'set null' }),
    overriddenAt: timestamp('overridden_at', { withTimezone: true }),
    /**
     * The teacher's own feedback to the student on this answer (written or edited by the teacher);
     * the marker reuses it for similar answers to the same question.
     */
    teacherFeedback: text('teacher_feedback'),
    /** How unsure the marker was of this answer (0..100); null when it was sure (issue 11). */
    reviewDoubt: integer('review_doubt'),
    /** Why it was unsure: 'flagged', 'unreadable', 'uncertain'. */
    reviewReasons: jsonb('review_reasons').$type<TReviewReason[]>(),
    /**
     * What the marker itself was unsure of, with 'uncertain' (issue 27): a key of the contract's
     * MARK_DOUBTS ('noSentence', 'contradictsRubric', ...), shown to teachers only.
     */
    doubtNote: text('doubt_note').$type<TMarkDoubtKey>(),
    /**
     * The rubric's point that doubt is about, in the rubric's words, when it names one ('unsure:
     * contradicts the rubric' of "the ball bounces to a lower height"); teachers only.
     */
    doubtAbout: text('doubt_about'),
    /** The teacher who last reviewed (accepted or overrode) the mark, and when. */
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /**
     * The student does not see this answer's mark and feedback yet: it is held for review, or for
     * release, or both (reviewHeld or releaseHeld below). Every reply a student reads checks this.
     */
    feedbackHeld: boolean('feedback_held').notNull().default(false),
    /**
     * Held until a teacher reviews it: its question held feedback until review when it was submitted
     * (issue 18). A review or turning the question's hold off ends it.
     */
    reviewHeld: boolean('review_held').notNull().default(false),
    /**
     * Held until the teacher releases the marks of its question in its class (issue 27): a review does
     * not end it, "Release marks" does. feedbackHeld is reviewHeld or releaseHeld.
     */
    releaseHeld: boolean('release_held').notNull().default(false),
    /**
     * The rubric the marker marked this answer under (issue 27): `rubricVersionOf` its snapshot's
     * marks, bands and rubric, written with the marker's mark. Null until marked, and while a re-mark
     * under the question's current rubric is queued.
     */
    rubricVersion: text('rubric_version'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Agreement figures: a question's reviewed answers.
    index('submission_answers_reviewed_idx')
      .on(t.questionId)
      .where(sql`${t.reviewedAt} is not null`),
    index('submission_answers_submission_idx').on(t.submissionId, t.position),
    index('submission_answers_question_idx').on(t.questionId),
    // The marker's examples: a question's teacher-marked answers, newest first.
    index('submission_answers_teacher_marked_idx')
      .on(t.questionId, t.overriddenAt.desc())
      .where(sql`${t.overriddenBy} is not null`),
    // Analytics (issue 11): every marked answer of a set of submissions read from the index alone.
    index('submission_answers_marked_cover_idx')
      .on(t.submissionId, t.score, t.marks, t.questionId, t.overriddenBy, t.id)
      .where(sql`${t.score} is not null`),
  ],
);

/**
 * Every teacher review of an answer's mark, kept with the answer (issue 11): who, when, and the
 * score and comment before and after. 'accept' leaves both unchanged. A re-scan of the answer's
 * paper that replaced its text (issue 28) is kept here too, with the text before and after.
 */
export const answerReviews = pgTable(
  'answer_reviews',
  {
    id: id(),
    answerId: uuid('answer_id')
      .notNull()
      .references(() => submissionAnswers.id, { onDelete: 'cascade' }),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'rescan': a re-scan of the answer's page replaced its text, and it was marked again. */
    action: text('action', { enum: ['override', 'accept', 'rescan'] }).notNull(),
    scoreBefore: integer('score_before'),
    scoreAfter: integer('score_after'),
    commentBefore: text('comment_before'),
    commentAfter: text('comment_after'),
    /** The answer's text before and after, for a 'rescan' (null for a review of the mark). */
    textBefore: text('text_before'),
    textAfter: text('text_after'),
    createdAt: createdAt(),
  },
  (t) => [index('answer_reviews_answer_idx').on(t.answerId, t.createdAt)],
);

/**
 * A student's request for a re-mark of one answer (issue 27): one per answer, with the student's
 * reason, and the teacher's reply (a comment, a new mark, or both) once answered.
 */
export const regradeRequests = pgTable(
  'regrade_requests',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    answerId: uuid('answer_id')
      .notNull()
      .references(() => submissionAnswers.id, { onDelete: 'cascade' }),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The teacher whose list holds it: the submission's teacher when it was asked. */
    teacherId: uuid('teacher_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['open', 'answered'] })
      .notNull()
      .default('open'),
    /** The mark when the student asked, and the mark the teacher's reply left. */
    scoreBefore: integer('score_before'),
    scoreAfter: integer('score_after'),
    reply: text('reply'),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // Once per answer, whatever happens to the request.
    uniqueIndex('regrade_requests_answer_unique').on(t.answerId),
    index('regrade_requests_teacher_status_idx').on(t.teacherId, t.status, t.createdAt),
    index('regrade_requests_submission_idx').on(t.submissionId),
    index('regrade_requests_school_idx').on(t.schoolId),
  ],
);

export const paymentEvents = pgTable(
  'payment_events',
  {
    id: id(),
    stripeEventId: text('stripe_event_id').notNull(),
    type: text('type').notNull(),
    schoolId: uuid('school_id').references(() => schools.id, { onDelete: 'set null' }),
    payload: jsonb('payload').notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_events_stripe_event_unique').on(t.stripeEventId),
    index('payment_events_school_idx').on(t.schoolId),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    schoolId: uuid('school_id').references(() => schools.id, { onDelete: 'set null' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    details: jsonb('details'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_school_created_idx').on(t.schoolId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorId),
  ],
);

/**
 * What was bought, when, for how much: kept 7 years (spec 01 §9), apart from the school's other data.
 * `school_id` has no foreign key on purpose: deleting a school must not delete its payment records.
 */
export const paymentRecords = pgTable(
  'payment_records',
  {
    id: id(),
    schoolId: uuid('school_id'),
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id'),
    invoiceId: text('invoice_id').notNull(),
    description: text('description').notNull(),
    plan: text('plan'),
    billingOption: text('billing_option'),
    amountPence: integer('amount_pence').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['paid', 'failed'] }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payment_records_invoice_unique').on(t.invoiceId),
    index('payment_records_school_occurred_idx').on(t.schoolId, t.occurredAt),
    index('payment_records_customer_idx').on(t.customerId),
    index('payment_records_occurred_idx').on(t.occurredAt),
  ],
);

/** Each checkout we started (id = the provider's session id): what for, and how it ended. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['purchase', 'upgrade'] }).notNull(),
    schoolId: uuid('school_id').references(() => schools.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    plan: text('plan', { enum: ['personal', 'classroom'] }).notNull(),
    billingOption: text('billing_option', { enum: ['monthly', 'annual'] }).notNull(),
    promoCode: text('promo_code'),
    status: text('status', { enum: ['open', 'completed', 'email_exists'] })
      .notNull()
      .default('open'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('checkout_sessions_school_idx').on(t.schoolId),
    index('checkout_sessions_user_idx').on(t.userId),
    index('checkout_sessions_created_idx').on(t.createdAt),
  ],
);

/** The built-in test payment provider's own objects (sessions, subscriptions), used without Stripe. */
export const localPaymentObjects = pgTable(
  'local_payment_objects',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['session', 'subscription'] }).notNull(),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('local_payment_objects_kind_idx').on(t.kind)],
);

/** Raw bytes (PostgreSQL bytea) as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A stack of scanned answer sheets uploaded at once for one class (issue 12). Its pages are read by
 * the scan-batch job; counts are kept here so the progress bar reads one row.
 */
export const scanBatches = pgTable(
  'scan_batches',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['queued', 'reading', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    /** Pages in the batch, known once every file is opened (0 before). */
    totalPages: integer('total_pages').notNull().default(0),
    readPages: integer('read_pages').notNull().default(0),
    /** Why the whole batch stopped (a broken or encrypted PDF, ...), shown to the teacher. */
    failureReason: text('failure_reason'),
    /**
     * The batch's marks wait until the teacher releases the batch (issue 28); chosen at upload, by
     * default when the class holds any question's marks for release.
     */
    holdMarks: boolean('hold_marks').notNull().default(false),
    /** When the teacher released the batch's marks (null: not yet, or never held). */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /**
     * When the batch's kept scan images (scan_crops) were deleted: once it closed (every page matched,
     * every answer the marker was unsure of reviewed) or 14 days after upload. Null: none deleted yet.
     */
    imagesDeletedAt: timestamp('images_deleted_at', { withTimezone: true }),
    /**
     * The process holding the batch while it is unfinished (host:pid:nonce): the one keeping its files
     * in memory (in-process queue) or reading it; null while it waits in a shared queue.
     */
    readerId: text('reader_id'),
    /** The holder's last heartbeat: a holder silent for long, or gone, has crashed. */
    readerSeenAt: timestamp('reader_seen_at', { withTimezone: true }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('scan_batches_teacher_created_idx').on(t.teacherId, t.createdAt, t.id),
    index('scan_batches_reader_idx').on(t.readerId),
  ],
);

/**
 * The uploaded files of a batch while it is read: deleted as soon as the batch ends (done or
 * failed), and by housekeeping when a crash left them behind. Never anything else is kept of them.
 */
export const scanBatchFiles = pgTable(
  'scan_batch_files',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => scanBatches.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.position] })],
);

/**
 * One page of a batch once read: where it went (a submission), or why it needs the teacher, with
 * the text read from it. Its image is kept apart (scan_crops) only while its batch is open.
 */
export const scanPages = pgTable(
  'scan_pages',
  {
    id: id(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => scanBatches.id, { onDelete: 'cascade' }),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    /** 1-based place of the page in the batch (files in upload order, pages in file order). */
    pageNumber: integer('page_number').notNull(),
    /** See PAGE_STATUSES (packages/contract/src/scans.ts). */
    status: text('status', {
      enum: ['assigned', 'needs_teacher', 'duplicate', 'blank', 'discarded', 'absent'],
    }).notNull(),
    /** Why the page needs the teacher (or was set aside), as a short code the web words. */
    reason: text('reason'),
    /** The name written in a blank sheet's name box, as read (shown when the teacher assigns it). */
    readName: text('read_name'),
    /**
     * The class the teacher assigned the page to, when not the batch's (a sheet in the wrong stack).
     * Null: the batch's class.
     */
    classId: uuid('class_id').references(() => classes.id, { onDelete: 'set null' }),
    /** The question's number printed on the sheet (its code, or the "Question 4 of 4" line read). */
    questionNumber: integer('question_number'),
    /**
     * The answer box of the page this row is (0 on a one-question sheet or a page without a readable
     * code; 1, 2, ... for the boxes of a booklet page, top to bottom): a booklet page gives a row per box.
     */
    region: integer('region').notNull().default(0),
    /** A box of a booklet's continuation page: its text is added to its question's answer. */
    continuation: boolean('continuation').notNull().default(false),
    /** How the page was matched: its code, or its name box read against the class list. */
    matchedBy: text('matched_by', { enum: ['code', 'name', 'teacher'] }),
    studentId: uuid('student_id').references(() => users.id, { onDelete: 'set null' }),
    questionId: uuid('question_id').references(() => questions.id, { onDelete: 'set null' }),
    submissionId: uuid('submission_id').references(() => submissions.id, { onDelete: 'set null' }),
    extractedText: text('extracted_text').notNull().default(''),
    ocrConfidence: real('ocr_confidence'),
    /**
     * Which printed page this is, from its code (issue 28): `sheet:` the one-question sheet's
     * student, question, page and number, or `booklet:` the booklet and its page (the row's region
     * says which box). A later scan with the same key and region is a re-scan of the same paper: it
     * replaces the answer made from it. Null for a page read without a code.
     */
    pageKey: text('page_key'),
    /** This read replaced the answer an earlier scan of the same page had made (issue 28). */
    replacedEarlier: boolean('replaced_earlier').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('scan_pages_batch_page_idx').on(t.batchId, t.pageNumber, t.region),
    // The earlier reads of a page (a re-scan replaces the answer made from them).
    index('scan_pages_page_key_idx')
      .on(t.pageKey, t.region)
      .where(sql`${t.pageKey} is not null`),
  ],
);

/**
 * A printed test booklet (issue 28): the questions a teacher chose, in order, and the page layout
 * they were printed with (answer boxes per page). Every page of every student's copy carries the
 * booklet's id in its code; the reader cuts a scanned page's boxes from this layout.
 */
export const answerBooklets = pgTable(
  'answer_booklets',
  {
    id: uuid('id').primaryKey(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** See TBookletLayout (extraction/sheets/booklet-layout.ts). */
    layout: jsonb('layout').$type<TBookletLayoutColumn>().notNull(),
    /**
     * The test it was printed from (null: printed from questions picked by hand, or before tests).
     * Deleting the test deletes its booklets: their printed pages are no longer read by code.
     */
    testId: uuid('test_id').references(() => classTests.id, { onDelete: 'cascade' }),
    /**
     * SHA-256 of the layout (questions, marks, lines of text, paper, continuation pages): printing
     * the same test (or the same hand-picked questions) the same way again reuses the row and its id.
     * Null on rows printed before it was kept.
     */
    layoutHash: text('layout_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    index('answer_booklets_class_idx').on(t.classId, t.createdAt),
    uniqueIndex('answer_booklets_test_layout_unique').on(t.testId, t.layoutHash),
    uniqueIndex('answer_booklets_class_layout_unique')
      .on(t.classId, t.layoutHash)
      .where(sql`test_id is null`),
  ],
);

/**
 * One printing of a class's paper (issue 28): every pack of sheets or booklets the teacher downloads
 * (`GET /class/{id}/answer-sheets`) is a row, and every page of it names the row in its code, so a
 * page scanned twice is a re-scan and a page of another printing (a second sitting on paper) is new
 * work. The row says which class the printing's pages are of; it lives as long as the class.
 */
export const paperPrints = pgTable(
  'paper_prints',
  {
    id: uuid('id').primaryKey(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    /** The teacher who printed it (null once their account is gone: the paper still reads). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    format: text('format', { enum: ['sheets', 'booklets'] }).notNull(),
    /** The booklet printed (`format` booklets; null once the booklet's test is deleted). */
    bookletId: uuid('booklet_id').references(() => answerBooklets.id, { onDelete: 'set null' }),
    /** Pages of the PDF. */
    pages: integer('pages').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // A batch reads its class's printings once (scans.reader.ts).
    index('paper_prints_class_idx').on(t.classId, t.createdAt),
    // Deleting a test deletes its booklets, which lets go of their printings.
    index('paper_prints_booklet_idx')
      .on(t.bookletId)
      .where(sql`${t.bookletId} is not null`),
  ],
);

/**
 * The image of one answer region of a scanned page (or of a whole page that needs the teacher), kept
 * only while its batch is open (issue 28): the teacher checks what was read beside it. Encrypted with
 * AES-256-GCM (modules/scans/scans.crops.ts); deleted with every other crop of its batch when the
 * batch closes, and at most 14 days after upload.
 */
export const scanCrops = pgTable(
  'scan_crops',
  {
    /** Made by the application: it is part of the ciphertext's associated data. */
    id: uuid('id').primaryKey(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => scanBatches.id, { onDelete: 'cascade' }),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    pageId: uuid('page_id')
      .notNull()
      .references(() => scanPages.id, { onDelete: 'cascade' }),
    /** The question whose answer region this is; null for the image of a whole page. */
    questionId: uuid('question_id').references(() => questions.id, { onDelete: 'set null' }),
    /** The submission the region's answer went to, once it has one. */
    submissionId: uuid('submission_id').references(() => submissions.id, { onDelete: 'set null' }),
    /** Whose writing it is, once known: deleting that person's account deletes their images. */
    studentId: uuid('student_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The image's type once decrypted (image/png). */
    contentType: text('content_type').notNull(),
    /** AES-256-GCM: 12-byte nonce, 16-byte tag, and the encrypted image. */
    iv: bytea('iv').notNull(),
    tag: bytea('tag').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('scan_crops_batch_idx').on(t.batchId),
    index('scan_crops_page_idx').on(t.pageId),
    index('scan_crops_submission_idx').on(t.submissionId),
  ],
);

/**
 * Answer groups (issue 27): the teacher's edits of the marker's grouping of one question's answers
 * in one class. A pin puts one answer in a group of the teacher's choosing (a group id the marker
 * computed, "m…", or one a split or move made, "t…"); it wins over the marker's group.
 */
export const answerGroupPins = pgTable(
  'answer_group_pins',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    answerId: uuid('answer_id')
      .notNull()
      .references(() => submissionAnswers.id, { onDelete: 'cascade' }),
    groupId: text('group_id').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('answer_group_pins_answer_unique').on(t.classId, t.questionId, t.answerId),
    index('answer_group_pins_school_idx').on(t.schoolId),
    index('answer_group_pins_question_idx').on(t.questionId),
    index('answer_group_pins_answer_idx').on(t.answerId),
  ],
);

/**
 * A merge of two answer groups (issue 27): every answer of `fromGroup` (now and to come: a new
 * answer the marker puts there, or one pinned there) is in `toGroup`.
 */
export const answerGroupMerges = pgTable(
  'answer_group_merges',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    fromGroup: text('from_group').notNull(),
    toGroup: text('to_group').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('answer_group_merges_from_unique').on(t.classId, t.questionId, t.fromGroup),
    index('answer_group_merges_school_idx').on(t.schoolId),
    index('answer_group_merges_question_idx').on(t.questionId),
  ],
);

/**
 * A point-valued rubric item of a question (issue 27), under the question's two mark bands: a label
 * and points (negative for a deduction), in the teacher's order.
 */
export const rubricItems = pgTable(
  'rubric_items',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    points: integer('points').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('rubric_items_question_idx').on(t.questionId, t.position)],
);

/** A rubric item a teacher applied to an answer: the answer's mark is the sum of its items' points. */
export const answerRubricItems = pgTable(
  'answer_rubric_items',
  {
    answerId: uuid('answer_id')
      .notNull()
      .references(() => submissionAnswers.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => rubricItems.id, { onDelete: 'cascade' }),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    appliedBy: uuid('applied_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.answerId, t.itemId] }),
    // Retroactive re-scoring: every answer an item was applied to.
    index('answer_rubric_items_item_idx').on(t.itemId),
  ],
);

/** A teacher's saved comment for a question's answers (issue 27), reusable across answers. */
export const savedComments = pgTable(
  'saved_comments',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('saved_comments_question_teacher_idx').on(t.questionId, t.teacherId, t.createdAt),
    // The teacher's own copy of their data, and deleting the teacher.
    index('saved_comments_teacher_idx').on(t.teacherId),
  ],
);

/**
 * Issue 29, LTI 1.3: the tool's own RSA key pair (one row, `slot` 1). The private key is kept
 * sealed by lib/secret-box.ts (AES-256-GCM under a key derived from the server's secret).
 */
export const ltiToolKeys = pgTable('lti_tool_keys', {
  kid: text('kid').primaryKey(),
  slot: integer('slot').notNull().unique().default(1),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  privateKeyEncrypted: text('private_key_encrypted').notNull(),
  createdAt: createdAt(),
});

/** Issue 29: an LMS registered by the platform owner for one school. */
export const ltiPlatforms = pgTable(
  'lti_platforms',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    authLoginUrl: text('auth_login_url').notNull(),
    accessTokenUrl: text('access_token_url').notNull(),
    jwksUrl: text('jwks_url').notNull(),
    deploymentIds: text('deployment_ids').array().notNull(),
    /** The owner's extra origins allowed to frame launch pages (issuer and auth origins always are). */
    frameOrigins: text('frame_origins')
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
    /** Made by LTI Dynamic Registration (the LMS registered itself with an owner's link). */
    registeredByLms: boolean('registered_by_lms').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('lti_platforms_issuer_client_unique').on(t.issuer, t.clientId),
    index('lti_platforms_school_idx').on(t.schoolId),
  ],
);

/**
 * Issue 29: a started LTI launch (OIDC login initiation): the state (its SHA-256) and nonce, spent
 * once by the launch, valid 10 minutes.
 */
export const ltiLaunchStates = pgTable(
  'lti_launch_states',
  {
    id: id(),
    platformId: uuid('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    stateHash: text('state_hash').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** LTI Platform Storage: the LMS frame that keeps the state (the login's lti_storage_target). */
    storageTarget: text('storage_target'),
    /** The login initiation's parameters, to start it again in a new tab (relaunch). */
    loginParams: jsonb('login_params').$type<Record<string, string>>(),
    /** A framed launch's single-use code (its SHA-256) that starts the login again in a new tab. */
    relaunchHash: text('relaunch_hash'),
    relaunchExpiresAt: timestamp('relaunch_expires_at', { withTimezone: true }),
    relaunchUsedAt: timestamp('relaunch_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('lti_launch_states_state_unique').on(t.stateHash),
    uniqueIndex('lti_launch_states_relaunch_unique').on(t.relaunchHash),
    index('lti_launch_states_expires_idx').on(t.expiresAt),
  ],
);

/**
 * LTI Dynamic Registration: a single-use link the owner made for one school (only its SHA-256 is
 * kept), valid an hour. The LMS's registration claims it while it runs (`claimed_at`, released if
 * it fails) and spends it when the platform is stored.
 */
export const ltiRegistrationLinks = pgTable(
  'lti_registration_links',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    platformId: uuid('platform_id').references(() => ltiPlatforms.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('lti_registration_links_token_unique').on(t.tokenHash),
    index('lti_registration_links_school_idx').on(t.schoolId),
    index('lti_registration_links_created_by_idx').on(t.createdBy),
    index('lti_registration_links_platform_idx').on(t.platformId),
    index('lti_registration_links_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Issue 29: an LMS course (LTI context) and the class it is linked to, with the course's service
 * addresses the latest launch gave (roster, gradebook columns).
 */
export const ltiContexts = pgTable(
  'lti_contexts',
  {
    id: id(),
    platformId: uuid('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    contextId: text('context_id').notNull(),
    title: text('title').notNull().default(''),
    classId: uuid('class_id').references(() => classes.id, { onDelete: 'set null' }),
    deploymentId: text('deployment_id').notNull(),
    membershipsUrl: text('memberships_url'),
    lineItemsUrl: text('line_items_url'),
    agsScopes: text('ags_scopes')
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('lti_contexts_platform_context_unique').on(t.platformId, t.contextId),
    index('lti_contexts_class_idx').on(t.classId),
  ],
);

/**
 * Issue 29: a launch handed to the web app (a single-use code, 5 minutes) and, for a deep linking
 * request, what the teacher chose and the single-use ticket of the page that returns it (1 hour).
 */
export const ltiLaunches = pgTable(
  'lti_launches',
  {
    id: id(),
    platformId: uuid('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contextRowId: uuid('context_row_id').references(() => ltiContexts.id, { onDelete: 'cascade' }),
    messageType: text('message_type', {
      enum: ['LtiResourceLinkRequest', 'LtiDeepLinkingRequest'],
    }).notNull(),
    deploymentId: text('deployment_id').notNull(),
    handoffHash: text('handoff_hash').notNull(),
    handoffExpiresAt: timestamp('handoff_expires_at', { withTimezone: true }).notNull(),
    handoffUsedAt: timestamp('handoff_used_at', { withTimezone: true }),
    /** Where the web app opens: a class question, or the class. */
    classId: uuid('class_id').references(() => classes.id, { onDelete: 'set null' }),
    questionId: uuid('question_id').references(() => questions.id, { onDelete: 'set null' }),
    /** A test of the class instead of a question (deep linking a test, or launching its link). */
    testId: uuid('test_id').references(() => classTests.id, { onDelete: 'set null' }),
    deepLinkReturnUrl: text('deep_link_return_url'),
    deepLinkData: text('deep_link_data'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ticketHash: text('ticket_hash'),
    ticketUsedAt: timestamp('ticket_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('lti_launches_handoff_unique').on(t.handoffHash),
    index('lti_launches_expires_idx').on(t.expiresAt),
    index('lti_launches_user_idx').on(t.userId),
    index('lti_launches_test_idx').on(t.testId),
  ],
);

/**
 * Issue 29: a gradebook column (AGS line item) of a course, for one question or one test of the
 * linked class (exactly one of the two).
 */
export const ltiLineItems = pgTable(
  'lti_line_items',
  {
    id: id(),
    contextRowId: uuid('context_row_id')
      .notNull()
      .references(() => ltiContexts.id, { onDelete: 'cascade' }),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id').references(() => questions.id, { onDelete: 'cascade' }),
    testId: uuid('test_id').references(() => classTests.id, { onDelete: 'cascade' }),
    lineItemUrl: text('line_item_url').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('lti_line_items_context_url_unique').on(t.contextRowId, t.lineItemUrl),
    index('lti_line_items_class_question_idx').on(t.classId, t.questionId),
    index('lti_line_items_class_test_idx').on(t.classId, t.testId),
    index('lti_line_items_test_idx').on(t.testId),
    check('lti_line_items_one_target', sql`(question_id is null) <> (test_id is null)`),
  ],
);

/** Issue 29: the last score sent for a student to a gradebook column, and how it went. */
export const ltiScoreSends = pgTable(
  'lti_score_sends',
  {
    lineItemId: uuid('line_item_id')
      .notNull()
      .references(() => ltiLineItems.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['sent', 'failed'] }).notNull(),
    scoreGiven: integer('score_given').notNull(),
    scoreMaximum: integer('score_maximum').notNull(),
    detail: text('detail'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.lineItemId, t.studentId] }),
    index('lti_score_sends_student_idx').on(t.studentId),
  ],
);

/**
 * Issue 29: a started Google Classroom connection: its state (only the SHA-256 is stored), the PKCE
 * verifier, the teacher who started it and the class it was started from. Spent once (`used_at`),
 * valid 10 minutes.
 */
export const classroomOauthStates = pgTable(
  'classroom_oauth_states',
  {
    id: id(),
    stateHash: text('state_hash').notNull(),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    codeVerifier: text('code_verifier').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('classroom_oauth_states_state_unique').on(t.stateHash),
    index('classroom_oauth_states_expires_idx').on(t.expiresAt),
    index('classroom_oauth_states_teacher_idx').on(t.teacherId),
    index('classroom_oauth_states_class_idx').on(t.classId),
  ],
);

/**
 * Issue 29: a teacher's Google consent for Classroom: the refresh token, encrypted at rest
 * (AES-256-GCM under a key derived from the server's secret; lib/secret-box.ts).
 */
export const classroomGrants = pgTable('classroom_grants', {
  teacherId: uuid('teacher_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  refreshTokenSealed: text('refresh_token_sealed').notNull(),
  scope: text('scope').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Issue 29: the Classroom course a class is linked to (one course per class). */
export const classroomLinks = pgTable('classroom_links', {
  classId: uuid('class_id')
    .primaryKey()
    .references(() => classes.id, { onDelete: 'cascade' }),
  courseId: text('course_id').notNull(),
  courseName: text('course_name').notNull(),
  linkedBy: uuid('linked_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Issue 29: the coursework STEM@Home made in a course for a question's marks of a class (Classroom
 * lets an app change only coursework it created): a new push updates the same coursework.
 */
export const classroomCourseWorks = pgTable(
  'classroom_course_works',
  {
    id: id(),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    /** The question pushed, or (testId) the test pushed as one grade: exactly one of the two. */
    questionId: uuid('question_id').references(() => questions.id, { onDelete: 'cascade' }),
    testId: uuid('test_id').references(() => classTests.id, { onDelete: 'cascade' }),
    courseId: text('course_id').notNull(),
    courseWorkId: text('course_work_id').notNull(),
    pushedAt: timestamp('pushed_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('classroom_course_works_question_unique').on(t.classId, t.questionId, t.courseId),
    uniqueIndex('classroom_course_works_test_unique').on(t.classId, t.testId, t.courseId),
    index('classroom_course_works_question_idx').on(t.questionId),
    index('classroom_course_works_test_idx').on(t.testId),
    check('classroom_course_works_one_target', sql`(question_id is null) <> (test_id is null)`),
  ],
);

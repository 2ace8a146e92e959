import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
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
    index('schools_plan_idx').on(t.plan),
    uniqueIndex('schools_stripe_customer_unique').on(t.stripeCustomerId),
    uniqueIndex('schools_stripe_subscription_unique').on(t.stripeSubscriptionId),
  ],
);

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
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_school_role_idx').on(t.schoolId, t.role),
    index('users_role_idx').on(t.role),
    index('users_created_at_idx').on(t.createdAt),
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
    kind: text('kind', { enum: ['refresh', 'magic', 'reset'] }).notNull(),
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
    index('classes_teacher_idx').on(t.teacherId),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('questions_teacher_created_idx').on(t.teacherId, t.createdAt),
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
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.classId, t.questionId] }),
    index('class_questions_question_idx').on(t.questionId),
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
    index('submissions_student_submitted_idx').on(t.studentId, t.submittedAt),
    index('submissions_class_submitted_idx').on(t.classId, t.submittedAt),
    index('submissions_status_idx').on(t.status),
    index('submissions_uploaded_by_idx').on(t.uploadedBy),
  ],
);

export type TFeedback = { aiComment: string; suggestion: string; markRange: string };
export type TModeration = { isInappropriate: boolean; reason: string };

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
    answerSource: text('answer_source', { enum: ['typed', 'photo', 'upload', 'scan'] })
      .notNull()
      .default('typed'),
    /** Mean OCR confidence (0..100) of text read from a photo or upload, when the engine gave one. */
    ocrConfidence: real('ocr_confidence'),
    score: integer('score'),
    feedback: jsonb('feedback').$type<TFeedback>(),
    contentModeration: jsonb('content_moderation').$type<TModeration>(),
    isFlagged: boolean('is_flagged').notNull().default(false),
    /** The engine that produced the AI mark, e.g. "offline@2" or "anthropic:claude-…". */
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('submission_answers_submission_idx').on(t.submissionId, t.position),
    index('submission_answers_question_idx').on(t.questionId),
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

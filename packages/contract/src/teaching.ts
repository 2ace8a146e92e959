import { z } from 'zod';
import { MAX_QUESTION_MARKS } from './limits-teaching';
import { MESSAGES } from './messages';
import { pagedReply, ZPageQuery, ZSearchTerm } from './paging';

/**
 * Classes, questions and the student's view of them (spec 02 §3 and §7). Replies keep the spec's
 * field names (`_id`, `question`, `marks`, ...) and add `id` beside `_id` for convenience.
 */
const ZId = z.uuid({ message: 'must be a valid id' });
export const ZIdParam = z.object({ id: ZId });
export const ZClassIdParam = z.object({ classId: ZId });

export const ZPersonRef = z.object({ _id: z.string(), id: z.string(), name: z.string() });

export const ZStudentRef = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  email: z.string(),
});
export type TStudentRef = z.infer<typeof ZStudentRef>;

export const ZClassSummary = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  teacher: ZPersonRef.nullable(),
  studentCount: z.number().int(),
  questionCount: z.number().int(),
  createdAt: z.string(),
});
export type TClassSummary = z.infer<typeof ZClassSummary>;

/** A question as its teacher sees it (with the rubric). */
export const ZQuestion = z.object({
  _id: z.string(),
  id: z.string(),
  question: z.string(),
  marks: z.number().int(),
  lowMarkRange: z.string(),
  highMarkRange: z.string(),
  rubric: z.string(),
  /** Students see an answer's mark and feedback only after the teacher reviews it (issue 18). */
  holdFeedback: z.boolean().default(false),
  teacherId: z.string().nullable(),
  classIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TQuestion = z.infer<typeof ZQuestion>;

/** A question as a student sees it: never the rubric. */
export const ZStudentQuestion = z.object({
  _id: z.string(),
  id: z.string(),
  question: z.string(),
  marks: z.number().int(),
  createdAt: z.string(),
  /** In the student's class reply: attempts the student has used at this question, of the limit (3). */
  attemptsUsed: z.number().int().optional(),
  attemptLimit: z.number().int().optional(),
});
export type TStudentQuestion = z.infer<typeof ZStudentQuestion>;

export const ZClassDetails = ZClassSummary.extend({
  students: z.array(ZStudentRef),
  questions: z.array(ZQuestion),
});
export type TClassDetails = z.infer<typeof ZClassDetails>;

/**
 * POST /class/create. The student list may be empty (our departure from spec 02 §4, see
 * docs/deviations.md): a new school's teacher makes the class before any student has registered, and
 * adds students from the class page later.
 */
export const ZCreateClassRequest = z.object({
  name: z.string().trim().min(1, { message: MESSAGES.classes.nameRequired }).max(120),
  students: z
    .array(ZId)
    .max(500)
    .transform((ids) => [...new Set(ids)]),
});
export type TCreateClassRequest = z.infer<typeof ZCreateClassRequest>;

export const ZRemoveStudentRequest = z.object({ classId: ZId, studentId: ZId });

const ZQuestionText = z.string().trim().min(1, { message: 'Question is required' }).max(5000);
const ZMarks = z.coerce
  .number({ message: 'Marks must be a number' })
  .int({ message: 'Marks must be a whole number' })
  .min(1, { message: 'Marks must be at least 1' })
  .max(MAX_QUESTION_MARKS, { message: `Marks must be at most ${MAX_QUESTION_MARKS}` });
const ZRange = z.string().trim().min(1, { message: 'is required' }).max(20);
const ZRubric = z.string().trim().min(1, { message: 'Rubric is required' }).max(20_000);

export const ZQuestionInput = z.object({
  question: ZQuestionText,
  marks: ZMarks,
  lowMarkRange: ZRange,
  highMarkRange: ZRange,
  rubric: ZRubric,
  /** Off unless sent: feedback is instant (spec 01 §9); on, it waits for the teacher's review. */
  holdFeedback: z.boolean().optional(),
});
export const ZCreateQuestionRequest = ZQuestionInput.extend({ teacherId: z.string().optional() });
export type TCreateQuestionRequest = z.infer<typeof ZCreateQuestionRequest>;
export const ZUpdateQuestionRequest = ZQuestionInput;
export type TUpdateQuestionRequest = z.infer<typeof ZUpdateQuestionRequest>;

export const ZQuestionClassRequest = z.object({ questionId: ZId, classId: ZId });

export const ZGenerateRubricRequest = z.object({
  question: ZQuestionText,
  marks: ZMarks,
  lowMarkRange: ZRange,
  highMarkRange: ZRange,
});
export type TGenerateRubricRequest = z.infer<typeof ZGenerateRubricRequest>;
export const ZGenerateRubricResponse = z.object({
  success: z.literal(true),
  data: z.object({
    lowMarkRangeRubric: z.string(),
    highMarkRangeRubric: z.string(),
    rubric: z.string(),
    engine: z.string(),
  }),
});

export const TRIAL_LIMIT_TYPES = ['classes', 'questions'] as const;
export type TTrialLimitType = (typeof TRIAL_LIMIT_TYPES)[number];
export const ZTrialValidateResponse = z.object({
  success: z.literal(true),
  canProceed: z.boolean(),
  isTrial: z.boolean(),
  limitType: z.enum(TRIAL_LIMIT_TYPES),
  count: z.number().int(),
  limit: z.number().int().nullable(),
  message: z.string(),
});

/** A class as an enrolled student sees it. */
export const ZStudentClass = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  teacher: ZPersonRef.nullable(),
  questionCount: z.number().int(),
  totalMarks: z.number().int(),
});
export type TStudentClass = z.infer<typeof ZStudentClass>;

/* ---- Path parameters and replies of the routes (spec 02 §7), so server and web read one shape. ---- */

export const ZTeacherIdParam = z.object({ teacherId: ZId });
export const ZUserIdParam = z.object({ userId: ZId });
export const ZTrialLimitParam = z.object({
  limitType: z.enum(TRIAL_LIMIT_TYPES, { message: "limitType must be 'classes' or 'questions'" }),
});

const ZOk = z.literal(true);
/** Replies the spec reads as `status: 'success'` also carry `success: true`. */
const statusSuccess = { status: z.literal('success'), success: ZOk };

export const ZMessageResponse = z.object({ success: ZOk, message: z.string() });
export const ZStatusMessageResponse = z.object({ ...statusSuccess, message: z.string() });

/** GET /teacher/classes: keyset pages of the teacher's classes, newest first (`cursor`, `limit`). */
export const ZClassListQuery = ZPageQuery;
export type TClassListQuery = z.infer<typeof ZClassListQuery>;
export const ZClassListResponse = pagedReply(ZClassSummary).extend({ message: z.string() });
export type TClassListResponse = z.infer<typeof ZClassListResponse>;
export const ZClassDetailsResponse = z.object({ success: ZOk, class: ZClassDetails });
export const ZClassQuestionsResponse = z.object({ success: ZOk, questions: z.array(ZQuestion) });
export const ZClassStudentsResponse = z.object({
  success: ZOk,
  data: z.object({ students: z.array(ZStudentRef) }),
});
export const ZSchoolStudentsResponse = z.object({ ...statusSuccess, data: z.array(ZStudentRef) });
export const ZCreateClassResponse = z.object({
  ...statusSuccess,
  message: z.string(),
  data: ZClassSummary,
});

/**
 * The question list's orders (spec 02 §9): newest or oldest first, marks high or low first (equal
 * marks newest first). Without `sort` the list is newest first, the spec's unchosen default.
 */
export const QUESTION_SORTS = [
  'createdAt-desc',
  'createdAt-asc',
  'marks-desc',
  'marks-asc',
] as const;
export type TQuestionSort = (typeof QUESTION_SORTS)[number];

/** GET /question/questions/teacher/{teacherId}: keyset pages, a sort and a search of the text. */
export const ZQuestionListQuery = ZPageQuery.extend({
  sort: z
    .enum(QUESTION_SORTS, { message: `must be one of ${QUESTION_SORTS.join(', ')}` })
    .optional(),
  q: ZSearchTerm,
});
export type TQuestionListQuery = z.infer<typeof ZQuestionListQuery>;
export const ZQuestionListResponse = pagedReply(ZQuestion);
export type TQuestionListResponse = z.infer<typeof ZQuestionListResponse>;
/** The class's questions: the teacher gets TQuestion (with rubric), an enrolled student TStudentQuestion. */
export const ZClassQuestionListResponse = z.object({
  ...statusSuccess,
  data: z.union([z.array(ZQuestion), z.array(ZStudentQuestion)]),
});
export const ZQuestionResponse = z.object({ success: ZOk, data: ZQuestion });
export const ZSaveQuestionResponse = z.object({
  ...statusSuccess,
  message: z.string(),
  data: ZQuestion,
});

/** How many practice assessments (submissions) are left: per month on a paid plan, per trial on a trial. */
export const ZAssessmentAllowance = z.object({
  scope: z.enum(['school', 'class', 'trial']),
  limit: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int().min(0),
  /** When the monthly count starts again (ISO); null on a trial. */
  resetsAt: z.string().nullable(),
  message: z.string(),
});
export type TAssessmentAllowance = z.infer<typeof ZAssessmentAllowance>;

export const ZStudentClassesResponse = z.object({ success: ZOk, classes: z.array(ZStudentClass) });
export const ZStudentClassResponse = z.object({
  success: ZOk,
  data: z.object({
    class: ZStudentClass,
    questions: z.array(ZStudentQuestion),
    /** The practice assessments left before the student starts (spec 01 §9; issue 8). */
    allowance: ZAssessmentAllowance.optional(),
  }),
});

import { z } from 'zod';
import { ZSubmissionListQuery } from './submissions';

/**
 * Class, question and school analytics, and the CSV exports (issue 11, beyond the spec). Marks are
 * the current scores: a teacher's override counts as the mark, the AI's own is kept beside it.
 * Shares are fractions of the marks (0..1); a mean or median over no answers is null.
 */
export const ANALYTICS_PATHS = {
  /** The teacher's own class, or any class of the admin's school. */
  classAnalytics: '/analytics/class/:classId',
  /** The teacher's own question (over every class it is answered in), or any of the admin's school. */
  questionAnalytics: '/analytics/question/:questionId',
  /** The admin's whole school. */
  schoolAnalytics: '/analytics/school',
  /** CSV: students × questions of one class. */
  classExport: '/export/class/:classId',
  /** CSV: one row per answer of the teacher's submissions list, with its filter and search. */
  submissionsExport: '/export/submissions',
  /** CSV: the admin's All Submissions, school-wide, one row per answer (issue 29). */
  schoolSubmissionsExport: '/export/school-submissions',
} as const;

/** Which score of a student's attempts at a question the class CSV shows. */
export const EXPORT_SCORE_CHOICES = ['best', 'latest'] as const;
export type TExportScoreChoice = (typeof EXPORT_SCORE_CHOICES)[number];

const ZUuid = z.uuid({ message: 'must be a valid id' });
export const ZClassIdParam = z.object({ classId: ZUuid });
export const ZQuestionIdParam = z.object({ questionId: ZUuid });

/** Whether the runtime knows the IANA time zone ("Europe/London"). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The reader's time zone, for the dates a CSV writes (the school's, Europe/London, without it). */
const ZTimeZone = z
  .string()
  .max(64, { message: 'must be a time zone such as Europe/London' })
  .refine(isTimeZone, { message: 'must be a time zone such as Europe/London' });

export const ZClassExportQuery = z.object({
  score: z
    .enum(EXPORT_SCORE_CHOICES, { message: `must be one of ${EXPORT_SCORE_CHOICES.join(', ')}` })
    .optional(),
  tz: ZTimeZone.optional(),
});
export type TClassExportQuery = z.infer<typeof ZClassExportQuery>;

/** The list's own query (sort, flag filter, search) without paging: the export holds every row. */
export const ZSubmissionsExportQuery = ZSubmissionListQuery.omit({
  cursor: true,
  limit: true,
}).extend({ tz: ZTimeZone.optional() });
export type TSubmissionsExportQuery = z.infer<typeof ZSubmissionsExportQuery>;

const ZShare = z.number().min(0).max(1);

/** How many answers fall in each band of the question's mark ranges. */
export const ZBandCounts = z.object({
  low: z.number().int(),
  /** Above the low range and below the high one. */
  between: z.number().int(),
  high: z.number().int(),
  /** Outside both ranges and not between them (a range that does not start at 0, say). */
  other: z.number().int(),
});
export type TBandCounts = z.infer<typeof ZBandCounts>;

/** First against latest attempt, over the students who answered a question more than once. */
export const ZAttemptMovement = z.object({
  /** Student × question pairs with two or more attempts. */
  pairs: z.number().int(),
  improved: z.number().int(),
  same: z.number().int(),
  worse: z.number().int(),
  firstMean: ZShare.nullable(),
  latestMean: ZShare.nullable(),
  /** The mean share of the marks at the 1st, 2nd, 3rd… attempt. */
  byAttempt: z.array(
    z.object({ attempt: z.number().int(), answers: z.number().int(), mean: ZShare }),
  ),
});
export type TAttemptMovement = z.infer<typeof ZAttemptMovement>;

export const ZQuestionStats = z.object({
  id: z.string(),
  question: z.string(),
  marks: z.number().int(),
  lowMarkRange: z.string(),
  highMarkRange: z.string(),
  answers: z.number().int(),
  /** In marks. */
  mean: z.number().nullable(),
  median: z.number().nullable(),
  /** How many answers got each score from 0 to marks (index = score). */
  scores: z.array(z.number().int()),
  bands: ZBandCounts,
  overridden: z.number().int(),
});
export type TQuestionStats = z.infer<typeof ZQuestionStats>;

/** Ten buckets of the share of the marks: [0,10%), [10%,20%) … [90%,100%]. */
export const ZShareHistogram = z.array(z.number().int()).length(10);

export const ZSummary = z.object({
  answers: z.number().int(),
  /** Students with at least one marked answer. */
  students: z.number().int(),
  /** The students the figures are of: the class's (or the school's) and anyone with marks. */
  enrolled: z.number().int(),
  submissions: z.number().int(),
  /** Answers whose mark a teacher changed. */
  overridden: z.number().int(),
  meanShare: ZShare.nullable(),
  medianShare: ZShare.nullable(),
  histogram: ZShareHistogram,
});
export type TSummary = z.infer<typeof ZSummary>;

/** The latest marked attempt of one student at one question. */
export const ZGridCell = z.object({
  studentId: z.string(),
  questionId: z.string(),
  submissionId: z.string(),
  score: z.number().int(),
  marks: z.number().int(),
  attempts: z.number().int(),
});
export type TGridCell = z.infer<typeof ZGridCell>;

export const ZStudentStats = z.object({
  id: z.string(),
  name: z.string(),
  answers: z.number().int(),
  meanShare: ZShare.nullable(),
});
export type TStudentStats = z.infer<typeof ZStudentStats>;

/** One student's mean share of the marks in one week (weeks start on Monday, UTC). */
export const ZProgressPoint = z.object({
  studentId: z.string(),
  week: z.string(),
  answers: z.number().int(),
  meanShare: ZShare,
});
export type TProgressPoint = z.infer<typeof ZProgressPoint>;

export const ZWeekPoint = z.object({
  week: z.string(),
  answers: z.number().int(),
  meanShare: ZShare,
});

export const ZClassAnalytics = z.object({
  scope: z.object({ kind: z.enum(['class', 'question']), id: z.string(), name: z.string() }),
  summary: ZSummary,
  questions: z.array(ZQuestionStats),
  attempts: ZAttemptMovement,
  students: z.array(ZStudentStats),
  grid: z.array(ZGridCell),
  progress: z.array(ZProgressPoint),
  weeks: z.array(ZWeekPoint),
});
export type TClassAnalytics = z.infer<typeof ZClassAnalytics>;

export const ZClassAnalyticsResponse = z.object({
  success: z.literal(true),
  data: ZClassAnalytics,
});

export const ZSchoolClassStats = z.object({
  id: z.string(),
  name: z.string(),
  teacherName: z.string().nullable(),
  students: z.number().int(),
  answers: z.number().int(),
  meanShare: ZShare.nullable(),
  medianShare: ZShare.nullable(),
});
export type TSchoolClassStats = z.infer<typeof ZSchoolClassStats>;

export const ZSchoolAnalytics = z.object({
  summary: ZSummary,
  classes: z.array(ZSchoolClassStats),
  attempts: ZAttemptMovement,
  weeks: z.array(ZWeekPoint),
});
export type TSchoolAnalytics = z.infer<typeof ZSchoolAnalytics>;
export const ZSchoolAnalyticsResponse = z.object({
  success: z.literal(true),
  data: ZSchoolAnalytics,
});

/** Texts of the analytics pages and the CSV files. */
export const ANALYTICS_MESSAGES = {
  analyticsButton: 'Analytics',
  classTitle: (name: string) => `Analytics: ${name}`,
  questionTitle: 'Question analytics',
  schoolTitle: 'School analytics',
  backToClass: 'Back to class',
  backToQuestions: 'Back to questions',
  loading: 'Loading analytics...',
  loadFailed: 'Could not load the analytics.',
  notFound: 'This class or question was not found.',
  noAnswers: 'No marked answers yet. Analytics appear once work has been marked.',
  answers: 'Marked answers',
  subtitle: (submissions: number, answers: number) =>
    `${submissions} ${submissions === 1 ? 'submission' : 'submissions'} · ${answers} marked ${answers === 1 ? 'answer' : 'answers'}`,
  students: 'Students',
  /** The headline: how many students have marks, of how many (issue 26). */
  studentsWithMarks: 'Students with marks',
  ofStudents: (withMarks: number, of: number) => `${withMarks} of ${of}`,
  mean: 'Mean',
  median: 'Median',
  overridden: 'Changed by a teacher',
  distributionTitle: 'Score distribution',
  distributionHint: 'Answers by share of the marks (%)',
  scoresTitle: 'Scores',
  bandsTitle: 'Rubric bands',
  bandLow: 'Low range',
  bandBetween: 'Between ranges',
  bandHigh: 'High range',
  bandOther: 'Outside the ranges',
  attemptsTitle: 'Across attempts',
  attemptsHint: 'First against latest attempt, for students who tried a question more than once',
  attemptsNone: 'No student has answered a question more than once yet.',
  attemptLabel: (n: number) => `Attempt ${n}`,
  /** Under the chart, which (unlike the figures above it) counts every answer. */
  attemptsChartHint: 'Mean share of the marks at each attempt, over every answer given at it',
  attemptAnswers: (n: number) => `${n} answer${n === 1 ? '' : 's'}`,
  improved: 'Improved',
  same: 'Same',
  worse: 'Lower',
  firstMean: 'First attempt',
  latestMean: 'Latest attempt',
  gridTitle: 'Students × questions',
  gridHint:
    'Latest marked attempt; colour shows the share of the marks. Select a cell to open the answer.',
  gridStudent: 'Student',
  gridEmpty: 'Not answered',
  /** Starts with the cell's visible text ("2/3"), as WCAG 2.5.3 (label in name) asks. */
  gridCell: (student: string, question: string, score: number, marks: number) =>
    `${score}/${marks}: ${student}, ${question}, ${score} of ${marks} marks`,
  questionsTitle: 'Questions',
  questionHeader: (n: number) => `Q${n}`,
  progressTitle: 'Progress over time',
  progressStudent: 'Student',
  progressAll: 'Whole group',
  progressHint: 'Mean share of the marks per week',
  classesTitle: 'Classes',
  className: 'Class',
  teacherName: 'Teacher',
  chooseClass: 'Open a class',
  chooseClassPlaceholder: 'Choose a class',
  downloadCsv: 'Download CSV',
  exportBest: 'Best score per question',
  exportLatest: 'Latest score per question',
  exportFailed: 'The download failed. Please try again.',
  exporting: 'Preparing the file...',
  percent: (share: number | null) => (share === null ? '–' : `${Math.round(share * 100)}%`),
  csv: {
    student: 'Student',
    /** Issue 29: every export names the student by e-mail and id, for a gradebook's import. */
    studentEmail: 'Student e-mail',
    studentId: 'Student ID',
    questionColumn: (n: number, text: string, marks: number, choice: TExportScoreChoice) =>
      `Q${n} ${text} (${choice === 'best' ? 'best' : 'latest'} score out of ${marks})`,
    /** How many of the class's questions have a marked answer: '1 of 2'. */
    questionsMarked: 'Questions marked',
    markedOf: (marked: number, questions: number) => `${marked} of ${questions}`,
    total: 'Total',
    outOf: 'Out of (marked questions)',
    /** Of the marks of the questions marked: 1 of 2 answered with full marks is 100 %. */
    percentage: 'Percentage of marked questions',
    /** Of every question of the class, one not answered counting 0: the same student is 50 %. */
    percentageOfAll: 'Percentage of all questions',
    latestAttempt: 'Latest attempt',
    date: 'Date',
    className: 'Class',
    question: 'Question',
    score: 'Score',
    marks: 'Marks',
    marker: 'Marker',
    /** The Marker column in words, never an engine's internal name ("offline@6", "anthropic:…"). */
    markerOffline: 'Automatic (offline)',
    markerHosted: { anthropic: 'Anthropic Claude', openai: 'OpenAI' } as Record<string, string>,
    markerOther: 'Automatic',
    teacherOverride: 'Teacher override',
    aiScore: 'AI score',
    comment: 'Comment',
    status: 'Status',
    yes: 'Yes',
  },
} as const;

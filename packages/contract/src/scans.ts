import { z } from 'zod';
import { MAX_ANSWER_LENGTH } from './submissions';

/**
 * Printable answer sheets and bulk scans of them (issue 12): paths, request and reply schemas, and
 * every text the teacher reads about them. Not in the spec: the paths follow its style and are listed
 * in docs/api.md.
 */
export const SCAN_PATHS = {
  /** GET: the class's answer sheets as one PDF. */
  answerSheets: '/class/:classId/answer-sheets',
  /** POST (multipart): upload a stack; GET: the teacher's latest batches. */
  batches: '/scan/batches',
  /** GET: one batch's progress, summary and the pages that need the teacher. */
  batch: '/scan/batches/:id',
  /** POST: the teacher assigns a page to a student and a question (of any of their classes). */
  assignPage: '/scan/batches/:id/pages/:pageId/assign',
  /** POST: the teacher sets a page aside: nothing is submitted from it. */
  discardPage: '/scan/batches/:id/pages/:pageId/discard',
  /** POST: the page's student was absent for its question: no submission, no attempt used. */
  absentPage: '/scan/batches/:id/pages/:pageId/absent',
  /** POST (multipart, one "files" part): a re-scan of the page replaces what was read from it. */
  replacePage: '/scan/batches/:id/pages/:pageId/replace',
  /** POST: a batch whose marks wait for the teacher goes to the students. */
  releaseBatch: '/scan/batches/:id/release',
  /**
   * GET: the image of one answer region (or of a page that needs the teacher), kept only while its
   * batch is open (issue 28); its class's teacher and the school's admin only.
   */
  crop: '/scan/crops/:cropId',
} as const;

/** Days a batch's scan images are kept at most (deleted sooner once the batch closes). */
export const SCAN_IMAGE_DAYS = 14;

/** Web pages. */
export const SCAN_PAGES = { uploadStack: '/upload-stack' } as const;

export const PAPER_SIZES = ['a4', 'letter'] as const;
export type TPaperSize = (typeof PAPER_SIZES)[number];

/**
 * What is printed: one page per student per question (`sheets`), or a test booklet per student
 * (`booklet`: the chosen questions in order, several to a page, each in an answer box sized by its
 * marks, then a continuation page with a box per question).
 */
export const SHEET_FORMATS = ['sheets', 'booklet'] as const;
export type TSheetFormat = (typeof SHEET_FORMATS)[number];

/** Most questions in one pack of sheets, and files in one upload. */
export const MAX_SHEET_QUESTIONS = 20;
/** Pages one printed pack may have (a class of 40 with 20 one-question sheets each is 800). */
export const MAX_PRINT_PAGES = 2_000;
export const MAX_SCAN_FILES = 50;
/** How often the progress page asks for news while a batch is read. */
export const SCAN_POLL_MS = 1_000;

const ZId = z.uuid({ message: 'must be a valid id' });

export const ZAnswerSheetsQuery = z.object({
  /** Comma-separated question ids, in print order; all the class's questions when absent. */
  questionIds: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return undefined;
      const ids = value.split(',').map((s) => s.trim());
      if (ids.length > MAX_SHEET_QUESTIONS || ids.some((id) => !ZId.safeParse(id).success)) {
        ctx.addIssue({ code: 'custom', message: SCAN_MESSAGES.badQuestionList });
        return z.NEVER;
      }
      return [...new Set(ids)];
    }),
  /**
   * A saved test of the class (issues 28, 29): its questions, in its order, instead of questionIds.
   * A booklet printed from the same test the same way again reuses its kept layout (and codes).
   */
  testId: ZId.optional(),
  paper: z.enum(PAPER_SIZES).default('a4'),
  /** "true": sheets without names, one per question, with a box for the name. */
  blank: z.enum(['true', 'false']).default('false'),
  /** Copies of each blank sheet (blank packs only). */
  copies: z.coerce.number().int().min(1).max(200).default(1),
  /** One-question sheets (default) or a test booklet per student (named students only). */
  format: z.enum(SHEET_FORMATS).default('sheets'),
  /** Booklets only: "false" leaves out the continuation page(s) at the end of each booklet. */
  continuation: z.enum(['true', 'false']).default('true'),
});
export type TAnswerSheetsQuery = z.input<typeof ZAnswerSheetsQuery>;

export const ZBatchIdParam = z.object({ id: ZId });
export const ZPageParams = z.object({ id: ZId, pageId: ZId });
export const ZCropParams = z.object({ cropId: ZId });

export const ZAssignPageRequest = z.object({
  studentId: z.uuid({ message: 'must be a valid student id' }),
  questionId: z.uuid({ message: 'must be a valid question id' }),
  /** Another of the teacher's classes (a sheet filed in the wrong stack); default: the batch's. */
  classId: z.uuid({ message: 'must be a valid class id' }).optional(),
  /** The answer as the teacher reads it on the paper (a misread or debris); default: the text read. */
  text: z
    .string()
    .max(MAX_ANSWER_LENGTH, { message: `must be at most ${MAX_ANSWER_LENGTH} characters` })
    .refine((s) => s.trim().length > 0, { message: 'Please provide an answer' })
    .optional(),
});
export type TAssignPageRequest = z.infer<typeof ZAssignPageRequest>;

/** Whose answer was missed, when the page does not say (a page without a readable code). */
export const ZAbsentPageRequest = z.object({
  studentId: z.uuid({ message: 'must be a valid student id' }).optional(),
  questionId: z.uuid({ message: 'must be a valid question id' }).optional(),
});
export type TAbsentPageRequest = z.infer<typeof ZAbsentPageRequest>;

export const BATCH_STATUSES = ['queued', 'reading', 'done', 'failed'] as const;
export type TBatchStatus = (typeof BATCH_STATUSES)[number];

/** Why a page needs the teacher (or was set aside as a repeat). */
export const PAGE_REASONS = [
  'no_code',
  'name_unmatched',
  'forged',
  'other_class',
  'student_not_in_class',
  'question_not_in_class',
  'attempts_exhausted',
  'refused',
  'duplicate',
  'unreadable',
  'unsure_text',
  'unknown_booklet',
  'replaced',
  'blank_rescan',
  'other_paper',
] as const;
export type TPageReason = (typeof PAGE_REASONS)[number];

/**
 * Where a page stands: placed on a student's question (`assigned`), waiting for the teacher
 * (`needs_teacher`), a repeat kept once (`duplicate`), an answer box with no writing (`blank`: no
 * submission, seen only by the teacher), set aside by the teacher (`discarded`), or its student
 * marked absent for its question (`absent`: no submission, no attempt used).
 */
export const PAGE_STATUSES = [
  'assigned',
  'needs_teacher',
  'duplicate',
  'blank',
  'discarded',
  'absent',
] as const;
export type TPageStatus = (typeof PAGE_STATUSES)[number];

export const ZScanPage = z.object({
  id: z.string(),
  /** 1-based place in the batch. */
  pageNumber: z.number().int(),
  status: z.enum(PAGE_STATUSES),
  reason: z.enum(PAGE_REASONS).nullable(),
  /** The text read from the page. */
  text: z.string(),
  /** The page's kept image (its answer region, or the whole page) while the batch is open. */
  cropId: z.string().nullable(),
  /** The name written in a blank sheet's name box, as read (null when none was read). */
  readName: z.string().nullable(),
  student: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The class the page went to when the teacher assigned it to another class than the batch's. */
  classId: z.string().nullable(),
  questionId: z.string().nullable(),
  /** The question's number as printed on the sheet or booklet (null when not known). */
  questionNumber: z.number().int().nullable(),
  /** An answer box of a booklet's continuation page: its text is added to the question's answer. */
  continuation: z.boolean(),
  /**
   * This read replaced the answer an earlier scan of the same page had made (issue 28): the answer
   * holds its text now and was marked again; the earlier text and marks are in its history.
   */
  replacedEarlier: z.boolean(),
  /**
   * For a box that waits for the teacher: what the student wrote for the same question on the
   * continuation page, which waits with it and is added after its text when it is placed.
   */
  continuedText: z.string().nullable(),
  submissionId: z.string().nullable(),
});
export type TScanPage = z.infer<typeof ZScanPage>;

export const ZScanBatch = z.object({
  id: z.string(),
  classId: z.string(),
  className: z.string(),
  status: z.enum(BATCH_STATUSES),
  /** Pages in the batch (0 until its files are opened). */
  totalPages: z.number().int(),
  readPages: z.number().int(),
  assigned: z.number().int(),
  needsTeacher: z.number().int(),
  duplicates: z.number().int(),
  /** Answer boxes with no writing: nothing submitted, nothing shown to the student. */
  blank: z.number().int(),
  /** The batch's marks wait until the teacher releases it (chosen at upload). */
  holdMarks: z.boolean(),
  /** When the teacher released them (null: not yet, or never held). */
  releasedAt: z.string().nullable(),
  /** Submissions of this batch whose marking has finished (marked) or failed. */
  marked: z.number().int(),
  markingFailed: z.number().int(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TScanBatch = z.infer<typeof ZScanBatch>;

/** An answer the batch placed on a student (a page matched by its code or name, or by the teacher). */
export const ZScanAnswer = z.object({
  pageId: z.string(),
  pageNumber: z.number().int(),
  student: z.object({ id: z.string(), name: z.string() }).nullable(),
  questionId: z.string().nullable(),
  /** The number printed on the sheet (null: unknown). */
  questionNumber: z.number().int().nullable(),
  submissionId: z.string(),
  answerId: z.string(),
  /** The answer's text now (as read, or as the teacher corrected it). */
  text: z.string(),
  score: z.number().int().nullable(),
  marks: z.number().int(),
  /** The marker was unsure and no teacher has reviewed it yet. */
  needsReview: z.boolean(),
  /** The page replaced an earlier scan of it: the earlier text and marks are in the answer's history. */
  replacedEarlier: z.boolean(),
  /** The submission is still being marked. */
  pending: z.boolean(),
  cropId: z.string().nullable(),
});
export type TScanAnswer = z.infer<typeof ZScanAnswer>;

export const ZScanBatchDetails = ZScanBatch.extend({
  /** Pages needing the teacher or placed, blank, set aside or repeated by them, by place. */
  pages: z.array(ZScanPage),
  /** Every answer the batch placed, by place, with its image while the batch is open. */
  answers: z.array(ZScanAnswer),
  /** When the batch's scan images were deleted (null: kept, or none were kept). */
  imagesDeletedAt: z.string().nullable(),
  /** When they are deleted at the latest (upload + 14 days), if the batch is still open then. */
  imagesKeptUntil: z.string(),
});
export type TScanBatchDetails = z.infer<typeof ZScanBatchDetails>;

export const ZCreateBatchResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ batchId: z.string() }),
});
export const ZBatchResponse = z.object({ success: z.literal(true), data: ZScanBatchDetails });
export const ZBatchListResponse = z.object({ success: z.literal(true), data: z.array(ZScanBatch) });
export const ZAssignPageResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ submissionId: z.string() }),
});
export const ZReleaseBatchResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** How many answers went to their students (one still held for review stays held). */
  data: z.object({ released: z.number().int() }),
});

/** A page the teacher discarded, marked absent or replaced: where it stands now. */
export const ZPageActionResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: ZScanPage,
});

/** Every text about sheets and scans, server and web. */
export const SCAN_MESSAGES = {
  /** The way in from /upload-student-work (one photo at a time) to /upload-stack (a whole class). */
  stackInvite: 'Scanned a class’s printed answer sheets?',
  stackLink: 'Upload the whole stack at once',
  printSheets: 'Print answer sheets',
  printTitle: 'Print answer sheets',
  printIntro:
    'One page per student per question, with a code that tells the app whose work it is. Print, hand out, collect, then scan the whole stack at once.',
  questionsLabel: 'Questions',
  paperLabel: 'Paper size',
  paperA4: 'A4',
  paperLetter: 'Letter',
  blankLabel: 'Blank sheets without names (students write their name)',
  copiesLabel: 'Copies of each blank sheet',
  download: 'Download PDF',
  downloading: 'Preparing the PDF...',
  downloadFailed: 'The answer sheets could not be made. Please try again.',
  printBusy: 'Too many packs are being printed right now. Please try again in a minute.',
  printTooLarge:
    'This pack is too large to print at once. Please print fewer questions or students at a time.',
  tooManyPrintPages: (pages: number) =>
    `That would be ${pages.toLocaleString('en-GB')} pages: please print at most ${MAX_PRINT_PAGES.toLocaleString('en-GB')} at a time (choose fewer questions).`,
  noQuestions: 'Assign questions to this class before printing answer sheets.',
  noStudents: 'This class has no students yet: print blank sheets instead.',
  chooseQuestion: 'Choose at least one question.',
  testOrQuestions: 'Print either a saved test or chosen questions, not both.',
  badQuestionList: 'Questions must be a comma-separated list of at most 20 question ids.',
  questionNotInClass: 'A chosen question is not assigned to this class.',
  formatLabel: 'What to print',
  formatSheets: 'One sheet per question',
  formatBooklet: 'A test booklet per student',
  formatSheetsHint: 'Each question on its own page, for every student (or blank copies).',
  formatBookletHint:
    'The chosen questions in order, several to a page, each with an answer box sized by its marks. Every page carries the student’s name and a code.',
  bookletQuestionsLabel: 'Questions of the test, in order',
  continuationLabel: 'Add a continuation page to each booklet (a box per question for more room)',
  bookletNoBlank:
    'Booklets are printed with each student’s name: choose one sheet per question for blank copies.',
  bookletPages: (pages: number, students: number) =>
    `${pages} ${pages === 1 ? 'page' : 'pages'} per booklet, ${students} ${students === 1 ? 'booklet' : 'booklets'}`,
  questionOrderUp: (n: number) => `Move question ${n} up`,
  questionOrderDown: (n: number) => `Move question ${n} down`,
  continuationOf: (n: number) => `Continuation of Question ${n}`,
  regionPlace: (page: number, total: number, question: number) =>
    `Page ${page} of ${total}, Question ${question}`,
  // Upload
  uploadTitle: 'Upload a stack of answer sheets',
  uploadIntro:
    "Scan the class's printed answer sheets in any order (PDF or photos) and upload them together. Each page is matched to its student and question by its code and marked.",
  uploadStackLink: 'Upload a whole stack of answer sheets',
  classLabel: 'Class',
  filesLabel: 'Scanned pages (PDF, JPEG, PNG or TIFF)',
  uploadButton: 'Upload and read',
  holdLabel: 'When do students see these marks?',
  holdDefault: "As the class's questions are set",
  holdYes: 'After I release this stack',
  holdNo: 'As soon as they are marked',
  holdInvalid: 'Please choose when students see the marks.',
  heldNote: 'The marks of this stack wait for you: students see them once you release the stack.',
  releaseBatch: 'Release marks to students',
  releasedBatch: (count: number) =>
    `Marks released: ${count} ${count === 1 ? 'answer' : 'answers'} went to the students.`,
  releasedNote: (date: string) => `Marks released on ${date}.`,
  notHeld: 'The marks of this upload do not wait for a release.',
  uploading: 'Uploading...',
  accepted: 'Upload received: the pages are being read.',
  noFiles: 'Please choose at least one PDF or image.',
  classInvalid: 'Please choose one of your classes for these scans.',
  tooManyFiles: `Please upload at most ${MAX_SCAN_FILES} files at once.`,
  tooLarge: (megabytes: number) =>
    `This upload is too large. Please upload at most ${megabytes} MB at once.`,
  tooManyPages: (pages: number) =>
    `This upload has too many pages. Please upload at most ${pages} pages at once.`,
  unsupportedFile: (name: string) =>
    `"${name}" is not a PDF, JPEG, PNG or TIFF file. Please remove it and upload again.`,
  encryptedPdf: (name: string) =>
    `"${name}" is protected by a password. Please scan again without protection, or print it to a new PDF.`,
  brokenFile: (name: string) => `"${name}" is damaged and could not be read. Please scan it again.`,
  tooComplexFile: (name: string) =>
    `"${name}" is too complex to read: it takes too long to draw. Please scan the paper sheets again.`,
  batchNotFound: 'That upload was not found.',
  pageNotFound: 'That page was not found in this upload.',
  pageAlreadyAssigned: 'That page is already assigned.',
  studentNotInClass: 'That student is not in the class of this upload.',
  assigned: 'Page assigned: its answer is being marked.',
  pageSettled: 'That page has already been dealt with.',
  batchStillReading: 'This upload is still being read. Please wait until every page is read.',
  absentNeedsWho: 'Choose the student and the question this page is for.',
  noTextToAssign:
    'Nothing was read from this page: type the answer from the paper, or mark the student absent.',
  discarded: 'Page set aside: nothing was submitted from it.',
  markedAbsent: 'Marked absent: nothing was submitted and no attempt was used.',
  replaced: 'Page replaced by the new scan.',
  replacedEarlier:
    'Replaced an earlier scan of this page; the earlier marks are in the answer’s history.',
  replaceSameText:
    'The re-scan reads the same as the page did: its answer and marks are unchanged.',
  replaceBlankKeeps:
    'The re-scan of this page is blank where its answer was read: the answer and its marks are kept. Please scan the written page again.',
  replaceUnclearKeeps:
    'The re-scan of this page could not be read clearly: the answer and its marks are kept. Please scan it again, or correct the text beside the scan.',
  replaceOnePage: 'Please upload one scanned page (a single image, or a PDF of one page).',
  replaceOtherSheet:
    'This scan is of another sheet (another student, question or printing). Please scan the sheet of this page.',
  // Progress
  progressTitle: 'Reading the stack',
  queued: 'Waiting to start...',
  reading: (read: number, total: number) => `Read ${read} of ${total} pages`,
  openingFiles: 'Opening the files...',
  marking: (marked: number, total: number) => `Marked ${marked} of ${total} answers`,
  done: 'All pages read.',
  failed: 'This upload could not be read.',
  summaryAssigned: 'Assigned',
  summaryNeedsTeacher: 'Need you',
  summaryMarked: 'Marked',
  summaryRepeats: 'Repeats ignored',
  summaryBlank: 'Left blank',
  blankTitle: 'Left blank',
  blankIntro:
    'No writing was found in these answer boxes: nothing was submitted, and the students see nothing.',
  blankLine: (student: string, question: string) => `${student}: ${question}`,
  unknownStudent: 'Name not read',
  readName: (name: string) => `Name read from the sheet: ${name}`,
  assignClassLabel: 'Class',
  answerTextLabel: 'Answer (correct it from the paper before assigning)',
  discard: 'Discard page',
  markAbsent: 'Mark absent',
  replaceLabel: 'Re-scan of this page',
  replace: 'Replace with re-scan',
  statusDiscarded: 'Set aside: nothing was submitted from this page.',
  statusAbsent: (student: string) =>
    `Marked absent${student ? ` (${student})` : ''}: nothing was submitted and no attempt was used.`,
  needsTeacherTitle: 'Pages that need you',
  needsTeacherIntro:
    'These pages could not be matched, or what was read from them needs a look. Find them in your stack by their place, then assign each to a student and question, discard it, mark the student absent, or replace it with a re-scan.',
  pagePlace: (page: number, total: number) => `Page ${page} of ${total}`,
  noText: '(no text could be read from this page)',
  continuedWith: (text: string) =>
    `Added after this text when you assign it, from the continuation page: "${text}"`,
  studentLabel: 'Student',
  questionLabel: 'Question',
  assign: 'Assign',
  viewSubmissions: 'See the marks',
  recentTitle: 'Recent uploads',
  noRecent: 'No stacks uploaded yet.',
  imagesNote:
    'The image of each answer (and of each page that needs you) is kept, encrypted, only while you still have to check it: until every page is matched and every answer the marker was unsure of is reviewed, and never more than 14 days. Only the text read is kept after that.',
  imagesKept: (date: string) =>
    `The scan images of this batch are kept until every page is matched and every unsure answer is reviewed, and at the latest until ${date}.`,
  imagesDeleted: (date: string) => `The scan images of this batch were deleted on ${date}.`,
  cropAlt: (place: string) => `Scan of ${place}`,
  cropLoading: 'Loading the scan...',
  cropEnlarge: 'Enlarge the scan',
  cropEnlargeLabel: (place: string) => `Enlarge the scan of ${place}`,
  cropGone: 'The scan image is no longer kept.',
  cropNotFound: 'That scan image was not found. Scan images are deleted once the batch is checked.',
  answersTitle: 'Answers read',
  answersIntro:
    'Each answer with the scan it was read from. Correct a misread text: the answer is marked again.',
  answerLine: (student: string, question: string) => `${student}, ${question}`,
  questionNumber: (n: number) => `Question ${n}`,
  needsReviewBadge: 'Needs review',
  pendingBadge: 'Being marked',
  correctTextLabel: 'Text read (correct it from the scan)',
  correctText: 'Save and re-mark',
  reasons: {
    no_code: 'QR code unreadable, and the name did not match the class list',
    name_unmatched: 'blank sheet: the name did not match the class list',
    forged: 'the QR code is not a valid STEM@Home code',
    other_class: 'a sheet of another class',
    student_not_in_class: 'the student on this sheet is not in the class',
    question_not_in_class: 'the question on this sheet is not assigned to the class',
    attempts_exhausted: 'the student has used all 3 attempts at this question',
    refused: "the school's plan does not allow another marking now",
    duplicate: 'the same sheet again: its answer is kept once',
    unreadable: 'the page could not be read',
    unsure_text:
      'what was read does not look like writing (a smudge, a mark or a poor scan): check it before it is marked',
    unknown_booklet: 'a booklet page whose test is not known to this class',
    replaced:
      'replaced by a later scan of this page: its answer holds the new text, and the earlier marks are in the answer’s history',
    blank_rescan:
      'a re-scan of a page already read, blank where its answer was: the answer and its marks are kept',
    other_paper:
      'this stack already holds this student’s answer to this question on another printed sheet (a second sitting?): upload each sitting as a stack of its own, or assign this page to make it a new answer',
  } satisfies Record<TPageReason, string>,
  batchReasons: {
    interrupted: 'Reading stopped unexpectedly. Please upload the stack again.',
  },
} as const;

import {
  RANGE_OVERLAP_MESSAGE,
  cleanMarksInput,
  cleanRangeInput,
  defaultMarkRanges,
  highRangeMessage,
  isValidHighRange,
  isValidLowRange,
  lowRangeMessage,
  parseMarkRange,
  rubricRangeMessage,
  validateMarkRanges,
} from '@stem/contract/mark-ranges';
import { MESSAGES } from '@stem/contract/messages';
import { combineRubric, parseRubricSections } from '@stem/contract/rubric-format';
import {
  ZQuestionInput,
  type TQuestion,
  type TUpdateQuestionRequest,
} from '@stem/contract/teaching';

/**
 * The question form's rules (spec 02 §4 and §5) as pure functions, so they are tested without a
 * browser and the form only wires them to inputs.
 */
export type TQuestionFormValues = {
  question: string;
  marks: string;
  lowMarkRange: string;
  highMarkRange: string;
  lowRubric: string;
  highRubric: string;
  /** Hold each answer's mark and feedback from the student until the teacher reviews it (issue 18). */
  holdFeedback: boolean;
};

/** How the rubric texts came to be: none yet, generated, written by hand, or loaded for editing. */
export type TRubricMode = 'none' | 'ai' | 'manual' | 'existing';

export const EMPTY_QUESTION_FORM: TQuestionFormValues = {
  question: '',
  marks: '',
  lowMarkRange: '',
  highMarkRange: '',
  lowRubric: '',
  highRubric: '',
  holdFeedback: false,
};

/** A saved question as form values: its rubric split into the two editable sections. */
export function questionToFormValues(question: TQuestion): TQuestionFormValues {
  const sections = parseRubricSections(question.rubric);
  return {
    question: question.question,
    marks: String(question.marks),
    lowMarkRange: question.lowMarkRange,
    highMarkRange: question.highMarkRange,
    lowRubric: sections.low ?? '',
    highRubric: sections.high ?? '',
    holdFeedback: question.holdFeedback,
  };
}

/** Marks typed: digits only, and a valid number of marks auto-fills both ranges. */
export function applyMarksInput(values: TQuestionFormValues, raw: string): TQuestionFormValues {
  const marks = cleanMarksInput(raw);
  const ranges = marks === '' ? null : defaultMarkRanges(Number(marks));
  return ranges
    ? { ...values, marks, lowMarkRange: ranges.low, highMarkRange: ranges.high }
    : { ...values, marks };
}

/** A range typed: digits and hyphens only. */
export function applyRangeInput(raw: string): string {
  return cleanRangeInput(raw);
}

/** The marks field's problem (the contract's wording: whole number, 1 to the maximum), if any. */
export function marksError(marks: string): string | null {
  if (marks === '') return null;
  const parsed = ZQuestionInput.shape.marks.safeParse(marks);
  return parsed.success ? null : firstIssue(parsed.error);
}

function firstIssue(error: { issues: readonly { message: string }[]; message: string }): string {
  return error.issues[0]?.message ?? error.message;
}

function marksNumber(marks: string): number | null {
  return marks !== '' && marksError(marks) === null ? Number(marks) : null;
}

export type TRangeErrors = { lowMarkRange: string | null; highMarkRange: string | null };

/**
 * The live messages under the range inputs (spec 02 §5). Nothing is said about a range until marks
 * is valid and the range has been typed; an overlap is reported on the high range.
 */
export function rangeErrors(values: TQuestionFormValues): TRangeErrors {
  const marks = marksNumber(values.marks);
  const errors: TRangeErrors = { lowMarkRange: null, highMarkRange: null };
  if (marks === null) return errors;
  const lowOk = isValidLowRange(values.lowMarkRange, marks);
  const highOk = isValidHighRange(values.highMarkRange, marks);
  if (values.lowMarkRange !== '' && !lowOk) errors.lowMarkRange = lowRangeMessage(marks);
  if (values.highMarkRange !== '' && !highOk) errors.highMarkRange = highRangeMessage(marks);
  if (lowOk && highOk) {
    const low = parseMarkRange(values.lowMarkRange);
    const high = parseMarkRange(values.highMarkRange);
    if (low && high && low.end >= high.start) errors.highMarkRange = RANGE_OVERLAP_MESSAGE;
  }
  return errors;
}

/** Why a rubric cannot be generated yet (spec 02 §5), or null when it can. */
export function generationProblem(values: TQuestionFormValues): string | null {
  if (
    !values.question.trim() ||
    values.marks === '' ||
    !values.lowMarkRange.trim() ||
    !values.highMarkRange.trim()
  ) {
    return MESSAGES.questions.generateMissing;
  }
  const badMarks = marksError(values.marks);
  if (badMarks) return badMarks;
  const rangeError = validateMarkRanges({
    marks: Number(values.marks),
    lowMarkRange: values.lowMarkRange,
    highMarkRange: values.highMarkRange,
  });
  return rangeError ? rubricRangeMessage(rangeError) : null;
}

/** Save is offered once a rubric exists: generated, or something written by hand (spec 02 §4). */
export function canOfferSave(values: TQuestionFormValues, mode: TRubricMode): boolean {
  return mode !== 'none' && (values.lowRubric.trim() !== '' || values.highRubric.trim() !== '');
}

/**
 * Why the question cannot be saved (spec 02 §5): question, marks and both ranges are required and
 * valid, then both rubric texts must be non-empty. Null when it may be saved (after confirmation).
 */
export function saveProblem(values: TQuestionFormValues): string | null {
  // The contract's own wording: "Question is required", "Marks must be at least 1", ...
  for (const [field, value] of [
    ['question', values.question],
    ['marks', values.marks],
  ] as const) {
    const parsed = ZQuestionInput.shape[field].safeParse(value);
    if (!parsed.success) return firstIssue(parsed.error);
  }
  const rangeError = validateMarkRanges({
    marks: Number(values.marks),
    lowMarkRange: values.lowMarkRange,
    highMarkRange: values.highMarkRange,
  });
  if (rangeError) return rangeError.message;
  if (!values.lowRubric.trim() || !values.highRubric.trim()) {
    return MESSAGES.questions.rubricsRequired;
  }
  return null;
}

/** The request body: the two sections joined into the product's rubric text. */
export function toQuestionRequest(values: TQuestionFormValues): TUpdateQuestionRequest {
  const lowMarkRange = values.lowMarkRange.trim();
  const highMarkRange = values.highMarkRange.trim();
  return {
    question: values.question.trim(),
    marks: Number(values.marks),
    lowMarkRange,
    highMarkRange,
    rubric: combineRubric(values.lowRubric, values.highRubric, lowMarkRange, highMarkRange),
    holdFeedback: values.holdFeedback,
  };
}

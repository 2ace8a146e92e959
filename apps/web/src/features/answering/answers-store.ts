import { z } from 'zod';

export const ANSWER_SOURCES = ['typed', 'photo', 'upload'] as const;
export type TAnswerSource = (typeof ANSWER_SOURCES)[number];
/**
 * One answer being written. `ocrConfidence`: the OCR engine's mean confidence (0..100) for text read
 * from a photo or upload, when the extraction reply gave one; sent with the answer (issue 17).
 */
export type TDraftAnswer = {
  answer: string;
  source: TAnswerSource;
  ocrConfidence?: number | undefined;
};
export type TDraftAnswers = Record<string, TDraftAnswer>;

const ZDraft = z.record(
  z.string(),
  z.object({
    answer: z.string(),
    source: z.enum(ANSWER_SOURCES),
    ocrConfidence: z.number().min(0).max(100).optional(),
  }),
);

const keyFor = (classId: string) => `stem.answers.${classId}`;

/**
 * The answers of a class being answered, kept in sessionStorage so a reload or a lost connection
 * does not lose them; cleared once the submission is saved.
 */
export function loadDraftAnswers(classId: string): TDraftAnswers {
  try {
    const raw = window.sessionStorage.getItem(keyFor(classId));
    if (!raw) return {};
    const parsed = ZDraft.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

export function saveDraftAnswers(classId: string, answers: TDraftAnswers): void {
  try {
    window.sessionStorage.setItem(keyFor(classId), JSON.stringify(answers));
  } catch {
    // Private mode or a full quota: the answers then live only as long as the page.
  }
}

export function clearDraftAnswers(classId: string): void {
  try {
    window.sessionStorage.removeItem(keyFor(classId));
  } catch {
    // Nothing was stored.
  }
}

/** Forgets the drafts of the given questions (the ones just sent), keeping the class's others. */
export function forgetDraftAnswers(classId: string, questionIds: readonly string[]): void {
  const sent = new Set(questionIds);
  const kept = Object.fromEntries(
    Object.entries(loadDraftAnswers(classId)).filter(([id]) => !sent.has(id)),
  );
  if (Object.keys(kept).length === 0) clearDraftAnswers(classId);
  else saveDraftAnswers(classId, kept);
}

/** The first question (by position) whose answer is missing or blank, or -1 when all are given. */
export function firstUnanswered(questionIds: readonly string[], answers: TDraftAnswers): number {
  return questionIds.findIndex((id) => !answers[id]?.answer.trim());
}

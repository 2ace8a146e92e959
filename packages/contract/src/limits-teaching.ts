/** Limits of classes and questions (spec 02 §9) that web and server share. */
export const QUESTION_PAGE_SIZE = 10;
export const ALL_CLASSES_PAGE_SIZE = 9;
export const CLASS_FETCH_ATTEMPTS = 3;
export const CLASS_FETCH_RETRY_MS = 1_000;
export const MAX_QUESTION_MARKS = 100;
export const RUBRIC_TEMPERATURE = 0.7;
export const RUBRIC_MAX_TOKENS = 1_000;

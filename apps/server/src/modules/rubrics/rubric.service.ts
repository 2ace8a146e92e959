import { badRequest } from '../../lib/app-error';
import { AiError, type AiPort } from '../../adapters/ai/port';
import { OFFLINE_RUBRIC_ENGINE, writeOfflineRubric } from '../../marking/language/offline-rubric';
import {
  cleanSection,
  combineRubric,
  parseMarkRange,
  type TMarkRange,
} from '../../marking/language/rubric.format';
import {
  buildRubricPrompt,
  RUBRIC_MAX_OUTPUT_TOKENS,
  RUBRIC_TEMPERATURE,
  ZRubricReply,
} from './rubric.prompt';

export {
  combineRubric,
  parseMarkRange,
  parseRubricSections,
} from '../../marking/language/rubric.format';

/** Longest question the rubric writer accepts (a question with its data table fits easily). */
export const MAX_QUESTION_LENGTH = 20_000;

export type TRubricRequest = {
  question: string;
  marks: number;
  /** "a-b" */
  lowMarkRange: string;
  /** "c-d" */
  highMarkRange: string;
};

export type TGeneratedRubric = {
  lowMarkRangeRubric: string;
  highMarkRangeRubric: string;
  /** "Low Mark Range (a-b):\n…\n\nHigh Mark Range (c-d):\n…", the text a question saves. */
  rubric: string;
  /** Which engine wrote it: "offline-rubric-v2", or "<provider>:<model>". */
  engine: string;
};

/**
 * Writes a two-band rubric for a question. With an AiPort the hosted model writes it (temperature
 * 0.7, 1000 tokens, spec 02 §9) from a server-built prompt in which the question is fenced data;
 * without one (AI_PROVIDER=offline) the deterministic offline writer does. Throws AppError 400 for
 * bad input and AiError when the hosted model fails (the route answers "Failed to generate rubric").
 */
export async function generateRubric(
  input: TRubricRequest,
  ai?: AiPort,
  options: { abortSignal?: AbortSignal } = {},
): Promise<TGeneratedRubric> {
  const { question, marks, low, high } = checkRequest(input);
  if (!ai) {
    const written = writeOfflineRubric({ question, marks, low, high });
    return present(written.low, written.high, low, high, OFFLINE_RUBRIC_ENGINE);
  }
  const { system, prompt } = buildRubricPrompt({ question, marks, low, high });
  const reply = await ai.generateObject({
    system,
    prompt,
    schema: ZRubricReply,
    schemaName: 'rubric',
    temperature: RUBRIC_TEMPERATURE,
    maxOutputTokens: RUBRIC_MAX_OUTPUT_TOKENS,
    ...(options.abortSignal ? { abortSignal: options.abortSignal } : {}),
  });
  const result = present(
    reply.lowMarkRange,
    reply.highMarkRange,
    low,
    high,
    `${ai.provider}:${ai.model}`,
  );
  if (result.lowMarkRangeRubric === '' || result.highMarkRangeRubric === '') {
    throw new AiError('malformed', 'the model returned an empty rubric section');
  }
  return result;
}

function present(
  lowText: string,
  highText: string,
  low: TMarkRange,
  high: TMarkRange,
  engine: string,
): TGeneratedRubric {
  const lowMarkRangeRubric = cleanSection(lowText, 'low');
  const highMarkRangeRubric = cleanSection(highText, 'high');
  return {
    lowMarkRangeRubric,
    highMarkRangeRubric,
    rubric: combineRubric(lowMarkRangeRubric, highMarkRangeRubric, low, high),
    engine,
  };
}

/** The route validates with the spec's messages first; this guards the service's own contract. */
function checkRequest(input: TRubricRequest) {
  const question = input.question.trim();
  if (question === '') throw badRequest('question must not be blank', 'question');
  if (question.length > MAX_QUESTION_LENGTH) {
    throw badRequest(`question must be at most ${MAX_QUESTION_LENGTH} characters`, 'question');
  }
  const marks = input.marks;
  if (!Number.isInteger(marks) || marks < 1 || marks > 1000) {
    throw badRequest('marks must be a whole number from 1 to 1000', 'marks');
  }
  const low = parseMarkRange(input.lowMarkRange);
  if (!low || low.end > marks) {
    throw badRequest(`lowMarkRange must be "start-end" within 0-${marks}`, 'lowMarkRange');
  }
  const high = parseMarkRange(input.highMarkRange);
  if (!high || high.end > marks || high.start < 1) {
    throw badRequest(`highMarkRange must be "start-end" within 1-${marks}`, 'highMarkRange');
  }
  if (low.end >= high.start) {
    throw badRequest('lowMarkRange must end below the start of highMarkRange', 'lowMarkRange');
  }
  return { question, marks, low, high };
}

import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { markOffline } from '../offline/offline-marker';
import type { TMarkingRecord } from '../dataset';
import type { TMarkedExample, TMarkingInput } from '../types';
import {
  groupAnswers,
  markSureness,
  readingOf,
  reviewOrder,
  type TReviewCandidate,
} from './review-order';

/**
 * The teacher and the marker marking a class together (issue 27): for each question, the marker
 * marks every answer, proposes the answers the teacher should mark (`review-order.ts`: one from each
 * of the biggest groups and the ones it is least sure of), asks the teacher for each, and marks the
 * rest with the teacher's marks as that question's examples (the rubric engine's few-shot placing,
 * and from 40 the learned model, `learned/`). Questions are marked one after another.
 *
 * At most ceil(budget × the question's answers) answers of a question are asked for. Half of that
 * (rounded up) is asked on the marker's first marks; the rest after the answers are marked again with
 * the teacher's first marks, on the marks those give (the learned model's, from 40). A refusal ends
 * the asking for that question; a closed input ends it for every question.
 */

/** One answer to mark: a marking-data record's fields without its human scores. */
export type TLoopAnswer = Omit<TMarkingInput, 'examples' | 'source' | 'ocrConfidence'> & {
  id: string;
};

/** A marking-data record as the loop marks it: its id and what a marker reads, no human score. */
export function loopAnswerOf(r: TMarkingRecord): TLoopAnswer {
  return {
    id: r.id,
    question: r.question,
    marks: r.marks,
    lowMarkRange: r.lowMarkRange,
    highMarkRange: r.highMarkRange,
    rubric: r.rubric,
    referenceAnswer: r.referenceAnswer,
    answer: r.answer,
  };
}

export type TLoopQuestion = { key: string; answers: TLoopAnswer[] };

/** The teacher's reply to one request: a mark, a refusal, or nothing (the teacher has gone). */
export type TTeacherReply = { score: number } | { refused: string } | { closed: true };

export type TLoopTeacher = { review(id: string): Promise<TTeacherReply> };

export type TLoopOutput = {
  /** The final mark of an answer (once per answer). */
  final(id: string, score: number): void;
  log(message: string): void;
};

export type TLoopOptions = {
  /** Share of each question's answers the teacher may be asked to mark, 0..1. */
  budget: number;
  /** Rounds of asking (the marks are redone between rounds); 2 by default. */
  rounds?: number;
  /**
   * Which of the teacher's marks become the question's examples: every one (the product's rule,
   * `selectOverriddenExamples`, where an accepted mark counts as the teacher's), or only those that
   * changed the marker's mark ('changed', the rule before; kept to measure the two against each
   * other in `bench:teacher-loop --examples changed`).
   */
  examples?: 'every' | 'changed';
};

/** How many answers of a question of `n` answers the teacher may be asked for. */
export function reviewAllowance(budget: number, n: number): number {
  if (!(budget > 0)) return 0;
  // A small epsilon keeps 0.1 × 30 at 3, not 4 (floating point gives 3.0000000000000004).
  return Math.min(n, Math.ceil(budget * n - 1e-9));
}

type TMarked = { id: string; score: number; candidate: TReviewCandidate };

function markAll(
  answers: readonly TLoopAnswer[],
  examples: TMarkedExample[],
  skip: ReadonlyMap<string, unknown>,
): TMarked[] {
  const out: TMarked[] = [];
  for (const a of answers) {
    if (skip.has(a.id)) continue;
    const input: TMarkingInput = { ...a, examples: examples.length > 0 ? examples : undefined };
    const mark = markOffline(input);
    out.push({
      id: a.id,
      score: mark.score,
      candidate: {
        id: a.id,
        answer: a.answer,
        sureness: markSureness(mark.rawScore, a.marks),
        reading: readingOf(mark.score, mark.evidence),
      },
    });
  }
  return out;
}

/**
 * How much of an answer the screen's order reads: marking is linear in the text (about 3 ms per
 * 2,000 characters), and the order needs the answer's gist, not every word of a 20,000-character one.
 */
export const REVIEW_ORDER_TEXT_CHARS = 4_000;

/**
 * The order in which the teacher should review a question's answers on the marking screen: the
 * loop's own choice (one answer of each of the biggest groups and the least confident in turn,
 * `reviewOrder`), with the teacher's marks so far as the examples, then every other answer still to
 * review in the order given. `reviewed` answers carry the teacher's mark and are left out.
 *
 * With `limit`, only the first `limit` answers of the loop's own choice: the answers "Test on a few
 * first" proposes (the same choice, cut short; exact copies of a proposed answer are not proposed).
 *
 * A generator that pauses after each answer it marks, so a caller on a server's event loop can let
 * other requests run between answers (`screenReviewOrder` runs it straight through).
 */
export function* screenReviewOrderSteps(
  question: Omit<TLoopAnswer, 'id' | 'answer'>,
  answers: readonly { id: string; answer: string; teacherScore?: number | undefined }[],
  options: { limit?: number } = {},
): Generator<void, string[], void> {
  const gist = (text: string) => text.slice(0, REVIEW_ORDER_TEXT_CHARS);
  const examples: TMarkedExample[] = [];
  const reviewed = new Map<string, number>();
  for (const a of answers) {
    if (a.teacherScore === undefined) continue;
    reviewed.set(a.id, a.teacherScore);
    examples.push({ answer: gist(a.answer), score: a.teacherScore });
  }
  const open = answers.filter((a) => !reviewed.has(a.id));
  const candidates: TReviewCandidate[] = [];
  for (const a of open) {
    const [marked] = markAll(
      [{ ...question, id: a.id, answer: gist(a.answer) }],
      examples,
      reviewed,
    );
    if (marked) candidates.push(marked.candidate);
    yield;
  }
  if (options.limit !== undefined) return reviewOrder(candidates, { limit: options.limit });
  const first = reviewOrder(candidates);
  const taken = new Set(first);
  return [...first, ...open.map((a) => a.id).filter((id) => !taken.has(id))];
}

/** `screenReviewOrderSteps` straight through. */
export function screenReviewOrder(
  question: Omit<TLoopAnswer, 'id' | 'answer'>,
  answers: readonly { id: string; answer: string; teacherScore?: number | undefined }[],
  options: { limit?: number } = {},
): string[] {
  const steps = screenReviewOrderSteps(question, answers, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Runs the loop over the questions in order; resolves when every answer has its final mark. */
export async function runTeacherLoop(
  questions: readonly TLoopQuestion[],
  teacher: TLoopTeacher,
  output: TLoopOutput,
  options: TLoopOptions,
): Promise<{ reviewed: number; refused: number; answers: number }> {
  const rounds = Math.max(1, Math.floor(options.rounds ?? 2));
  let teacherGone = false;
  let reviewedAll = 0;
  let refusedAll = 0;
  let answersAll = 0;
  for (const q of questions) {
    const allowance = reviewAllowance(options.budget, q.answers.length);
    const byId = new Map(q.answers.map((a) => [a.id, a]));
    const teacherMarks = new Map<string, number>();
    const asked = new Set<string>();
    // Newest first, as the product passes a question's teacher-marked answers.
    const examples: TMarkedExample[] = [];
    let marked = markAll(q.answers, examples, teacherMarks);
    // The groups of the marker's first reading (a teacher's marks would move answers between them).
    const groups = allowance > 0 ? groupAnswers(marked.map((m) => m.candidate)) : [];
    let stop = teacherGone || allowance === 0;
    for (let round = 1; round <= rounds && !stop; round++) {
      const target = round === rounds ? allowance : Math.ceil((allowance * round) / rounds);
      const machineScore = new Map(marked.map((m) => [m.id, m.score]));
      const wanted = reviewOrder(
        marked.map((m) => m.candidate),
        { limit: target - asked.size, exclude: asked, groups },
      );
      for (const id of wanted) {
        asked.add(id);
        const reply = await teacher.review(id);
        if ('closed' in reply) {
          teacherGone = true;
          stop = true;
          break;
        }
        if ('refused' in reply) {
          refusedAll++;
          output.log(`${q.key}: the teacher refused ${id} (${reply.refused}); no more asked`);
          stop = true;
          break;
        }
        const answer = byId.get(id);
        const marks = answer?.marks ?? 0;
        if (!Number.isFinite(reply.score) || reply.score < 0 || reply.score > marks) {
          output.log(`${q.key}: mark ${reply.score} for ${id} is not in 0..${marks}; not used`);
          continue;
        }
        teacherMarks.set(id, reply.score);
        if (options.examples === 'changed' && machineScore.get(id) === reply.score) continue;
        examples.unshift({ answer: answer?.answer ?? '', score: reply.score });
      }
      if (asked.size >= allowance) stop = true;
      if (examples.length > 0) marked = markAll(q.answers, [...examples], teacherMarks);
    }
    if (examples.length > 0 && marked.length + teacherMarks.size !== q.answers.length) {
      marked = markAll(q.answers, [...examples], teacherMarks);
    }
    const machine = new Map(marked.map((m) => [m.id, m.score]));
    for (const a of q.answers) {
      output.final(a.id, teacherMarks.get(a.id) ?? machine.get(a.id) ?? 0);
    }
    reviewedAll += teacherMarks.size;
    answersAll += q.answers.length;
    output.log(
      `${q.key}: ${q.answers.length} answers, ${teacherMarks.size} marked by the teacher (at most ${allowance}), ${examples.length} examples`,
    );
  }
  return { reviewed: reviewedAll, refused: refusedAll, answers: answersAll };
}

/** Parses one reply line for the answer `id` asked (an unreadable one gives no mark). */
export function parseTeacherReply(line: string, id: string): TTeacherReply | { invalid: string } {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return { invalid: 'not valid JSON' };
  }
  if (typeof json !== 'object' || json === null) return { invalid: 'not an object' };
  const reply = json as { id?: unknown; score?: unknown; refused?: unknown };
  if (reply.id !== id) return { invalid: `answers ${JSON.stringify(reply.id)}, not ${id}` };
  if (typeof reply.refused === 'string') return { refused: reply.refused };
  if (typeof reply.score === 'number' && Number.isFinite(reply.score))
    return { score: reply.score };
  return { invalid: 'has neither a score nor a refusal' };
}

/**
 * The loop over JSON lines (`npm run mark -- --loop`): `{"review":"<id>"}` out, one reply line in
 * (`{"id":"<id>","score":N}` or `{"id":"<id>","refused":"…"}`); `{"id":"<id>","score":N}` out for
 * every answer's final mark; `{"done":true}` last. Logs go to `log` (stderr in the CLI).
 */
export async function runLoopProtocol(
  questions: readonly TLoopQuestion[],
  io: { input: Readable; output: Writable; log: (message: string) => void },
  options: TLoopOptions,
): Promise<{ reviewed: number; refused: number; answers: number }> {
  const lines = createInterface({ input: io.input, crlfDelay: Infinity });
  const iterator = lines[Symbol.asyncIterator]();
  const write = (value: unknown) =>
    new Promise<void>((resolve, reject) => {
      io.output.write(`${JSON.stringify(value)}\n`, (error) => (error ? reject(error) : resolve()));
    });
  const finals: Promise<void>[] = [];
  try {
    const result = await runTeacherLoop(
      questions,
      {
        review: async (id) => {
          await write({ review: id });
          for (;;) {
            const next = await iterator.next();
            if (next.done) return { closed: true };
            if (next.value.trim() === '') continue;
            const reply = parseTeacherReply(next.value, id);
            if (!('invalid' in reply)) return reply;
            io.log(`the reply for ${id} ${reply.invalid}: no mark taken`);
            return { score: Number.NaN };
          }
        },
      },
      { final: (id, score) => finals.push(write({ id, score })), log: io.log },
      options,
    );
    await Promise.all(finals);
    await write({ done: true });
    return result;
  } finally {
    lines.close();
  }
}

import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { z } from 'zod';

/**
 * Records of the marking data format (`../shared/data/marking/README.md`): one self-contained marking
 * task per JSON line. Read as a stream, line by line, so a 30 MB file is never one string.
 */
export const ZMarkingRecord = z.looseObject({
  id: z.string(),
  dataset: z.string().default(''),
  questionId: z.string().default(''),
  question: z.string(),
  marks: z.number().int().min(1),
  lowMarkRange: z.string(),
  highMarkRange: z.string(),
  rubric: z.string(),
  referenceAnswer: z.string().default(''),
  answer: z.string(),
  humanScore: z.number().optional(),
  humanScores: z.array(z.number()).optional(),
});
export type TMarkingRecord = z.infer<typeof ZMarkingRecord>;

/** Streams the records of a JSONL file; a bad line throws with its line number. */
export async function* readRecords(file: string): AsyncGenerator<TMarkingRecord> {
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  let n = 0;
  for await (const line of lines) {
    n++;
    if (line.trim() === '') continue;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      throw new Error(`${file}:${n}: not valid JSON`);
    }
    const parsed = ZMarkingRecord.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(
        `${file}:${n}: ${issue?.path.join('.') || 'record'} ${issue?.message ?? 'is invalid'}`,
      );
    }
    yield parsed.data;
  }
}

/** The question a record answers: its data set and question id, or its text when it has no id. */
export function questionKeyOf(r: TMarkingRecord): string {
  return r.questionId
    ? `${r.dataset}/${r.questionId}`
    : `${r.dataset}/${r.question}\u0000${r.rubric}`;
}

function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** A small seeded generator (mulberry32): the same seed gives the same sequence everywhere. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Picks `n` record ids per question as human-marked examples: a seeded shuffle of each question's
 * ids (in file order), so the pick is the same on every run and machine. Only records with a human
 * score can be examples.
 */
export function pickExampleIds(
  idsByQuestion: ReadonlyMap<string, readonly string[]>,
  n: number,
  seed = 1,
): Set<string> {
  const out = new Set<string>();
  if (n <= 0) return out;
  for (const [key, ids] of idsByQuestion) {
    const order = [...ids];
    const random = seededRandom(hashString(key) ^ seed);
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j] as string, order[i] as string];
    }
    for (const id of order.slice(0, n)) out.add(id);
  }
  return out;
}

export type TExampleSet = {
  exampleIds: Set<string>;
  /** question key -> its examples (answer and human score). */
  examples: Map<string, { answer: string; score: number }[]>;
};

/**
 * Two streaming passes over a file: collect each question's ids, pick `n` examples per question,
 * then read those examples' answers. The caller marks in a third pass, skipping the example ids.
 */
export async function loadExamples(file: string, n: number, seed = 1): Promise<TExampleSet> {
  const ids = new Map<string, string[]>();
  for await (const r of readRecords(file)) {
    if (r.humanScore === undefined) continue;
    const key = questionKeyOf(r);
    const list = ids.get(key);
    if (list) list.push(r.id);
    else ids.set(key, [r.id]);
  }
  const exampleIds = pickExampleIds(ids, n, seed);
  const examples = new Map<string, { answer: string; score: number }[]>();
  if (exampleIds.size === 0) return { exampleIds, examples };
  for await (const r of readRecords(file)) {
    if (!exampleIds.has(r.id) || r.humanScore === undefined) continue;
    const key = questionKeyOf(r);
    const list = examples.get(key);
    const item = { answer: r.answer, score: r.humanScore };
    if (list) list.push(item);
    else examples.set(key, [item]);
  }
  return { exampleIds, examples };
}

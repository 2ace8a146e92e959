import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { PassThrough } from 'node:stream';
import { parseArgs } from 'node:util';
import { markConfidence } from '../apps/server/src/marking/confidence';
import { seededRandom, type TMarkingRecord } from '../apps/server/src/marking/dataset';
import {
  loopAnswerOf,
  reviewAllowance,
  runLoopProtocol,
  type TLoopQuestion,
} from '../apps/server/src/marking/loop/teacher-loop';
import { summarise, type TScored } from '../apps/server/src/marking/metrics';
import { markOffline } from '../apps/server/src/marking/offline/offline-marker';
import { loadQuestions, type TQuestionData } from './learning-curve';

/**
 * `npm run bench:teacher-loop` (issue 27): a simulated teacher marks each class with the product.
 * The loop protocol (`npm run mark -- --loop`, `marking/loop/teacher-loop.ts`) runs over streams,
 * exactly as over stdin/stdout, with a harness that answers each `{"review":id}` from the record's
 * human score and refuses ("over budget") past ceil(F × the question's answers). Final marks are
 * compared with the human marks (QWK per question; Fisher mean and pooled QWK per part), at budgets
 * 0, 0.1, 0.2 and 0.3, beside "random review": the budget-0 marks with a random share F of each
 * question's answers replaced by the human's (mean over five draws).
 *
 * The questions are split as the learning curve splits them (`learning-curve.ts`): ASAP sets 1, 3,
 * 5, 7, 9 and every other SAF question were used to tune the marker; ASAP 2, 4, 6, 8, 10 and the
 * other SAF questions never were (held out), and are reported apart.
 *
 * Options: --limit N|all (a seeded sample of N answers per question, 300 by default: the whole
 * of ASAP takes about 16 minutes on a shared two-core machine, the sample about 2), --budgets
 * 0,0.1,0.2,0.3, --seed N, --rounds N (rounds of asking, 2 by default), --files a,b, --part
 * tuning|held-out|all (all by default), --examples every|changed (which teacher marks become the
 * question's examples: every one, as the product does, or only those that changed the marker's mark).
 */

const dataDir = path.resolve(
  process.env.MARKING_DATA_DIR ?? path.join(import.meta.dirname, '../../shared/data/marking'),
);
const FILES = ['asap-sas-train.jsonl', 'saf-en-train.jsonl'];
const RANDOM_DRAWS = 5;
/** Answers per question by default (ASAP's questions have 1,150–1,628, SAF's about 80). */
const DEFAULT_LIMIT = 300;

type TRun = { finals: Map<string, number>; reviewed: number; refused: number; seconds: number };

function sample(q: TQuestionData, limit: number, seed: number): TMarkingRecord[] {
  if (q.records.length <= limit) return q.records;
  const order = [...q.records];
  const random = seededRandom(seed * 7919 + q.key.length * 31 + q.records.length);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j] as TMarkingRecord, order[i] as TMarkingRecord];
  }
  const kept = new Set(order.slice(0, limit).map((r) => r.id));
  return q.records.filter((r) => kept.has(r.id));
}

/** The loop over streams, the harness answering from the human scores within the budget. */
async function runLoop(
  questions: readonly TLoopQuestion[],
  human: ReadonlyMap<string, number>,
  questionOf: ReadonlyMap<string, TLoopQuestion>,
  budget: number,
  rounds: number,
  examples: 'every' | 'changed',
): Promise<TRun> {
  const started = performance.now();
  const toMarker = new PassThrough();
  const fromMarker = new PassThrough();
  const finals = new Map<string, number>();
  const asked = new Map<string, number>();
  let reviewed = 0;
  let refused = 0;
  const harness = (async () => {
    for await (const line of createInterface({ input: fromMarker, crlfDelay: Infinity })) {
      const json = JSON.parse(line) as { review?: string; id?: string; score?: number };
      if (typeof json.review === 'string') {
        const id = json.review;
        const q = questionOf.get(id);
        const n = asked.get(q?.key ?? '') ?? 0;
        if (!q || n >= reviewAllowance(budget, q.answers.length)) {
          refused++;
          toMarker.write(`${JSON.stringify({ id, refused: 'over budget' })}\n`);
        } else {
          asked.set(q.key, n + 1);
          reviewed++;
          toMarker.write(`${JSON.stringify({ id, score: human.get(id) ?? 0 })}\n`);
        }
      } else if (typeof json.id === 'string' && typeof json.score === 'number') {
        if (finals.has(json.id)) throw new Error(`${json.id} was given two final marks`);
        finals.set(json.id, json.score);
      } else if ('done' in json) break;
    }
  })();
  await runLoopProtocol(
    questions,
    { input: toMarker, output: fromMarker, log: () => {} },
    { budget, rounds, examples },
  );
  fromMarker.end();
  await harness;
  toMarker.end();
  return { finals, reviewed, refused, seconds: (performance.now() - started) / 1000 };
}

function fmt(k: number): string {
  return k.toFixed(3).padStart(6);
}

async function benchFile(
  file: string,
  options: {
    part: 'tuning' | 'held-out' | 'all';
    limit: number;
    budgets: number[];
    seed: number;
    rounds: number;
    examples: 'every' | 'changed';
  },
): Promise<void> {
  const name = path.basename(file);
  const data = (await loadQuestions(file)).filter(
    (q) => options.part === 'all' || q.heldOut === (options.part === 'held-out'),
  );
  const sampled = data.map((q) => ({ ...q, records: sample(q, options.limit, options.seed) }));
  const human = new Map<string, number>();
  const questions: (TLoopQuestion & { label: string; heldOut: boolean; marks: number })[] =
    sampled.map((q) => ({
      key: q.key,
      label: q.label,
      heldOut: q.heldOut,
      marks: q.records[0]?.marks ?? 1,
      answers: q.records.map((r) => {
        human.set(r.id, r.humanScore ?? 0);
        return loopAnswerOf(r);
      }),
    }));
  const questionOf = new Map(questions.flatMap((q) => q.answers.map((a) => [a.id, q] as const)));
  const total = questions.reduce((s, q) => s + q.answers.length, 0);
  const all = data.reduce((s, q) => s + q.records.length, 0);
  console.log(
    `\n${name}: ${questions.length} questions, ${total} answers${total < all ? ` (a seeded sample of at most ${options.limit} a question, seed ${options.seed}, of ${all})` : ''}`,
  );

  const runs = new Map<number, TRun>();
  for (const budget of [0, ...options.budgets.filter((b) => b > 0)]) {
    const run = await runLoop(
      questions,
      human,
      questionOf,
      budget,
      options.rounds,
      options.examples,
    );
    runs.set(budget, run);
    console.log(
      `  budget ${budget}: ${run.reviewed} reviews asked and answered, ${run.refused} refused, ${run.finals.size} final marks, ${run.seconds.toFixed(1)} s`,
    );
  }
  const zero = runs.get(0)?.finals ?? new Map<string, number>();

  // Random review: the budget-0 marks, a random share of each question's answers replaced.
  const randomFinals = (budget: number, draw: number): Map<string, number> => {
    const out = new Map(zero);
    for (const q of questions) {
      const n = reviewAllowance(budget, q.answers.length);
      const order = q.answers.map((a) => a.id);
      const random = seededRandom(options.seed * 104729 + draw * 1299709 + q.key.length);
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [order[i], order[j]] = [order[j] as string, order[i] as string];
      }
      for (const id of order.slice(0, n)) out.set(id, human.get(id) ?? 0);
    }
    return out;
  };

  const scoreOf = (finals: ReadonlyMap<string, number>, heldOut: boolean) => {
    const rows: TScored[] = questions
      .filter((q) => q.heldOut === heldOut)
      .flatMap((q) =>
        q.answers.map((a) => ({
          group: q.label,
          marks: q.marks,
          predicted: finals.get(a.id) ?? 0,
          human: human.get(a.id) ?? 0,
        })),
      );
    return summarise(rows);
  };

  for (const heldOut of [false, true]) {
    const part = questions.filter((q) => q.heldOut === heldOut);
    if (part.length === 0) continue;
    console.log(
      `\n  ${heldOut ? 'held-out questions (never tuned on)' : 'tuning questions'}: ${part.map((q) => q.label.split(' ').pop()).join(', ')}`,
    );
    console.log(
      `  ${'budget'.padEnd(8)} ${'loop: Fisher mean QWK'.padStart(22)} ${'pooled'.padStart(7)}   ${'random review: Fisher'.padStart(22)} ${'pooled'.padStart(7)}`,
    );
    for (const budget of [0, ...options.budgets.filter((b) => b > 0)]) {
      const loop = scoreOf(runs.get(budget)?.finals ?? new Map(), heldOut);
      const draws = Array.from({ length: RANDOM_DRAWS }, (_, d) =>
        scoreOf(randomFinals(budget, d + 1), heldOut),
      );
      const mean = (pick: (a: (typeof draws)[number]) => number) =>
        draws.reduce((s, a) => s + pick(a), 0) / draws.length;
      console.log(
        `  ${String(budget).padEnd(8)} ${fmt(loop.fisherMeanQwk).padStart(22)} ${fmt(loop.qwk).padStart(7)}   ${fmt(mean((a) => a.fisherMeanQwk)).padStart(22)} ${fmt(mean((a) => a.qwk)).padStart(7)}`,
      );
    }
    const perZero = scoreOf(zero, heldOut).perGroupQwk;
    for (const at of options.budgets.filter((b) => b > 0)) {
      const perQuestion = scoreOf(runs.get(at)?.finals ?? new Map(), heldOut).perGroupQwk;
      console.log(
        `  per question, budget 0 → ${at}: ${Object.entries(perQuestion)
          .map(([g, k]) => `${g.split(' ').pop()} ${(perZero[g] ?? 0).toFixed(2)}→${k.toFixed(2)}`)
          .join(', ')}`,
      );
    }
  }

  // How well needsReview finds the marker's mistakes (zero-shot marks).
  let flagged = 0;
  let flaggedWrong = 0;
  let restWrong = 0;
  const reasons = new Map<string, number>();
  for (const q of questions) {
    for (const a of q.answers) {
      const mark = markOffline(a);
      const c = markConfidence(a, mark);
      const wrong = mark.score !== (human.get(a.id) ?? 0);
      if (c.needsReview) {
        flagged++;
        if (wrong) flaggedWrong++;
      } else if (wrong) restWrong++;
      if (c.reason) reasons.set(c.reason, (reasons.get(c.reason) ?? 0) + 1);
    }
  }
  const pct = (x: number, n: number) => `${n > 0 ? ((100 * x) / n).toFixed(1) : '-'} %`;
  console.log(
    `\n  needsReview on the budget-0 marks: ${pct(flagged, total)} of the answers; marks that differ from the human's: ${pct(flaggedWrong, flagged)} of those, ${pct(restWrong, total - flagged)} of the rest. Doubts named: ${[
      ...reasons,
    ]
      .map(([r, n]) => `${r} ${n}`)
      .join(', ')}`,
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      limit: { type: 'string' },
      budgets: { type: 'string' },
      seed: { type: 'string' },
      rounds: { type: 'string' },
      files: { type: 'string' },
      part: { type: 'string' },
      examples: { type: 'string' },
    },
    strict: true,
  });
  if (!existsSync(dataDir)) {
    console.log(`No marking data at ${dataDir}: nothing to measure.`);
    return;
  }
  const limit =
    values.limit === 'all' ? Number.POSITIVE_INFINITY : Number(values.limit ?? DEFAULT_LIMIT);
  if (!(limit > 0)) throw new Error('--limit must be a number of answers or "all"');
  const budgets = (values.budgets ?? '0,0.1,0.2,0.3').split(',').map(Number);
  if (budgets.some((b) => !Number.isFinite(b) || b < 0 || b > 1))
    throw new Error('--budgets must be shares from 0 to 1');
  const parts = ['tuning', 'held-out', 'all'] as const;
  const part = parts.find((p) => p === (values.part ?? 'all'));
  if (!part) throw new Error('--part must be tuning, held-out or all');
  const examples = (['every', 'changed'] as const).find((e) => e === (values.examples ?? 'every'));
  if (!examples) throw new Error('--examples must be every or changed');
  const options = {
    part,
    examples,
    limit,
    budgets,
    seed: Number(values.seed ?? 1),
    rounds: Number(values.rounds ?? 2),
  };
  console.log(
    `Teacher loop: final marks against the human marks at review budgets ${[0, ...budgets.filter((b) => b > 0)].join(', ')} (share of each question's answers the teacher marks), ${options.rounds} round(s) of asking, examples: ${examples === 'every' ? 'every teacher mark' : "only the marks that changed the marker's"}; "random review" = the budget-0 marks with that share of each question's answers, drawn at random, replaced by the human's (mean of ${RANDOM_DRAWS} draws).`,
  );
  const started = performance.now();
  const files = values.files ? values.files.split(',') : FILES;
  for (const f of files) {
    const file = path.join(dataDir, f);
    if (!existsSync(file)) {
      console.log(`\n${f}: not found in ${dataDir}, skipped`);
      continue;
    }
    await benchFile(file, options);
  }
  console.log(`\nDone in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
});

import path from 'node:path';
import {
  questionKeyOf,
  readRecords,
  seededRandom,
  type TMarkingRecord,
} from '../apps/server/src/marking/dataset';
import { fisherMeanKappa, quadraticWeightedKappa } from '../apps/server/src/marking/metrics';
import { markOffline } from '../apps/server/src/marking/offline/offline-marker';

/**
 * The learning curve of the offline marker: per question, a fixed test split of its answers is
 * marked with 0, 10, 30, 100 and 300 teacher-marked examples drawn from the other answers (never a
 * test answer), by the rubric engine alone and by the rubric engine blended with the learned model.
 *
 * Part of the data is held out of all tuning: ASAP sets 2, 4, 6, 8, 10 and every other SAF question
 * (in id order) were never looked at while the learned model and its blend were designed and tuned;
 * the tuning part is ASAP sets 1, 3, 5, 7, 9 and the other SAF questions.
 */

export const CURVE_SIZES = [0, 10, 30, 50, 100, 300] as const;

export type TCurveOptions = {
  sizes: readonly number[];
  /** Which part of the data: the tuning part, the held-out part, or both. */
  part: 'tuning' | 'held-out' | 'all';
  /** Test answers per question (at most; at least a third of a small question's answers). */
  testPerQuestion: number;
  /** One split of each question's answers per seed; the figures are the mean over the splits. */
  seeds: readonly number[];
  /** Only these sets (labels such as "ASAP 1" or question ids such as "2.1_DLL"); all when empty. */
  only: readonly string[];
};

export type TQuestionData = {
  key: string;
  label: string;
  records: TMarkingRecord[];
  heldOut: boolean;
};

/** Set label and part of one question. */
function partOf(
  dataset: string,
  questionId: string,
  indexInFile: number,
): { label: string; heldOut: boolean } {
  if (dataset === 'asap-sas') {
    const set = Number(questionId);
    return { label: `ASAP ${questionId}`, heldOut: set % 2 === 0 };
  }
  return { label: `${dataset} ${questionId}`, heldOut: indexInFile % 2 === 1 };
}

export async function loadQuestions(file: string): Promise<TQuestionData[]> {
  const byKey = new Map<string, TMarkingRecord[]>();
  for await (const r of readRecords(file)) {
    if (r.humanScore === undefined) continue;
    const key = questionKeyOf(r);
    const list = byKey.get(key);
    if (list) list.push(r);
    else byKey.set(key, [r]);
  }
  const keys = [...byKey.keys()].sort((a, b) =>
    a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' }),
  );
  return keys.map((key, i) => {
    const records = byKey.get(key) ?? [];
    const first = records[0];
    const { label, heldOut } = partOf(first?.dataset ?? '', first?.questionId ?? key, i);
    return { key, label, records, heldOut };
  });
}

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const order = [...items];
  const random = seededRandom(seed);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j] as T, order[i] as T];
  }
  return order;
}

type TCell = { rubric: number; blend: number; weight: string; fitMs: number } | undefined;
type TCurveRow = {
  label: string;
  heldOut: boolean;
  testAnswers: number;
  cells: TCell[];
  /** Splits (seeds) on which the blend marked this set worse than the rubric engine alone. */
  worse: string[];
};

/** The mean of one set's rows over several splits (QWK and weight averaged, slowest fit kept). */
function meanRow(
  rows: readonly TCurveRow[],
  sizes: readonly number[],
  seeds: readonly number[],
): TCurveRow {
  const first = rows[0];
  if (!first || rows.length === 1)
    return first ?? { label: '', heldOut: false, testAnswers: 0, cells: [], worse: [] };
  const cells = sizes.map((size, i): TCell => {
    const all = rows.map((r) => r.cells[i]);
    if (all.some((c) => c === undefined)) return undefined;
    const present = all.filter((c): c is NonNullable<TCell> => c !== undefined);
    const mean = (pick: (c: NonNullable<TCell>) => number) =>
      present.reduce((s, c) => s + pick(c), 0) / present.length;
    return {
      rubric: mean((c) => c.rubric),
      blend: mean((c) => c.blend),
      weight: mean((c) => Number(c.weight)).toFixed(2),
      fitMs: Math.max(...present.map((c) => c.fitMs)),
    };
  });
  const worse = rows.flatMap((r, k) =>
    r.cells.flatMap((c, i) =>
      c && c.blend < c.rubric - 1e-9
        ? [`@${sizes[i]} seed ${seeds[k]} (${c.blend.toFixed(3)} < ${c.rubric.toFixed(3)})`]
        : [],
    ),
  );
  return { ...first, cells, worse };
}

function curveRow(q: TQuestionData, options: TCurveOptions, seed: number): TCurveRow {
  const order = shuffled(q.records, seed * 7919 + q.key.length);
  const test = order.slice(0, Math.min(options.testPerQuestion, Math.ceil(order.length / 3)));
  const pool = order.slice(test.length);
  const human = test.map((r) => r.humanScore ?? 0);
  const marks = test[0]?.marks ?? 1;
  const cells = options.sizes.map((size): TCell => {
    if (size > pool.length) return undefined;
    const examples = pool
      .slice(0, size)
      .map((r) => ({ answer: r.answer, score: r.humanScore ?? 0 }));
    const rubric = test.map((r) => markOffline({ ...r, examples }, { learned: false }).rawScore);
    const started = performance.now();
    const first = test[0] ? markOffline({ ...test[0], examples }) : undefined;
    const fitMs = performance.now() - started;
    const blended = test.map((r) => markOffline({ ...r, examples }));
    const engine = first?.engine ?? '';
    const weight = /w=([\d.]+)/.exec(engine)?.[1] ?? '0';
    return {
      rubric: quadraticWeightedKappa(rubric, human, marks),
      blend: quadraticWeightedKappa(
        blended.map((m) => m.rawScore),
        human,
        marks,
      ),
      weight,
      fitMs,
    };
  });
  return { label: q.label, heldOut: q.heldOut, testAnswers: test.length, cells, worse: [] };
}

function fmt(k: number | undefined): string {
  return k === undefined ? '   -  ' : k.toFixed(3).padStart(6);
}

function printRows(title: string, rows: TCurveRow[], sizes: readonly number[]): void {
  if (rows.length === 0) return;
  console.log(`\n${title}`);
  const head = sizes.map((s) => `${String(s).padStart(4)} ex: rubric  blend (w)`.padEnd(27));
  console.log(`${'set'.padEnd(16)} ${'test'.padStart(4)}  ${head.join(' ')}`);
  const line = (
    label: string,
    test: string,
    cells: (TCell | { rubric: number; blend: number; weight: string })[],
  ) =>
    console.log(
      `${label.padEnd(16)} ${test.padStart(4)}  ${cells
        .map((c) =>
          c === undefined
            ? '        -       -       '.padEnd(27)
            : `        ${fmt(c.rubric)}  ${fmt(c.blend)} ${`(${c.weight})`.padEnd(6)}`.padEnd(27),
        )
        .join(' ')}`,
    );
  for (const r of rows) line(r.label, String(r.testAnswers), r.cells);
  const means = sizes.map((_, i) => {
    const cells = rows
      .map((r) => r.cells[i])
      .filter((c): c is NonNullable<TCell> => c !== undefined);
    if (cells.length === 0) return undefined;
    return {
      rubric: fisherMeanKappa(cells.map((c) => c.rubric)),
      blend: fisherMeanKappa(cells.map((c) => c.blend)),
      weight: '',
    };
  });
  line('Fisher mean', '', means);
  const worse = rows.flatMap((r) => [
    ...r.cells.flatMap((c, i) =>
      c && c.blend < c.rubric - 1e-9
        ? [`${r.label} @${sizes[i]} (${c.blend.toFixed(3)} < ${c.rubric.toFixed(3)})`]
        : [],
    ),
    ...r.worse.map((w) => `${r.label} ${w}`),
  ]);
  console.log(
    worse.length === 0
      ? '  no set marked worse by the blend than by the rubric engine alone'
      : `  blend below the rubric engine: ${worse.join('; ')}`,
  );
}

/** Prints the learning curve of one data file. */
export async function printLearningCurve(file: string, options: TCurveOptions): Promise<void> {
  const questions = (await loadQuestions(file))
    .filter((q) => options.part === 'all' || (options.part === 'held-out' ? q.heldOut : !q.heldOut))
    .filter(
      (q) =>
        options.only.length === 0 ||
        options.only.some((o) => q.label === o || q.label.endsWith(` ${o}`)),
    );
  const started = performance.now();
  const rows = questions.map((q) =>
    meanRow(
      options.seeds.map((seed) => curveRow(q, options, seed)),
      options.sizes,
      options.seeds,
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const name = path.basename(file);
  printRows(
    `${name}: tuning part (learned model designed and tuned on these)`,
    rows.filter((r) => !r.heldOut),
    options.sizes,
  );
  printRows(
    `${name}: held-out part (never used for tuning)`,
    rows.filter((r) => r.heldOut),
    options.sizes,
  );
  const fits = rows.flatMap((r) => r.cells.map((c, i) => ({ c, size: options.sizes[i] ?? 0 })));
  const big = fits.filter(
    (f) =>
      f.c &&
      f.size === Math.max(...options.sizes.filter((s) => fits.some((g) => g.size === s && g.c))),
  );
  const slowest = Math.max(0, ...big.map((f) => f.c?.fitMs ?? 0));
  console.log(
    `  fit of the learned model (with its cross-validation) + first mark, ${big[0]?.size ?? 0} examples: at most ${slowest.toFixed(0)} ms; curve computed in ${seconds.toFixed(1)} s`,
  );
}

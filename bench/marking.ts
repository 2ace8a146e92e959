import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  loadExamples,
  questionKeyOf,
  readRecords,
  type TMarkingRecord,
} from '../apps/server/src/marking/dataset';
import {
  fisherMeanKappa,
  quadraticWeightedKappa,
  summarise,
  type TAgreement,
  type TScored,
} from '../apps/server/src/marking/metrics';
import { markOffline } from '../apps/server/src/marking/offline/offline-marker';
import {
  CURVE_SIZES,
  loadQuestions,
  printLearningCurve,
  type TCurveOptions,
} from './learning-curve';

/**
 * `npm run bench:marking [-- options]`: the offline marker against human marks on every `*.jsonl` file of
 * ../shared/data/marking (or MARKING_DATA_DIR), zero-shot and with 10 human-marked examples per
 * question, next to two length-only baselines computed on the same answers. Metrics are those of the
 * data README (pooled QWK, ASAP per-set Fisher-z mean, Pearson r, RMSE, exact agreement). Then the
 * learning curve (`learning-curve.ts`): QWK per set with 0..300 teacher-marked examples per question,
 * rubric engine alone and blended with the learned model.
 *
 * Then, for files with reference answers (SAF), the zero-shot marks of reference-answer questions:
 * with the data's rubric (built from the reference answer's sentences) and with the reference
 * answer alone as the rubric, on the tuning and held-out questions of the learning curve.
 *
 * Options: --curve-only (skip the tables above), --no-reference (skip the reference-answer figures),
 * --no-curve, --part tuning|held-out|all,
 * --sets 1,3,2.1_DLL (only these sets), --sizes 0,10,30,100,300, --test N (test answers per question,
 * default 300), --seed N, or --seeds 1,2,3 (one split of each question per seed; the curve is the
 * mean over the splits, and a blend worse than the rubric engine on any one split is listed).
 */

const EXAMPLES = 10;
/** Each pick of examples is one random draw; the figures are the mean over these picks. */
const SEEDS = [1, 2, 3];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.resolve(
  process.env.MARKING_DATA_DIR ?? path.join(root, '../shared/data/marking'),
);

type TRow = { label: string; agreement: TAgreement; perSecond?: number; fittedOnAll?: TRow };

function wordCount(text: string): number {
  return text.split(/\s+/).filter((w) => w.length > 0).length;
}

/** Least-squares line of score on word count; a constant when the words do not vary. */
function fitLength(points: { words: number; score: number }[]): (words: number) => number {
  const n = points.length;
  if (n === 0) return () => 0;
  const mx = points.reduce((s, p) => s + p.words, 0) / n;
  const my = points.reduce((s, p) => s + p.score, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const p of points) {
    sxy += (p.words - mx) * (p.score - my);
    sxx += (p.words - mx) ** 2;
  }
  const b = sxx > 0 ? sxy / sxx : 0;
  return (words) => my + b * (words - mx);
}

function clampRaw(x: number, marks: number): number {
  return Math.min(marks, Math.max(0, x));
}

async function markFile(file: string, withExamples: number, seed: number): Promise<TRow> {
  const { exampleIds, examples } = await loadExamples(file, withExamples, seed);
  const rows: TScored[] = [];
  const started = performance.now();
  for await (const r of readRecords(file)) {
    if (exampleIds.has(r.id) || r.humanScore === undefined) continue;
    const result = markOffline({ ...r, examples: examples.get(questionKeyOf(r)) });
    rows.push({
      group: r.questionId,
      marks: r.marks,
      predicted: result.rawScore,
      human: r.humanScore,
    });
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    label: withExamples > 0 ? `offline, ${withExamples} examples/question` : 'offline, zero-shot',
    agreement: summarise(rows),
    perSecond: rows.length / seconds,
  };
}

/** The mean of each figure over several rows (one per pick of examples). */
function meanRow(label: string, rows: TRow[]): TRow {
  const n = rows.length;
  const mean = (pick: (r: TRow) => number) => rows.reduce((s, r) => s + pick(r), 0) / n;
  const groups = Object.keys(rows[0]?.agreement.perGroupQwk ?? {});
  return {
    label,
    agreement: {
      answers: Math.round(mean((r) => r.agreement.answers)),
      qwk: mean((r) => r.agreement.qwk),
      fisherMeanQwk: mean((r) => r.agreement.fisherMeanQwk),
      fisherMeanCeiling: mean((r) => r.agreement.fisherMeanCeiling),
      perGroupQwk: Object.fromEntries(
        groups.map((g) => [g, mean((r) => r.agreement.perGroupQwk[g] ?? 0)]),
      ),
      pearson: mean((r) => r.agreement.pearson),
      rmse: mean((r) => r.agreement.rmse),
      exact: mean((r) => r.agreement.exact),
    },
    perSecond: mean((r) => r.perSecond ?? 0),
  };
}

/** The same with examples, once per seed, averaged. */
async function markFileWithExamples(file: string): Promise<TRow> {
  const rows: TRow[] = [];
  for (const seed of SEEDS) rows.push(await markFile(file, EXAMPLES, seed));
  return meanRow(`offline, ${EXAMPLES} examples/question`, rows);
}

/** Length-only baselines: per question, fitted on its 10 examples (one pick), and on all of its answers. */
async function lengthBaselines(file: string, seed: number): Promise<TRow> {
  const { exampleIds, examples } = await loadExamples(file, EXAMPLES, seed);
  const byQuestion = new Map<string, { words: number; score: number; record: TMarkingRecord }[]>();
  for await (const r of readRecords(file)) {
    if (r.humanScore === undefined) continue;
    const key = questionKeyOf(r);
    const item = { words: wordCount(r.answer), score: r.humanScore, record: { ...r, answer: '' } };
    const list = byQuestion.get(key);
    if (list) list.push(item);
    else byQuestion.set(key, [item]);
  }
  const few: TScored[] = [];
  const all: TScored[] = [];
  for (const [key, items] of byQuestion) {
    const fromExamples = fitLength(
      (examples.get(key) ?? []).map((e) => ({ words: wordCount(e.answer), score: e.score })),
    );
    const fromAll = fitLength(items);
    for (const it of items) {
      const { record } = it;
      all.push({
        group: record.questionId,
        marks: record.marks,
        predicted: clampRaw(fromAll(it.words), record.marks),
        human: it.score,
      });
      if (exampleIds.has(record.id)) continue;
      few.push({
        group: record.questionId,
        marks: record.marks,
        predicted: clampRaw(fromExamples(it.words), record.marks),
        human: it.score,
      });
    }
  }
  return {
    label: `length only, ${EXAMPLES} examples/question`,
    agreement: summarise(few),
    fittedOnAll: { label: 'length only, fitted on all answers', agreement: summarise(all) },
  };
}

function printTable(file: string, rows: TRow[]): void {
  const head = [
    'engine',
    'answers',
    'QWK',
    'QWK per-set',
    'ceiling',
    'Pearson r',
    'RMSE',
    'exact',
    'answers/s',
  ];
  const lines = rows.map((r) => [
    r.label,
    String(r.agreement.answers),
    r.agreement.qwk.toFixed(3),
    r.agreement.fisherMeanQwk.toFixed(3),
    r.agreement.fisherMeanCeiling.toFixed(3),
    r.agreement.pearson.toFixed(3),
    r.agreement.rmse.toFixed(3),
    `${(r.agreement.exact * 100).toFixed(1)} %`,
    r.perSecond === undefined || r.perSecond === 0
      ? ''
      : Math.round(r.perSecond).toLocaleString('en-GB'),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(`\n${path.basename(file)}`);
  console.log(fmt(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of lines) console.log(fmt(l));
  for (const r of rows.slice(0, 2)) {
    const sets = Object.entries(r.agreement.perGroupQwk);
    if (sets.length > 12) continue;
    console.log(
      `  ${r.label} per question: ${sets.map(([g, k]) => `${g} ${k.toFixed(3)}`).join(', ')}`,
    );
  }
}

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function curveOptions(): TCurveOptions {
  const part = argValue('--part') ?? 'all';
  if (part !== 'tuning' && part !== 'held-out' && part !== 'all') {
    throw new Error('--part must be tuning, held-out or all');
  }
  const list = (v: string | undefined) => (v ?? '').split(',').filter((x) => x.trim() !== '');
  const sizes = list(argValue('--sizes')).map(Number);
  return {
    part,
    sizes: sizes.length > 0 ? sizes : CURVE_SIZES,
    testPerQuestion: Number(argValue('--test') ?? 300),
    seeds: list(argValue('--seeds') ?? argValue('--seed') ?? '1').map(Number),
    only: list(argValue('--sets')),
  };
}

async function main(): Promise<void> {
  const curveOnly = process.argv.includes('--curve-only');
  const noCurve = process.argv.includes('--no-curve');
  const options = curveOptions();
  if (!existsSync(dataDir)) {
    console.log(
      `No marking data at ${dataDir}: nothing to measure. Set MARKING_DATA_DIR to a folder of *.jsonl files in the format of ../shared/data/marking/README.md.`,
    );
    return;
  }
  const files = readdirSync(dataDir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .map((f) => path.join(dataDir, f));
  if (files.length === 0) {
    console.log(`No *.jsonl files in ${dataDir}: nothing to measure.`);
    return;
  }
  if (!curveOnly) await printTables(files);
  if (!process.argv.includes('--no-reference')) {
    for (const file of files) await printReferenceZeroShot(file);
  }
  if (noCurve) return;
  console.log(
    `\nLearning curve: QWK per set on a fixed test split of each question's answers (${options.seeds.length > 1 ? `mean over ${options.seeds.length} random splits, seeds ${options.seeds.join(', ')}; ` : ''}up to ${options.testPerQuestion} a question, at most a third of them), with 0..${Math.max(...options.sizes)} teacher-marked examples per question drawn from the other answers (never a test answer). "rubric" = the rubric engine alone, "blend" = blended with the learned model, (w) = the learned model's weight chosen by cross-validation on the examples. References (ASAP official test set): bag-of-words benchmark 0.646, length benchmark 0.323, human agreement 0.904. A "-" means the question has too few answers for that many examples.`,
  );
  for (const file of files) await printLearningCurve(file, options);
}

/**
 * Zero-shot QWK of the questions that have a reference answer, per question (Fisher mean over the
 * tuning and the held-out questions of the learning curve, and pooled): with the data's rubric, and
 * with the reference answer alone as the whole rubric, as a teacher who gives only a model answer.
 */
async function printReferenceZeroShot(file: string): Promise<void> {
  const questions = (await loadQuestions(file)).filter((q) =>
    q.records.some((r) => (r.referenceAnswer ?? '').trim() !== ''),
  );
  if (questions.length === 0) return;
  const variants = [
    {
      label: "the data's rubric (from the reference answer)",
      rubric: (r: TMarkingRecord) => r.rubric,
    },
    {
      label: 'the reference answer alone as the rubric',
      rubric: (r: TMarkingRecord) => r.referenceAnswer ?? '',
    },
  ];
  console.log(
    `\n${path.basename(file)}: reference-answer questions, zero-shot (no examples), QWK per question; Fisher mean over the learning curve's tuning / held-out questions, pooled QWK over all answers`,
  );
  for (const v of variants) {
    const perPart = { tuning: [] as number[], heldOut: [] as number[] };
    const pooled = { predicted: [] as number[], human: [] as number[] };
    const each: string[] = [];
    for (const q of questions) {
      const marks = q.records[0]?.marks ?? 1;
      const predicted = q.records.map(
        (r) => markOffline({ ...r, rubric: v.rubric(r) }, { learned: false }).rawScore,
      );
      const human = q.records.map((r) => r.humanScore ?? 0);
      const k = quadraticWeightedKappa(predicted, human, marks);
      (q.heldOut ? perPart.heldOut : perPart.tuning).push(k);
      // Pooled on the share of the marks (questions may differ in marks), on a 0..4 scale.
      pooled.predicted.push(...predicted.map((p) => (4 * p) / marks));
      pooled.human.push(...human.map((h) => (4 * h) / marks));
      each.push(`${q.label.split(' ').pop() ?? q.label} ${k.toFixed(3)}`);
    }
    console.log(
      `  ${v.label}: tuning ${fisherMeanKappa(perPart.tuning).toFixed(3)}, held-out ${fisherMeanKappa(perPart.heldOut).toFixed(3)}, all ${fisherMeanKappa([...perPart.tuning, ...perPart.heldOut]).toFixed(3)} (pooled ${quadraticWeightedKappa(pooled.predicted, pooled.human, 4).toFixed(3)})`,
    );
    console.log(`    per question: ${each.join(', ')}`);
  }
}

async function printTables(files: string[]): Promise<void> {
  console.log(
    `Offline marker vs human marks (${dataDir}). QWK = pooled quadratic weighted kappa; QWK per-set = Fisher-z mean of per-question QWK (the ASAP figure); examples = ${EXAMPLES} human-marked answers per question (seeded picks; figures are the mean of ${SEEDS.length} picks), left out of the figures. Length-only rows: per question, a least-squares line of score on word count. Ceiling = the per-set QWK the same ordering of answers would reach with perfect calibration (categories given by rank with the human histogram): what a better mapping to marks could still win.`,
  );
  for (const file of files) {
    const lengths: TRow[] = [];
    for (const seed of SEEDS) lengths.push(await lengthBaselines(file, seed));
    const rows = [
      await markFile(file, 0, SEEDS[0] ?? 1),
      await markFileWithExamples(file),
      meanRow(`length only, ${EXAMPLES} examples/question`, lengths),
      lengths[0]?.fittedOnAll,
    ].filter((r): r is TRow => r !== undefined);
    printTable(file, rows);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
});

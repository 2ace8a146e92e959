import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { seededRandom, type TMarkingRecord } from '../apps/server/src/marking/dataset';
import {
  computeAnswerGroups,
  groupGist,
  groupReadAnswers,
  readForGroups,
  type TReadAnswer,
} from '../apps/server/src/marking/loop/answer-groups';
import { groupAnswers, type TAnswerGroup } from '../apps/server/src/marking/loop/review-order';
import { loopAnswerOf, reviewAllowance } from '../apps/server/src/marking/loop/teacher-loop';
import { roundScore, summarise, type TScored } from '../apps/server/src/marking/metrics';
import { loadQuestions } from './learning-curve';

/**
 * `npm run bench:groups` (issue 27, "Answer groups"): how good the marker's answer groups are, on
 * the public data, as a teacher meets them: each question's answers are dealt (seeded) into classes
 * of `--class-size` answers (30 by default), and each class is grouped as the product groups it
 * (`marking/loop/answer-groups.ts`: the marker reads each answer once, no teacher examples).
 *
 * Per part (tuning questions apart from held-out ones, split as `learning-curve.ts` splits them):
 * - groups per class, and groups per answer;
 * - coverage: the share of answers in a group of two or more;
 * - purity: of the answers in groups of two or more, the share whose human mark (rounded) is the
 *   most common human mark of their group;
 * - mark a group at once: the teacher marks each group's first answer (its representative) and the
 *   rest of the group follows; the followers' marks against their human marks (exact agreement,
 *   QWK pooled and Fisher mean per question), beside the marker's own marks for the same answers;
 * - groups first at 20 %: the teacher marks the representatives of the biggest groups (two or
 *   more, largest first) up to ceil(0.2 × the class), their groups follow and every other answer
 *   keeps the marker's mark; the whole class against the human marks (QWK per question, Fisher
 *   mean, pooled in brackets), beside the marker alone.
 * - time: reading (marking) and grouping per class, and a class of 200 answers of each file
 *   through the product's `computeAnswerGroups`.
 *
 * Options: --class-size N, --seed N, --files a,b, --part tuning|held-out|all (all by default),
 * --grouping NAME[,NAME] (the groupings to compare: `reading`, exact matches then the marker's
 * reading alone, as before the clusters; `product`, what `computeAnswerGroups` does now; both by
 * default), --cut X (another cut-off for the `product` grouping's clusters, to measure it; the
 * product's own, NEAR_MATCH_CUT, by default).
 */

const dataDir = path.resolve(
  process.env.MARKING_DATA_DIR ?? path.join(import.meta.dirname, '../../shared/data/marking'),
);
const FILES = ['asap-sas-train.jsonl', 'saf-en-train.jsonl'];
const GROUP_REVIEW_BUDGET = 0.2;

type TGrouping = (read: readonly TReadAnswer[]) => TAnswerGroup[];

function groupingsOf(names: readonly string[], cut: number | undefined): Map<string, TGrouping> {
  const all: Record<string, TGrouping> = {
    // Before issue 27's clusters: exact matches, then the answers the marker read alike.
    reading: (read) => groupAnswers(read, { nearMatches: false }),
    // What the product does (`computeAnswerGroups`): exact, near matches, read alike.
    product: (read) => groupAnswers(read, cut === undefined ? {} : { cut }),
  };
  const out = new Map<string, TGrouping>();
  for (const name of names) {
    const grouping = all[name];
    if (!grouping) throw new Error(`--grouping: no grouping called ${name}`);
    out.set(name, grouping);
  }
  return out;
}

type TClass = {
  question: string;
  marks: number;
  heldOut: boolean;
  records: TMarkingRecord[];
  read: TReadAnswer[];
  readMs: number;
};

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const order = [...items];
  const random = seededRandom(seed);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j] as T, order[i] as T];
  }
  return order;
}

function hashOf(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

type TPartFigures = {
  classes: number;
  answers: number;
  groups: number;
  multiGroups: number;
  inMulti: number;
  pure: number;
  followers: TScored[];
  followersMarker: TScored[];
  groupReview: TScored[];
  markerAlone: TScored[];
  groupReviewMarked: number;
  groupMs: number[];
};

function emptyFigures(): TPartFigures {
  return {
    classes: 0,
    answers: 0,
    groups: 0,
    multiGroups: 0,
    inMulti: 0,
    pure: 0,
    followers: [],
    followersMarker: [],
    groupReview: [],
    markerAlone: [],
    groupReviewMarked: 0,
    groupMs: [],
  };
}

function measureClass(c: TClass, grouping: TGrouping, into: TPartFigures): void {
  const human = new Map(c.records.map((r) => [r.id, roundScore(r.humanScore ?? 0, c.marks)]));
  const machine = new Map(c.read.map((r) => [r.id, r.score]));
  const started = performance.now();
  const groups = grouping(c.read);
  into.groupMs.push(performance.now() - started);
  const seen = groups.flatMap((g) => g.ids);
  if (seen.length !== c.records.length || new Set(seen).size !== seen.length)
    throw new Error(`${c.question}: the groups do not hold every answer once`);

  into.classes++;
  into.answers += c.records.length;
  into.groups += groups.length;
  const row = (id: string, predicted: number): TScored => ({
    group: c.question,
    marks: c.marks,
    predicted,
    human: human.get(id) ?? 0,
  });
  for (const g of groups) {
    if (g.ids.length < 2) continue;
    into.multiGroups++;
    into.inMulti += g.ids.length;
    const counts = new Map<number, number>();
    for (const id of g.ids) {
      const h = human.get(id) ?? 0;
      counts.set(h, (counts.get(h) ?? 0) + 1);
    }
    into.pure += Math.max(...counts.values());
    const [rep, ...rest] = g.ids;
    const repMark = human.get(rep ?? '') ?? 0;
    for (const id of rest) {
      into.followers.push(row(id, repMark));
      into.followersMarker.push(row(id, machine.get(id) ?? 0));
    }
  }

  // Groups first: the teacher marks the biggest groups' representatives, up to the budget.
  const allowance = reviewAllowance(GROUP_REVIEW_BUDGET, c.records.length);
  const finals = new Map(machine);
  let marked = 0;
  for (const g of groups) {
    if (marked >= allowance || g.ids.length < 2) break;
    const repMark = human.get(g.ids[0] ?? '') ?? 0;
    for (const id of g.ids) finals.set(id, repMark);
    marked++;
  }
  into.groupReviewMarked += marked;
  for (const r of c.records) {
    into.groupReview.push(row(r.id, finals.get(r.id) ?? 0));
    into.markerAlone.push(row(r.id, machine.get(r.id) ?? 0));
  }
}

const pct = (x: number, n: number) => (n > 0 ? `${((100 * x) / n).toFixed(1)} %` : '-');
const k3 = (x: number) => x.toFixed(3);

function printFigures(name: string, f: TPartFigures): void {
  const followers = summarise(f.followers);
  const followersMarker = summarise(f.followersMarker);
  const review = summarise(f.groupReview);
  const alone = summarise(f.markerAlone);
  const sortedMs = [...f.groupMs].sort((a, b) => a - b);
  const p = (q: number) => sortedMs[Math.min(sortedMs.length - 1, Math.floor(q * sortedMs.length))];
  console.log(
    `    ${name.padEnd(10)} groups ${(f.groups / f.classes).toFixed(1)} a class (${(f.groups / f.answers).toFixed(2)} an answer), ${(f.multiGroups / f.classes).toFixed(1)} of two or more; coverage ${pct(f.inMulti, f.answers)}; purity ${pct(f.pure, f.inMulti)}`,
  );
  console.log(
    `    ${''.padEnd(10)} mark a group at once: ${f.followers.length} followers, exact ${pct(followers.exact * f.followers.length, f.followers.length)} (marker ${pct(followersMarker.exact * f.followers.length, f.followers.length)}), QWK ${k3(followers.fisherMeanQwk)} (${k3(followers.qwk)}) (marker ${k3(followersMarker.fisherMeanQwk)} (${k3(followersMarker.qwk)}))`,
  );
  console.log(
    `    ${''.padEnd(10)} groups first at ${GROUP_REVIEW_BUDGET * 100} %: ${(f.groupReviewMarked / f.classes).toFixed(1)} marks a class, QWK ${k3(review.fisherMeanQwk)} (${k3(review.qwk)}), exact ${pct(review.exact * review.answers, review.answers)}; marker alone ${k3(alone.fisherMeanQwk)} (${k3(alone.qwk)}), exact ${pct(alone.exact * alone.answers, alone.answers)}; grouping ${p(0.5)?.toFixed(2)} ms a class (p95 ${p(0.95)?.toFixed(2)}, max ${sortedMs.at(-1)?.toFixed(2)})`,
  );
}

async function benchFile(
  file: string,
  options: {
    classSize: number;
    seed: number;
    part: 'tuning' | 'held-out' | 'all';
    groupings: Map<string, TGrouping>;
  },
): Promise<void> {
  const data = (await loadQuestions(file)).filter(
    (q) => options.part === 'all' || q.heldOut === (options.part === 'held-out'),
  );
  const classes: TClass[] = [];
  let readMs = 0;
  for (const q of data) {
    const order = shuffled(q.records, options.seed * 7919 + hashOf(q.key));
    for (let i = 0; i < order.length; i += options.classSize) {
      const records = order.slice(i, i + options.classSize);
      const first = records[0];
      if (!first) continue;
      const question = loopAnswerOf(first);
      const started = performance.now();
      const read = readForGroups(
        question,
        records.map((r) => ({ id: r.id, answer: r.answer })),
      );
      const ms = performance.now() - started;
      readMs += ms;
      classes.push({
        question: q.label,
        marks: first.marks,
        heldOut: q.heldOut,
        records,
        read,
        readMs: ms,
      });
    }
  }
  // The bench reads the answers as the product does: check it on the first class.
  const check = classes[0];
  if (check && options.groupings.has('product')) {
    const product = computeAnswerGroups(
      loopAnswerOf(check.records[0] as TMarkingRecord),
      check.records.map((r) => ({ id: r.id, answer: r.answer })),
    ).map((g) => g.ids);
    const here = groupReadAnswers(check.read).map((g) => g.ids);
    if (JSON.stringify(product) !== JSON.stringify(here))
      throw new Error('the bench does not group as computeAnswerGroups does');
  }
  const answers = classes.reduce((s, c) => s + c.records.length, 0);
  console.log(
    `\n${path.basename(file)}: ${data.length} questions, ${answers} answers in ${classes.length} classes of up to ${options.classSize} (seed ${options.seed}); read in ${(readMs / 1000).toFixed(1)} s (${(readMs / answers).toFixed(2)} ms an answer)`,
  );
  for (const heldOut of [false, true]) {
    const part = classes.filter((c) => c.heldOut === heldOut);
    if (part.length === 0) continue;
    const labels = [...new Set(part.map((c) => c.question.split(' ').pop()))];
    console.log(
      `\n  ${heldOut ? 'held-out questions (never tuned on)' : 'tuning questions'}: ${labels.join(', ')}`,
    );
    for (const [name, grouping] of options.groupings) {
      const figures = emptyFigures();
      for (const c of part) measureClass(c, grouping, figures);
      printFigures(name, figures);
    }
  }
}

/**
 * A class of `n` answers through the product's path, timed (median of three runs): the answers of
 * the first question with `n` (or else `n` answers of the file's questions, marked as the first
 * one's), reading and grouping together, the grouping alone, and the grouping's worst case: the same
 * answers all given one mark, so all of them are clustered in one block.
 */
async function timeClass(file: string, n: number, seed: number): Promise<void> {
  const data = await loadQuestions(file);
  const q = data.find((d) => d.records.length >= n);
  const pool = q ? q.records : data.flatMap((d) => d.records);
  const records = shuffled(pool, seed).slice(0, n);
  if (records.length < n) return;
  const question = loopAnswerOf(records[0] as TMarkingRecord);
  const answers = records.map((r) => ({ id: r.id, answer: r.answer }));
  computeAnswerGroups(question, answers.slice(0, 20)); // warm up
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const whole: number[] = [];
  const grouping: number[] = [];
  const oneMark: number[] = [];
  for (let i = 0; i < 3; i++) {
    let started = performance.now();
    computeAnswerGroups(question, answers);
    whole.push(performance.now() - started);
    const read = readForGroups(question, answers);
    started = performance.now();
    groupReadAnswers(read);
    grouping.push(performance.now() - started);
    const same = read.map((r) => ({ ...r, score: 0 }));
    started = performance.now();
    groupReadAnswers(same);
    oneMark.push(performance.now() - started);
  }
  const chars = answers.reduce((sum, a) => sum + groupGist(a.answer).length, 0);
  console.log(
    `\nA class of ${n} answers (${q ? q.label : `${path.basename(file)}, every question`}, ${Math.round(chars / n)} characters an answer), median of 3: computeAnswerGroups ${median(whole).toFixed(0)} ms (reading and grouping); grouping alone ${median(grouping).toFixed(1)} ms; all ${n} given one mark ${median(oneMark).toFixed(1)} ms`,
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'class-size': { type: 'string' },
      seed: { type: 'string' },
      files: { type: 'string' },
      part: { type: 'string' },
      grouping: { type: 'string' },
      cut: { type: 'string' },
    },
    strict: true,
  });
  if (!existsSync(dataDir)) {
    console.log(`No marking data at ${dataDir}: nothing to measure.`);
    return;
  }
  const classSize = Number(values['class-size'] ?? 30);
  if (!(classSize >= 2)) throw new Error('--class-size must be a number of answers, 2 or more');
  const parts = ['tuning', 'held-out', 'all'] as const;
  const part = parts.find((p) => p === (values.part ?? 'all'));
  if (!part) throw new Error('--part must be tuning, held-out or all');
  const cut = values.cut === undefined ? undefined : Number(values.cut);
  if (cut !== undefined && !(cut >= 0 && cut <= 2)) throw new Error('--cut must be from 0 to 2');
  const groupings = groupingsOf((values.grouping ?? 'reading,product').split(','), cut);
  const seed = Number(values.seed ?? 1);
  console.log(
    `Answer groups: the marker's groups of each class's answers to a question, against the human marks (classes of ${classSize}; groupings ${[...groupings.keys()].join(', ')}).`,
  );
  const started = performance.now();
  const files = values.files ? values.files.split(',') : FILES;
  for (const f of files) {
    const file = path.join(dataDir, f);
    if (!existsSync(file)) {
      console.log(`\n${f}: not found in ${dataDir}, skipped`);
      continue;
    }
    await benchFile(file, { classSize, seed, part, groupings });
  }
  for (const f of files) {
    const file = path.join(dataDir, f);
    if (existsSync(file)) await timeClass(file, 200, seed);
  }
  console.log(`\nDone in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
});

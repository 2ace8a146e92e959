import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  pickExampleIds,
  questionKeyOf,
  readRecords,
  type TMarkingRecord,
} from '../apps/server/src/marking/dataset';
import { markOffline } from '../apps/server/src/marking/offline/offline-marker';
import {
  thatNonClauses,
  unfinishedSentences,
} from '../apps/server/src/marking/offline/phrase-grammar';
import type { TMarkedExample } from '../apps/server/src/marking/types';
import {
  contradictionOf,
  hasRawSyntax,
  saysUnreadable,
  verdictOf,
} from '../apps/server/src/marking/verdict';

/**
 * `npm run bench:feedback`: the feedback a student reads, measured.
 *
 * 1. Against tutors: SAF's training answers carry each tutor's written feedback and verdict. They are
 *    split by answer, per question, into a tuning half and a held-out half (seeded). The held-out
 *    answers are marked with the tuning half as the teacher's marked and commented examples (what a
 *    teacher who has marked and commented on earlier answers gives the marker), and without any
 *    examples; ROUGE-2 and ROUGE-L F1 of the feedback (comment + suggestion) against the tutor's,
 *    beside the verdict-only template "The response is <tutor's verdict>.", and how often the verdict
 *    implied by the score agrees with the tutor's. The tuning half is scored the same way, each answer
 *    with the other tuning answers as examples (the figures the constants were chosen on).
 * 2. On every public set: the share of answers whose feedback is word for word the same as that of
 *    more than 5 % of the question's answers, feedback with raw rubric syntax, "could not be read"
 *    told to typed answers (every public answer is typed), and feedback contradicting its score.
 */

const SPLIT_SEED = 17;
const EXAMPLES = 10;
const EXAMPLE_SEED = 1;
const SHARED_SHARE = 0.05;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.resolve(
  process.env.MARKING_DATA_DIR ?? path.join(root, '../shared/data/marking'),
);

type TRecord = TMarkingRecord & { humanFeedback?: unknown; verdict?: unknown };

async function readAll(file: string): Promise<TRecord[]> {
  const out: TRecord[] = [];
  for await (const r of readRecords(file)) out.push(r as TRecord);
  return out;
}

// ROUGE (Lin 2004) on lower-cased alphanumeric tokens, no stemming, as the rouge-score package does
// by default; F1 per answer, averaged over answers.

function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((t) => t.length > 0);
}

function f1(overlap: number, candidate: number, reference: number): number {
  if (overlap === 0 || candidate === 0 || reference === 0) return 0;
  const p = overlap / candidate;
  const r = overlap / reference;
  return (2 * p * r) / (p + r);
}

export function rouge2(candidate: string, reference: string): number {
  const grams = (t: string[]) => {
    const m = new Map<string, number>();
    for (let i = 0; i + 1 < t.length; i++) {
      const g = `${t[i]} ${t[i + 1]}`;
      m.set(g, (m.get(g) ?? 0) + 1);
    }
    return m;
  };
  const c = grams(tokens(candidate));
  const r = grams(tokens(reference));
  let overlap = 0;
  for (const [g, n] of c) overlap += Math.min(n, r.get(g) ?? 0);
  const total = (m: Map<string, number>) => [...m.values()].reduce((s, n) => s + n, 0);
  return f1(overlap, total(c), total(r));
}

export function rougeL(candidate: string, reference: string): number {
  const a = tokens(candidate);
  const b = tokens(reference);
  if (a.length === 0 || b.length === 0) return 0;
  let prev = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    const row = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) {
      row[j] = x === b[j - 1] ? (prev[j - 1] ?? 0) + 1 : Math.max(prev[j] ?? 0, row[j - 1] ?? 0);
    }
    prev = row;
  }
  return f1(prev[b.length] ?? 0, a.length, b.length);
}

type TMarked = {
  record: TRecord;
  score: number;
  /** What the student reads: comment and suggestion. */
  text: string;
  /** The comment alone (verdict, what is right, what is missing): the part tutors write. */
  comment: string;
  suggestion: string;
};

function feedbackText(m: { aiComment: string; suggestion: string }): string {
  return `${m.aiComment} ${m.suggestion}`.trim();
}

function mark(record: TRecord, examples: TMarkedExample[] | undefined): TMarked {
  const result = markOffline({ ...record, examples });
  return {
    record,
    score: result.score,
    text: feedbackText(result),
    comment: result.aiComment,
    suggestion: result.suggestion,
  };
}

function tutorVerdict(r: TRecord): string | undefined {
  return typeof r.verdict === 'string' ? r.verdict.toLowerCase() : undefined;
}

function tutorFeedback(r: TRecord): string | undefined {
  return typeof r.humanFeedback === 'string' && r.humanFeedback.trim() !== ''
    ? r.humanFeedback
    : undefined;
}

type TTutorRow = {
  label: string;
  answers: number;
  r2: number;
  rl: number;
  /** The same on the comment alone (undefined for the template, which is one sentence). */
  commentR2?: number;
  commentRl?: number;
  verdict: number;
};

function againstTutors(label: string, marked: TMarked[]): TTutorRow {
  let r2 = 0;
  let rl = 0;
  let c2 = 0;
  let cl = 0;
  let agree = 0;
  for (const m of marked) {
    const reference = tutorFeedback(m.record) ?? '';
    r2 += rouge2(m.text, reference);
    rl += rougeL(m.text, reference);
    c2 += rouge2(m.comment, reference);
    cl += rougeL(m.comment, reference);
    if (verdictOf(m.score, m.record.marks) === tutorVerdict(m.record)) agree++;
  }
  const n = Math.max(1, marked.length);
  return {
    label,
    answers: marked.length,
    r2: r2 / n,
    rl: rl / n,
    commentR2: c2 / n,
    commentRl: cl / n,
    verdict: agree / n,
  };
}

function templateRow(label: string, records: TRecord[]): TTutorRow {
  let r2 = 0;
  let rl = 0;
  for (const r of records) {
    const text = `The response is ${tutorVerdict(r) ?? ''}.`;
    r2 += rouge2(text, tutorFeedback(r) ?? '');
    rl += rougeL(text, tutorFeedback(r) ?? '');
  }
  const n = Math.max(1, records.length);
  return { label, answers: records.length, r2: r2 / n, rl: rl / n, verdict: 1 };
}

type TChecks = {
  label: string;
  answers: number;
  shared: number;
  raw: number;
  unreadable: number;
  contradiction: number;
  /** "that" + a phrase that is not a clause ("does not mention that into the cell sap"). */
  thatFragment: number;
  /**
   * Comment or suggestion not opening with a capital or not closing with a full stop, or a sentence
   * ending on a word that leaves it hanging ("… of the.").
   */
  unfinished: number;
  samples: string[];
};

/** A sentence group the student reads: a capital (or a quote) first, a full stop last. */
function isFinished(text: string): boolean {
  return /^["“A-Z0-9]/.test(text.trim()) && /[.!?]["”]?$/.test(text.trim());
}

function checks(label: string, marked: TMarked[]): TChecks {
  const byQuestion = new Map<string, TMarked[]>();
  for (const m of marked) {
    const key = questionKeyOf(m.record);
    const list = byQuestion.get(key) ?? [];
    list.push(m);
    byQuestion.set(key, list);
  }
  let shared = 0;
  let raw = 0;
  let unreadable = 0;
  let contradiction = 0;
  let thatFragment = 0;
  let unfinished = 0;
  const samples: string[] = [];
  for (const list of byQuestion.values()) {
    const counts = new Map<string, number>();
    for (const m of list) counts.set(m.text, (counts.get(m.text) ?? 0) + 1);
    for (const m of list) {
      if ((counts.get(m.text) ?? 0) - 1 > SHARED_SHARE * list.length) shared++;
      if (hasRawSyntax(m.text)) {
        raw++;
        if (samples.length < 5) samples.push(`raw syntax: ${m.text}`);
      }
      if (saysUnreadable(m.text)) unreadable++;
      const fragments = thatNonClauses(m.text);
      if (fragments.length > 0) {
        thatFragment++;
        if (samples.length < 5)
          samples.push(`that + non-clause "${fragments[0] ?? ''}": ${m.text}`);
      }
      if (
        !isFinished(m.comment) ||
        !isFinished(m.suggestion) ||
        unfinishedSentences(m.text).length > 0
      ) {
        unfinished++;
        if (samples.length < 5) samples.push(`unfinished sentence: ${m.text}`);
      }
      const why = contradictionOf(m.text, m.score, m.record.marks);
      if (why) {
        contradiction++;
        if (samples.length < 5) samples.push(`${why} (${m.score}/${m.record.marks}): ${m.text}`);
      }
    }
  }
  return {
    label,
    answers: marked.length,
    shared,
    raw,
    unreadable,
    contradiction,
    thatFragment,
    unfinished,
    samples,
  };
}

function pct(n: number, of: number): string {
  return `${((100 * n) / Math.max(1, of)).toFixed(1)} %`;
}

function table(head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const fmt = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(fmt(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(fmt(r));
}

/** Per question, a seeded half of the answers: the tuning part. */
function splitTuning(records: TRecord[]): Set<string> {
  const ids = new Map<string, string[]>();
  for (const r of records) {
    const key = questionKeyOf(r);
    ids.set(key, [...(ids.get(key) ?? []), r.id]);
  }
  const out = new Set<string>();
  for (const [key, list] of ids) {
    for (const id of pickExampleIds(
      new Map([[key, list]]),
      Math.floor(list.length / 2),
      SPLIT_SEED,
    )) {
      out.add(id);
    }
  }
  return out;
}

function asExample(r: TRecord): TMarkedExample {
  return { answer: r.answer, score: r.humanScore ?? 0, comment: tutorFeedback(r) };
}

async function tutorSection(file: string): Promise<TChecks[]> {
  const records = (await readAll(file)).filter(
    (r) => tutorFeedback(r) !== undefined && tutorVerdict(r) !== undefined,
  );
  if (records.length === 0) return [];
  const tuningIds = splitTuning(records);
  const tuning = records.filter((r) => tuningIds.has(r.id));
  const heldOut = records.filter((r) => !tuningIds.has(r.id));
  const tuningByQuestion = new Map<string, TRecord[]>();
  for (const r of tuning) {
    const key = questionKeyOf(r);
    tuningByQuestion.set(key, [...(tuningByQuestion.get(key) ?? []), r]);
  }
  const heldWith = heldOut.map((r) =>
    mark(r, (tuningByQuestion.get(questionKeyOf(r)) ?? []).map(asExample)),
  );
  const heldZero = heldOut.map((r) => mark(r, undefined));
  const tuneWith = tuning.map((r) =>
    mark(
      r,
      (tuningByQuestion.get(questionKeyOf(r)) ?? []).filter((e) => e.id !== r.id).map(asExample),
    ),
  );
  const tuneZero = tuning.map((r) => mark(r, undefined));
  const rows = [
    againstTutors('held-out, tuning half as commented examples', heldWith),
    againstTutors('held-out, zero-shot (no examples)', heldZero),
    templateRow('held-out, template "The response is <tutor verdict>."', heldOut),
    againstTutors('tuning half, other tuning answers as examples', tuneWith),
    againstTutors('tuning half, zero-shot', tuneZero),
    templateRow('tuning half, template', tuning),
  ];
  console.log(
    `\n${path.basename(file)}: feedback against the tutors' (${heldOut.length} held-out answers, ${tuning.length} tuning; split per question, seed ${SPLIT_SEED})`,
  );
  table(
    [
      'feedback',
      'answers',
      'ROUGE-2 F1',
      'ROUGE-L F1',
      'comment only: ROUGE-2',
      'ROUGE-L',
      'verdict agreement',
    ],
    rows.map((r) => [
      r.label,
      String(r.answers),
      r.r2.toFixed(3),
      r.rl.toFixed(3),
      r.commentR2 === undefined ? '' : r.commentR2.toFixed(3),
      r.commentRl === undefined ? '' : r.commentRl.toFixed(3),
      r.label.includes('template') ? '(given)' : `${(r.verdict * 100).toFixed(1)} %`,
    ]),
  );
  return [
    checks(`${path.basename(file)} held-out, commented examples`, heldWith),
    checks(`${path.basename(file)} held-out, zero-shot`, heldZero),
  ];
}

async function setChecks(file: string): Promise<TChecks[]> {
  const records = await readAll(file);
  const ids = new Map<string, string[]>();
  for (const r of records) {
    const key = questionKeyOf(r);
    ids.set(key, [...(ids.get(key) ?? []), r.id]);
  }
  const exampleIds = pickExampleIds(ids, EXAMPLES, EXAMPLE_SEED);
  const examples = new Map<string, TMarkedExample[]>();
  for (const r of records) {
    if (!exampleIds.has(r.id)) continue;
    const key = questionKeyOf(r);
    examples.set(key, [
      ...(examples.get(key) ?? []),
      { answer: r.answer, score: r.humanScore ?? 0 },
    ]);
  }
  const rest = records.filter((r) => !exampleIds.has(r.id));
  const name = path.basename(file);
  return [
    checks(
      `${name} zero-shot`,
      records.map((r) => mark(r, undefined)),
    ),
    checks(
      `${name} ${EXAMPLES} examples (no comments)`,
      rest.map((r) => mark(r, examples.get(questionKeyOf(r)))),
    ),
  ];
}

/** Per marker score, this many answers in the README sample. */
const SAMPLE_PER_SCORE = 2;
const SAMPLE_QUESTION = '2.3_DLL';

function cell(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();
}

function sampleTable(rows: { record: TRecord; marked: TMarked; suggestion: string }[]): void {
  console.log('| answer (verbatim) | tutor | marker | feedback the student reads |');
  console.log('| --- | ---: | ---: | --- |');
  for (const r of rows) {
    console.log(
      `| ${cell(r.record.answer)} | ${r.record.humanScore ?? ''} | ${r.marked.score} | ${cell(r.marked.comment)} _${cell(r.suggestion)}_ |`,
    );
  }
}

/**
 * `--sample [questionId]`: the README's student-facing sample. Ten answers to one SAF question across
 * the zero-shot marker's score range (per score, the first answers in a seeded order), marked zero-shot
 * and then with the tuning half's other answers to the question as commented examples.
 */
async function printSample(file: string, questionId: string): Promise<void> {
  const records = (await readAll(file)).filter(
    (r) => r.questionId === questionId && tutorFeedback(r) !== undefined,
  );
  if (records.length === 0) {
    console.log(`No answers to question ${questionId} in ${path.basename(file)}.`);
    return;
  }
  const tuningIds = splitTuning(records);
  const tuning = records.filter((r) => tuningIds.has(r.id));
  const order = [
    ...pickExampleIds(new Map([['q', records.map((r) => r.id)]]), records.length, SPLIT_SEED),
  ];
  const byId = new Map(records.map((r) => [r.id, r]));
  const zero = new Map(order.map((id) => [id, mark(byId.get(id) as TRecord, undefined)]));
  const chosen: TRecord[] = [];
  const marks = records[0]?.marks ?? 1;
  for (let s = 0; s <= marks; s++) {
    chosen.push(
      ...order
        .filter((id) => zero.get(id)?.score === s)
        .slice(0, SAMPLE_PER_SCORE)
        .map((id) => byId.get(id) as TRecord),
    );
  }
  console.log(`\nQuestion (${questionId}): ${records[0]?.question ?? ''}\n`);
  console.log('**Zero-shot** (no teacher examples):\n');
  sampleTable(
    chosen.map((r) => {
      const m = zero.get(r.id) as TMarked;
      return { record: r, marked: m, suggestion: m.suggestion };
    }),
  );
  console.log(
    `\n**With the teacher's comments** (the tuning half's other answers to the question as commented examples; ${chosen.filter((r) => tuningIds.has(r.id)).length} of these ${chosen.length} answers are in the tuning half):\n`,
  );
  const withComments = chosen
    .map((r) => {
      const m = mark(r, tuning.filter((e) => e.id !== r.id).map(asExample));
      return { record: r, marked: m, suggestion: m.suggestion };
    })
    .sort((a, b) => a.marked.score - b.marked.score);
  sampleTable(withComments);
}

async function main(): Promise<void> {
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
  console.log(
    `Feedback of the offline marker (${dataDir}). ROUGE: F1 on lower-cased word tokens, no stemming, mean over answers; feedback = comment + suggestion. Verdict: full marks = correct, 0 = incorrect, otherwise partially correct.`,
  );
  const sampleAt = process.argv.indexOf('--sample');
  if (sampleAt >= 0) {
    const question = process.argv[sampleAt + 1] ?? SAMPLE_QUESTION;
    const saf = files.find((f) => path.basename(f).startsWith('saf-'));
    if (saf) await printSample(saf, question.startsWith('--') ? SAMPLE_QUESTION : question);
    return;
  }
  const all: TChecks[] = [];
  for (const file of files) all.push(...(await tutorSection(file)));
  // `--tutors`: the comparison with the tutors only (quick, for tuning).
  if (!process.argv.includes('--tutors')) {
    for (const file of files) all.push(...(await setChecks(file)));
  }
  console.log(
    `\nOn every set: share of answers whose feedback is word for word that of more than ${SHARED_SHARE * 100} % of the question's answers; raw rubric syntax; "could not be read" told to typed answers; feedback contradicting its score; "that" + a phrase that is not a clause; a comment, suggestion or sentence without a capital first or a full stop last, or ending on a word that leaves it hanging`,
  );
  table(
    [
      'set',
      'answers',
      'shared verbatim',
      'raw syntax',
      'false unreadable',
      'contradicts score',
      'that + non-clause',
      'unfinished',
    ],
    all.map((c) => [
      c.label,
      String(c.answers),
      pct(c.shared, c.answers),
      String(c.raw),
      String(c.unreadable),
      String(c.contradiction),
      String(c.thatFragment),
      String(c.unfinished),
    ]),
  );
  for (const c of all) for (const s of c.samples) console.log(`  ${c.label}: ${s}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
});

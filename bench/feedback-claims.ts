import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  questionKeyOf,
  readRecords,
  seededRandom,
  type TMarkingRecord,
} from '../apps/server/src/marking/dataset';
import { markOffline } from '../apps/server/src/marking/offline/offline-marker';
import { questionModel } from '../apps/server/src/marking/offline/question-model';
import { contentStems } from '../apps/server/src/marking/offline/text';
import {
  claimsOf,
  isUnsupported,
  itemsOf,
} from '../apps/server/src/marking/test-support/feedback-claims';
import { CLAIM_QUESTIONS } from './feedback-claims-cases';

/**
 * `npm run bench:feedback-claims`: how often the feedback credits an answer with a point it does not
 * make (issue 27).
 *
 * A claim is a sentence of the feedback that credits the answer with rubric content: "It correctly
 * states/explains/describes/names/works out/points out X", "It mentions X, but …", "It points out X,
 * but that alone …", "It correctly names X, which …", "It correctly says that X, which …".
 *
 * 1. Public data (`shared/data/marking`): a claim is false when fewer than half of the key content
 *    words of X (its content words that are not the question's own; all of them when every one is
 *    the question's) appear in the answer, as the word, an accepted synonym (the marker's lexicon) or
 *    a near spelling. Questions are split by a seeded hash into a tuning part and a held-out part; up
 *    to `PER_QUESTION` answers per question (seeded), marked zero-shot as a teacher's new question is.
 * 2. Teacher-style cases (`feedback-claims-cases.ts`, written before the change): a claim is false
 *    when it names a point the case lists as absent (left out, said only in negation, or near another
 *    point), split the same way by question.
 *
 * Figures: false claims / claims, and answers with at least one false claim / answers with a claim.
 */

const PER_QUESTION = 150;
const SAMPLE_SEED = 27;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.resolve(
  process.env.MARKING_DATA_DIR ?? path.join(root, '../shared/data/marking'),
);

type TTally = {
  claims: number;
  false: number;
  answers: number;
  withClaim: number;
  withFalse: number;
};
const tally = (): TTally => ({ claims: 0, false: 0, answers: 0, withClaim: 0, withFalse: 0 });

function pct(n: number, of: number): string {
  return of === 0 ? '-' : `${((100 * n) / of).toFixed(1)} %`;
}

function line(label: string, t: TTally): string {
  return `| ${label} | ${t.answers} | ${t.claims} | ${t.false} (${pct(t.false, t.claims)}) | ${t.withFalse}/${t.withClaim} (${pct(t.withFalse, t.withClaim)}) |`;
}

/** Deterministic tuning / held-out part of a question. */
function partOf(key: string): 'tuning' | 'held-out' {
  let h = 2166136261 ^ SAMPLE_SEED;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  return (h >>> 0) % 2 === 0 ? 'tuning' : 'held-out';
}

async function publicSection(file: string, samples: string[]): Promise<Record<string, TTally>> {
  const byQuestion = new Map<string, TMarkingRecord[]>();
  for await (const r of readRecords(file)) {
    const key = questionKeyOf(r);
    const list = byQuestion.get(key) ?? [];
    list.push(r);
    byQuestion.set(key, list);
  }
  const out: Record<string, TTally> = { tuning: tally(), 'held-out': tally() };
  for (const [key, list] of [...byQuestion.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
    const rand = seededRandom(SAMPLE_SEED);
    const picked = list
      .map((r) => ({ r, k: rand() }))
      .sort((a, b) => a.k - b.k)
      .slice(0, PER_QUESTION)
      .map((x) => x.r);
    const t = out[partOf(key)] ?? tally();
    for (const r of picked) {
      const result = markOffline({ ...r });
      scores.push(`${r.id}\t${result.score}`);
      const model = questionModel(r.question, r.rubric, r.referenceAnswer);
      const answerStems = contentStems(r.answer);
      const claims = claimsOf(`${result.aiComment} ${result.suggestion}`);
      t.answers++;
      if (claims.length > 0) t.withClaim++;
      let bad = false;
      for (const item of claims.flatMap(itemsOf)) {
        const verdict = isUnsupported(item, model.questionStems, answerStems);
        if (verdict === undefined) continue;
        t.claims++;
        if (verdict) {
          t.false++;
          bad = true;
          if (samples.length < 12 && (partOf(key) === 'tuning' || process.env.SHOW_HELD_OUT))
            samples.push(
              `${key} [${result.score}/${r.marks}] claim "${item}" | answer: ${r.answer.slice(0, 200)}`,
            );
        }
      }
      if (bad) t.withFalse++;
    }
  }
  return out;
}

function caseSection(samples: string[]): Record<string, TTally> {
  const out: Record<string, TTally> = {
    tuning: tally(),
    'held-out': tally(),
    'held-out-2': tally(),
  };
  for (const q of CLAIM_QUESTIONS) {
    const t = out[q.split] ?? tally();
    for (const c of q.answers) {
      const result = markOffline({ ...q, referenceAnswer: '', answer: c.answer });
      const claims = claimsOf(`${result.aiComment} ${result.suggestion}`);
      t.answers++;
      if (claims.length > 0) t.withClaim++;
      let bad = false;
      for (const item of claims.flatMap(itemsOf)) {
        t.claims++;
        const lower = item.toLowerCase();
        if (c.absent.some((w) => lower.includes(w))) {
          t.false++;
          bad = true;
          if (q.split === 'tuning' || (q.split === 'held-out' && process.env.SHOW_HELD_OUT))
            samples.push(
              `[${q.split}, ${c.kind}, ${result.score}/${q.marks}] "${c.answer}" -> ${result.aiComment}`,
            );
        }
      }
      if (bad) t.withFalse++;
    }
  }
  return out;
}

/** `--scores FILE`: every answer's id and score, to show that a feedback change leaves the marks. */
const scoresOut = ((i) => (i >= 0 ? process.argv[i + 1] : undefined))(
  process.argv.indexOf('--scores'),
);
const scores: string[] = [];

async function main(): Promise<void> {
  const head =
    '| part | answers | claims | false claims | answers with a false claim |\n|---|---:|---:|---:|---:|';
  const caseSamples: string[] = [];
  const cases = caseSection(caseSamples);
  console.log('Teacher-style cases (bench/feedback-claims-cases.ts)\n');
  console.log(head);
  for (const [k, t] of Object.entries(cases)) console.log(line(k, t));
  for (const s of caseSamples) console.log(`  ${s}`);
  for (const name of ['asap-sas-train.jsonl', 'saf-en-train.jsonl']) {
    const file = path.join(dataDir, name);
    if (!existsSync(file)) {
      console.log(`\n${name}: not found in ${dataDir}, skipped`);
      continue;
    }
    const samples: string[] = [];
    const parts = await publicSection(file, samples);
    console.log(`\n${name} (up to ${PER_QUESTION} answers per question, seed ${SAMPLE_SEED})\n`);
    console.log(head);
    for (const [k, t] of Object.entries(parts)) console.log(line(k, t));
    for (const s of samples) console.log(`  ${s}`);
  }
  if (scoresOut) writeFileSync(scoresOut, `${scores.join('\n')}\n`);
}

await main();

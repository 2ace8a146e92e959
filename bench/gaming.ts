import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseMarkRange } from '@stem/contract/mark-ranges';
import { seededRandom, type TMarkingRecord } from '../apps/server/src/marking/dataset';
import { fisherMeanKappa, summarise, type TScored } from '../apps/server/src/marking/metrics';
import { markConfidence } from '../apps/server/src/marking/confidence';
import { markOffline, type TOfflineMark } from '../apps/server/src/marking/offline/offline-marker';
import type { TMarkingInput } from '../apps/server/src/marking/types';
import {
  FALSE_KINDS,
  GAMING_KINDS,
  GAMING_QUESTIONS,
  isGaming,
  inputOfCase,
  TOLD_CORRECT_RE,
  type TGamingQuestion,
} from '../apps/server/src/marking/test-support/gaming-cases';
import {
  markWorking,
  WORKING_QUESTIONS,
} from '../apps/server/src/marking/test-support/working-answers';
import { loadQuestions } from './learning-curve';

/**
 * `npm run bench:gaming`: answers that try to game the offline marker (issue 27).
 *
 * 1. The handwritten teacher-style set (`test-support/gaming-cases.ts`), tuning and held-out halves
 *    apart: the share of gaming answers that reach the high band without a flag (a doubt the teacher
 *    can read, or moderation), by kind; and on the honest answers, QWK, exact agreement and band
 *    agreement with the teacher's marks.
 * 2. The public data (../shared/data/marking or MARKING_DATA_DIR), the learning curve's tuning and
 *    held-out questions apart: word salads generated from each question's rubric and reference
 *    answer (no sentence: the content words in a seeded random order), the share reaching the high
 *    band unflagged; and the zero-shot agreement with the human marks (per-question QWK, Fisher
 *    mean, as `bench:marking` reports it).
 *
 * Options: --no-public (the handwritten set only), --verbose (each gaming answer that got through).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.resolve(
  process.env.MARKING_DATA_DIR ?? path.join(root, '../shared/data/marking'),
);
const args = process.argv.slice(2);
const verbose = args.includes('--verbose');

/**
 * Flagged as the product flags a mark: the teacher is shown it in Needs review (the engine's
 * confidence, `marking/confidence.ts`, under the queue's line), or moderation flagged the answer.
 * A doubt the marker notes but the teacher is never shown does not count.
 */
function flagged(input: TMarkingInput, r: TOfflineMark): boolean {
  return r.contentModeration.isInappropriate || markConfidence(input, r).needsReview;
}

function highStart(highMarkRange: string, marks: number): number {
  return parseMarkRange(highMarkRange)?.start ?? marks;
}

function bandOf(score: number, q: TGamingQuestion): 'high' | 'low' | 'middle' {
  const high = parseMarkRange(q.highMarkRange);
  const low = parseMarkRange(q.lowMarkRange);
  if (high && score >= high.start) return 'high';
  if (low && score <= low.end) return 'low';
  return 'middle';
}

function pct(n: number, d: number): string {
  return d === 0 ? '-' : `${((100 * n) / d).toFixed(1)} % (${n}/${d})`;
}

/** Gaming answers with no wording of their own to praise: lists of words, copies. */
const WORDING_KINDS: ReadonlySet<string> = new Set([
  'salad',
  'shuffled',
  'question-copy',
  'rubric-copy',
]);

/** "It correctly points out that …", "It points out …", "It correctly says that …": a statement made. */
const STATEMENT_CLAIM_RE =
  /\bIt (?:correctly )?(?:points out|says that|states|explains|describes)\b/;
/** The feedback's reading of an answer as a list of words. */
const LISTS_WORDS_RE = /\bIt lists\b/;

function handwritten(): void {
  console.log('Handwritten teacher-style set (test-support/gaming-cases.ts)');
  for (const part of ['tuning', 'held-out'] as const) {
    const questions = GAMING_QUESTIONS.filter((q) => q.part === part);
    const through = new Map<string, { n: number; high: number }>();
    const honest: TScored[] = [];
    let sameBand = 0;
    let honestFlagged = 0;
    // Feedback that praises the answer's wording ("You put it well in …"): false of a word list,
    // a copy of the question or of the rubric; the honest answers' count is what such a fix costs.
    const praised = { gaming: 0, gamingN: 0, honest: 0 };
    // Feedback that tells a list of words it makes a point ("It correctly points out that …"): a
    // list says no statement, so the claim is false of it; the honest answers told they only list
    // words are what such a fix costs.
    const listClaims = { claims: 0, n: 0, honestListed: 0 };
    // Feedback that tells an answer saying something false that it is correct, as a student sees
    // it when marks are released at once (flagged or not); the honest answers no longer told they
    // are correct are what a fix costs.
    const toldRight = { gaming: 0, gamingN: 0, honest: 0, honestFull: 0 };
    for (const q of questions) {
      for (const a of q.answers) {
        const input = inputOfCase(q, a.text);
        const r = markOffline(input, { learned: false });
        const praises = /\bYou put it well in\b/.test(r.aiComment ?? '');
        if (isGaming(a) && WORDING_KINDS.has(a.kind)) {
          praised.gamingN += 1;
          if (praises) praised.gaming += 1;
        }
        if (!isGaming(a) && praises) praised.honest += 1;
        if (a.kind === 'salad' || a.kind === 'shuffled') {
          listClaims.n += 1;
          if (STATEMENT_CLAIM_RE.test(r.aiComment ?? '')) listClaims.claims += 1;
        }
        if (!isGaming(a) && LISTS_WORDS_RE.test(r.aiComment ?? '')) listClaims.honestListed += 1;
        const right = TOLD_CORRECT_RE.test(r.aiComment ?? '');
        if (isGaming(a) && FALSE_KINDS.includes(a.kind)) {
          toldRight.gamingN += 1;
          if (right) toldRight.gaming += 1;
        }
        if (!isGaming(a) && a.mark === q.marks) {
          toldRight.honestFull += 1;
          if (right) toldRight.honest += 1;
        }
        if (isGaming(a)) {
          const t = through.get(a.kind) ?? { n: 0, high: 0 };
          t.n += 1;
          const high = r.score >= highStart(q.highMarkRange, q.marks) && !flagged(input, r);
          if (high) {
            t.high += 1;
            if (verbose && part === 'tuning')
              console.log(`  through: ${q.id} ${a.kind} ${r.score}/${q.marks}: ${a.text}`);
          }
          through.set(a.kind, t);
        } else {
          honest.push({ group: q.id, marks: q.marks, predicted: r.score, human: a.mark });
          if (flagged(input, r)) {
            honestFlagged += 1;
            // Tuning answers only, as the other verbose lines: held-out texts are read to measure.
            if (verbose && part === 'tuning') {
              console.log(`  honest ${q.id} ${a.kind} sent to review: ${a.text}`);
            }
          }
          if (bandOf(r.score, q) === bandOf(a.mark, q)) sameBand += 1;
          if (verbose && part === 'tuning' && r.score !== a.mark) {
            console.log(
              `  honest ${q.id} ${a.kind}: teacher ${a.mark}, marker ${r.score}: ${a.text}`,
            );
          }
        }
      }
    }
    const all = [...through.values()].reduce((s, t) => ({ n: s.n + t.n, high: s.high + t.high }), {
      n: 0,
      high: 0,
    });
    const agreement = summarise(honest);
    console.log(`  ${part} (${questions.length} questions):`);
    console.log(`    gaming answers in the high band, unflagged: ${pct(all.high, all.n)}`);
    for (const kind of GAMING_KINDS) {
      const t = through.get(kind);
      if (t) console.log(`      ${kind.padEnd(15)} ${pct(t.high, t.n)}`);
    }
    console.log(
      `    feedback praising the wording of lists and copies: ${pct(praised.gaming, praised.gamingN)}; of honest answers: ${pct(praised.honest, honest.length)}`,
    );
    console.log(
      `    feedback claiming a list of words makes a point: ${pct(listClaims.claims, listClaims.n)}; honest answers told they list words: ${pct(listClaims.honestListed, honest.length)}`,
    );
    console.log(
      `    answers saying something false told they are correct: ${pct(toldRight.gaming, toldRight.gamingN)}; honest full-mark answers told so: ${pct(toldRight.honest, toldRight.honestFull)}`,
    );
    console.log(
      `    honest answers (${honest.length}): QWK ${agreement.qwk.toFixed(3)}, exact ${(agreement.exact * 100).toFixed(1)} %, same band ${pct(sameBand, honest.length)}, sent to review ${pct(honestFlagged, honest.length)}`,
    );
    // Each batch apart: a later batch was written before the changes it measures.
    const batches = [...new Set(questions.map((q) => q.written ?? 'first batch'))];
    if (batches.length > 1) {
      for (const batch of batches) {
        let n = 0;
        let high = 0;
        let honestN = 0;
        let honestSent = 0;
        for (const q of questions.filter((x) => (x.written ?? 'first batch') === batch)) {
          for (const a of q.answers) {
            const input = inputOfCase(q, a.text);
            const r = markOffline(input, { learned: false });
            if (isGaming(a)) {
              n += 1;
              if (r.score >= highStart(q.highMarkRange, q.marks) && !flagged(input, r)) high += 1;
            } else {
              honestN += 1;
              if (flagged(input, r)) honestSent += 1;
            }
          }
        }
        console.log(
          `      ${batch === 'first batch' ? batch : `written ${batch}`}: gaming through ${pct(high, n)}; honest sent to review ${pct(honestSent, honestN)}`,
        );
      }
    }
  }
}

const STOP = new Set(
  'the a an and or of to in on at by for with from as is are was were be been it its this that these those which who what when where how why than then there their they them not no any each one two three some more most less few can will would should could must may might also other such into out up down over under between both all only own same so very just but if because about after before during through while answer answers response responses score scores mark marks key point points element elements reference range high low middle scored example examples describes describe explain explains includes include student students'.split(
    ' ',
  ),
);

/** Word salads from one question's rubric and reference answer: content words, no sentence. */
function saladsOf(r: TMarkingRecord, seed: number): string[] {
  const text = `${r.rubric}\n${r.referenceAnswer ?? ''}`;
  const words = [
    ...new Set((text.toLowerCase().match(/[a-z][a-z-]{2,}/g) ?? []).filter((w) => !STOP.has(w))),
  ];
  const random = seededRandom(seed);
  const order = [...words];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j] as string, order[i] as string];
  }
  return [order.slice(0, 12), order.slice(0, 25), order.slice(0, 50)].map((w) => w.join(' '));
}

/** Honest worked calculations (`test-support/working-answers.ts`): marks and review, by batch. */
function working(): void {
  console.log('Worked calculations (test-support/working-answers.ts)');
  for (const part of ['tuning', 'held-out'] as const) {
    const questions = WORKING_QUESTIONS.filter((x) => x.part === part);
    const batches = [...new Set(questions.map((q) => q.written ?? 'first batch'))];
    for (const batch of ['all', ...batches]) {
      let n = 0;
      let review = 0;
      let right = 0;
      let needless = 0;
      let wrongReleased = 0;
      for (const q of questions.filter(
        (x) => batch === 'all' || (x.written ?? 'first batch') === batch,
      )) {
        for (const a of q.answers) {
          const r = markWorking(q, a.text);
          n += 1;
          if (r.needsReview) review += 1;
          if (r.score === a.mark) right += 1;
          if (r.score === a.mark && r.needsReview) needless += 1;
          if (r.score !== a.mark && !r.needsReview) wrongReleased += 1;
          if (
            verbose &&
            batch === 'all' &&
            part === 'tuning' &&
            (r.needsReview || r.score !== a.mark)
          )
            console.log(
              `  ${q.id}: ${r.score}/${q.marks} (teacher ${a.mark}) ${r.reason ?? ''}: ${a.text}`,
            );
        }
      }
      if (batch !== 'all' && batches.length < 2) continue;
      const label =
        batch === 'all'
          ? `  ${part}`
          : `    ${batch === 'first batch' ? batch : `written ${batch}`}`;
      console.log(
        `${label}: the teacher's mark ${pct(right, n)}; sent to review ${pct(review, n)}: right marks sent ${pct(needless, n)}, wrong marks released ${pct(wrongReleased, n)}`,
      );
    }
  }
}

async function publicData(): Promise<void> {
  for (const name of ['asap-sas-train.jsonl', 'saf-en-train.jsonl']) {
    const file = path.join(dataDir, name);
    if (!existsSync(file)) {
      console.log(`\n${name}: not found, skipped`);
      continue;
    }
    const questions = await loadQuestions(file);
    console.log(`\n${name}`);
    for (const heldOut of [false, true]) {
      const part = questions.filter((q) => q.heldOut === heldOut);
      let salads = 0;
      let through = 0;
      const kappas: number[] = [];
      const pooled: TScored[] = [];
      for (const q of part) {
        const first = q.records[0];
        if (!first) continue;
        for (const [i, salad] of saladsOf(first, 7).entries()) {
          const input = { ...first, answer: salad };
          const r = markOffline(input, { learned: false });
          salads += 1;
          if (r.score >= highStart(first.highMarkRange, first.marks) && !flagged(input, r)) {
            through += 1;
            if (verbose) console.log(`  salad ${i} through: ${q.label} ${r.score}/${first.marks}`);
          }
        }
        const rows: TScored[] = q.records.map((rec) => ({
          group: q.label,
          marks: rec.marks,
          predicted: markOffline(rec, { learned: false }).rawScore,
          human: rec.humanScore ?? 0,
        }));
        kappas.push(summarise(rows).qwk);
        pooled.push(...rows);
      }
      const agreement = summarise(pooled);
      console.log(
        `  ${heldOut ? 'held-out' : 'tuning'} (${part.length} questions): salads in the high band, unflagged ${pct(through, salads)}; zero-shot QWK per question (Fisher mean) ${fisherMeanKappa(kappas).toFixed(3)}, pooled ${agreement.qwk.toFixed(3)}, exact ${(agreement.exact * 100).toFixed(1)} %`,
      );
    }
  }
}

handwritten();
working();
if (!args.includes('--no-public')) await publicData();

import { existsSync } from 'node:fs';
import path from 'node:path';
import { seededRandom, type TMarkingRecord } from '../apps/server/src/marking/dataset';
import { suggestItems, SUGGEST_FROM } from '../apps/server/src/marking/loop/item-suggestions';
import { markOffline } from '../apps/server/src/marking/offline/offline-marker';
import { loadQuestions } from './learning-curve';

/**
 * `npm run bench:items` (issue 27): how well the marker's rubric-item suggestions would do, on the
 * public data, with the human mark standing for the set of items a teacher applied (one item set
 * per mark). Per question: a seeded sample of 300 answers, of which the teacher "itemises" a share
 * (10 % and 20 %, drawn at random); every other answer gets the items of its nearest itemised answer
 * when the two are alike enough (`item-suggestions.ts`). Printed per threshold: the share of the
 * other answers that get a suggestion (coverage) and the share of those whose suggestion is their
 * own human mark (precision), tuning and held-out questions apart (the learning curve's split):
 * from the nearest answer alone, and (as the product does) only where the marker's own mark, with
 * the itemised answers as its examples, is the nearest answer's.
 */

const dataDir = path.resolve(
  process.env.MARKING_DATA_DIR ?? path.join(import.meta.dirname, '../../shared/data/marking'),
);
const FILES = ['asap-sas-train.jsonl', 'saf-en-train.jsonl'];
const THRESHOLDS = [0.5, 0.6, 0.7, 0.8, 0.9];
const SHARES = [0.1, 0.2];
const LIMIT = 300;

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  const random = seededRandom(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

async function main(): Promise<void> {
  if (!existsSync(dataDir)) {
    console.log(`No marking data at ${dataDir}: nothing to measure.`);
    return;
  }
  console.log(
    `Rubric-item suggestions from the nearest itemised answer (product threshold ${SUGGEST_FROM}); coverage = share of the other answers suggested, precision = share of suggestions equal to the human mark`,
  );
  for (const file of FILES) {
    const full = path.join(dataDir, file);
    if (!existsSync(full)) continue;
    const questions = await loadQuestions(full);
    for (const heldOut of [false, true]) {
      const part = questions.filter((q) => q.heldOut === heldOut);
      for (const share of SHARES) {
        const tally = new Map(THRESHOLDS.map((t) => [t, { open: 0, suggested: 0, right: 0 }]));
        const agreed = new Map(THRESHOLDS.map((t) => [t, { open: 0, suggested: 0, right: 0 }]));
        for (const q of part) {
          const records: TMarkingRecord[] = shuffled(q.records, 17 + q.records.length).slice(
            0,
            LIMIT,
          );
          const n = Math.max(1, Math.ceil(share * records.length));
          const itemised = records.slice(0, n).map((r) => ({
            id: r.id,
            answer: r.answer,
            itemIds: [String(r.humanScore ?? 0)],
            score: r.humanScore ?? 0,
          }));
          const open = records.slice(n);
          const human = new Map(open.map((r) => [r.id, String(r.humanScore ?? 0)]));
          const all = suggestItems(itemised, open, 0);
          // The marker's own mark of each answer, the itemised ones as its examples.
          const examples = records
            .slice(0, n)
            .map((r) => ({ answer: r.answer, score: r.humanScore ?? 0 }));
          const machine = new Map(
            open.map((r) => [r.id, String(markOffline({ ...r, examples }).score)]),
          );
          for (const t of THRESHOLDS) {
            const row = tally.get(t);
            const both = agreed.get(t);
            if (!row || !both) continue;
            row.open += open.length;
            both.open += open.length;
            for (const s of all) {
              if (s.similarity < t) continue;
              const right = s.itemIds[0] === human.get(s.answerId);
              row.suggested += 1;
              if (right) row.right += 1;
              if (s.itemIds[0] !== machine.get(s.answerId)) continue;
              both.suggested += 1;
              if (right) both.right += 1;
            }
          }
        }
        const cells = (rows: typeof tally) =>
          THRESHOLDS.map((t) => {
            const r = rows.get(t) ?? { open: 0, suggested: 0, right: 0 };
            const coverage = r.open === 0 ? 0 : (100 * r.suggested) / r.open;
            const precision = r.suggested === 0 ? 0 : (100 * r.right) / r.suggested;
            return `${t}: ${coverage.toFixed(0)} % / ${precision.toFixed(0)} %`;
          });
        console.log(
          `${file} ${heldOut ? 'held-out' : 'tuning  '} ${Math.round(share * 100)} % itemised (coverage / precision)\n  nearest alone:        ${cells(tally).join('   ')}\n  and the marker agrees: ${cells(agreed).join('   ')}`,
        );
      }
    }
  }
}

await main();

import { describe, expect, it } from 'vitest';
import { seededRandom } from '../dataset';
import { markOffline } from '../offline/offline-marker';
import {
  OSMOSIS_POINTS,
  osmosisTeacher,
  ROOT_HAIR_ANSWER,
  ROOT_HAIR_POINTS,
  rootAnswers as answers,
  rootHairTeacher,
} from '../test-support/root-answers';
import type { TMarkedExample, TMarkingInput } from '../types';
import { textFeatures } from './features';
import {
  blendMargin,
  calibrated,
  chooseBlend,
  fitCuts,
  fitLearned,
  foldsOf,
  LEARNED,
  nestedBlendQwk,
  type TLearnedExample,
} from './learned-model';
import { quadraticWeightedKappa } from '../metrics';

/**
 * The learned marker: a per-question model fitted on teacher-marked answers and blended with the
 * rubric engine only as far as cross-validation says it helps.
 */

const OSMOSIS: Omit<TMarkingInput, 'answer'> = {
  question: 'Explain how water gets into a plant root cell.',
  marks: 4,
  lowMarkRange: '0-1',
  highMarkRange: '3-4',
  rubric:
    'Low Mark Range (0-1):\nMentions water moving.\n\nHigh Mark Range (3-4):\nWater moves by osmosis from a dilute solution to a concentrated one across a partially permeable membrane.',
};

function learnedExamples(examples: TMarkedExample[], marks: number): TLearnedExample[] {
  return examples.map((e) => ({
    features: textFeatures(e.answer),
    dense: [e.answer.length],
    share: e.score / marks,
  }));
}

/** The rubric engine as the fit sees it: here a constant guess, which carries no information. */
const flatRubric = (_train: readonly number[], test: readonly number[]) => test.map(() => 0.5);

describe('the learned model and its blend with the rubric engine', () => {
  it('learns what the teacher rewards and is blended in when cross-validation says it helps', () => {
    const examples = answers(120, 1).map(rootHairTeacher);
    const model = fitLearned(learnedExamples(examples, 4), { marks: 4, rubricShares: flatRubric });
    // (Against a constant rubric engine, any weight with its stretch ranks answers alike.)
    expect(model.weight).toBeGreaterThan(0.4);
    expect(model.cv.blendQwk).toBeGreaterThan(model.cv.rubricQwk);
    const strong = textFeatures(`${ROOT_HAIR_POINTS.join(' ')} Plants need water to live.`);
    const weak = textFeatures(`${OSMOSIS_POINTS.join(' ')} Plants need water to live.`);
    expect(model.predict(strong, [60])).toBeGreaterThan(0.55);
    expect(model.predict(weak, [60])).toBeLessThan(0.3);
    expect(model.predict(strong, [60]) - model.predict(weak, [60])).toBeGreaterThan(0.3);
  });

  it('gets weight 0 when the teacher marks carry no signal (random marks)', () => {
    const random = seededRandom(7);
    const examples = answers(200, 2).map((a) => ({
      answer: a.text,
      score: Math.floor(random() * 5),
    }));
    const model = fitLearned(learnedExamples(examples, 4), {
      marks: 4,
      rubricShares: (_train, test) => test.map((i) => (examples[i]?.answer.length ?? 0) / 400),
    });
    expect(model.weight).toBe(0);
    expect(model.cv.blendQwk).toBe(model.cv.rubricQwk);
  });

  it('gets weight 0 when the rubric engine already marks as well as it could', () => {
    const examples = answers(150, 3).map(rootHairTeacher);
    // A rubric engine that is right on every answer cannot be beaten.
    const model = fitLearned(learnedExamples(examples, 4), {
      marks: 4,
      rubricShares: (_train, test) => test.map((i) => (examples[i]?.score ?? 0) / 4),
    });
    expect(model.weight).toBe(0);
  });

  it('gets weight 0 when nearly every example has the same mark (a few answers would decide)', () => {
    // 120 answers, all full marks but for the few without the root-hair points' words at all.
    const pool = answers(120, 6);
    const examples = pool.map((a) => ({ answer: a.text, score: a.rootHair === 0 ? 0 : 4 }));
    const off = examples.filter((e) => e.score === 0).slice(0, LEARNED.minInformative - 1);
    const skewed = [...examples.filter((e) => e.score === 4), ...off];
    const model = fitLearned(learnedExamples(skewed, 4), { marks: 4, rubricShares: flatRubric });
    expect(model.weight).toBe(0);
    // With enough answers off the common mark, the same signal is learned.
    const balanced = fitLearned(learnedExamples(examples, 4), {
      marks: 4,
      rubricShares: flatRubric,
    });
    expect(balanced.weight).toBeGreaterThan(0.5);
  });

  it('asks the blend to beat the rubric engine by a margin that shrinks with the examples', () => {
    // Below 100 examples the held-out folds' QWK is noisier: twice the margin.
    expect(blendMargin(50)).toBeCloseTo(0.5 / Math.sqrt(50), 12);
    expect(blendMargin(99)).toBeCloseTo(0.5 / Math.sqrt(99), 12);
    expect(blendMargin(100)).toBeCloseTo(0.025, 12);
    expect(blendMargin(300)).toBeCloseTo(0.25 / Math.sqrt(300), 12);
    for (let n = LEARNED.minExamples; n < 500; n++) {
      expect(blendMargin(n + 1)).toBeLessThanOrEqual(blendMargin(n));
    }
  });

  it('below 150 examples, trusts a blend only if it still wins with its choice cross-validated', () => {
    // A learned model that is pure noise beside a fair rubric engine: choosing the best of the
    // blends on the same 60 answers usually "beats" the rubric engine (a little noise helps by
    // luck); choosing it on the other folds, as a new answer would be marked, never does.
    let luckyWins = 0;
    for (let seed = 1; seed <= 10; seed++) {
      const random = seededRandom(seed);
      const shares = Array.from({ length: 60 }, () => Math.floor(random() * 5) / 4);
      const rubric = shares.map((s) => Math.min(1, Math.max(0, s + (random() - 0.5) * 0.8)));
      const noise = shares.map(() => random());
      const mean = shares.reduce((a, b) => a + b, 0) / shares.length;
      const rubricQwk = quadraticWeightedKappa(
        rubric.map((v) => v * 4),
        shares.map((v) => v * 4),
        4,
      );
      const all = shares.map((_, i) => i);
      const plain = chooseBlend(noise, rubric, shares, all, 4, mean);
      if (plain.weight > 0 && plain.qwk > rubricQwk) luckyWins++;
      expect(nestedBlendQwk(noise, rubric, shares, foldsOf(60, 5), 4, mean)).toBeLessThan(
        rubricQwk,
      );
    }
    expect(luckyWins).toBeGreaterThanOrEqual(8);
    // A learned model that does read what the teacher rewards passes the check at 60 examples.
    const examples = learnedExamples(answers(60, 1).map(rootHairTeacher), 4);
    const model = fitLearned(examples, { marks: 4, rubricShares: flatRubric });
    expect(model.cv.nestedQwk).not.toBeNull();
    expect(model.cv.nestedQwk ?? 0).toBeGreaterThan(model.cv.rubricQwk + 0.25 / Math.sqrt(60));
    expect(model.weight).toBeGreaterThan(0.5);
    // From 150 examples the plain choice stands (it is no longer computed).
    const many = fitLearned(learnedExamples(answers(150, 1).map(rootHairTeacher), 4), {
      marks: 4,
      rubricShares: flatRubric,
    });
    expect(many.cv.nestedQwk).toBeNull();
  });

  it('sets cut points between marks where the held-out blend agrees best with the teacher', () => {
    // A model that ranks answers right but squeezes them toward the middle (as ridge does).
    const random = seededRandom(3);
    const human = Array.from({ length: 200 }, () => Math.floor(random() * 5));
    const squeezed = human.map((h) => 2 + 0.3 * (h - 2) + (random() - 0.5) * 0.2);
    expect(quadraticWeightedKappa(squeezed, human, 4)).toBeLessThan(0.8);
    const cuts = fitCuts(squeezed, human, 4);
    expect(cuts).toHaveLength(4);
    for (let k = 1; k < cuts.length; k++) expect(cuts[k]).toBeGreaterThan(cuts[k - 1] ?? 0);
    const mapped = squeezed.map((x) => calibrated(x, cuts, 4));
    expect(quadraticWeightedKappa(mapped, human, 4)).toBeGreaterThan(0.95);
    // The map is monotone, keeps 0 and full marks, and puts each cut point half-way between marks.
    cuts.forEach((c, k) => expect(calibrated(c, cuts, 4)).toBeCloseTo(k + 0.5, 9));
    expect(calibrated(0, cuts, 4)).toBe(0);
    expect(calibrated(4, cuts, 4)).toBe(4);
    for (let x = 0; x < 4; x += 0.05) {
      expect(calibrated(x + 0.05, cuts, 4)).toBeGreaterThanOrEqual(calibrated(x, cuts, 4));
    }
  });

  it('is deterministic: the same examples give the same model and marks', () => {
    const examples = learnedExamples(answers(80, 4).map(rootHairTeacher), 4);
    const a = fitLearned(examples, { marks: 4, rubricShares: flatRubric });
    const b = fitLearned(examples, { marks: 4, rubricShares: flatRubric });
    expect(b.weight).toBe(a.weight);
    expect(b.lambda).toBe(a.lambda);
    expect(b.kernel).toBe(a.kernel);
    expect(b.cuts).toEqual(a.cuts);
    const probe = textFeatures('Root hairs give a large surface area. Water is wet.');
    expect(b.predict(probe, [50])).toBe(a.predict(probe, [50]));
  });

  it('fits 300 answers, with its cross-validation', () => {
    // How fast: `npm run bench:marking` prints the slowest fit (a test does not race the clock).
    const examples = learnedExamples(answers(300, 5).map(rootHairTeacher), 4);
    const model = fitLearned(examples, { marks: 4, rubricShares: flatRubric });
    expect(model.examples).toBe(300);
  });
});

describe('the offline marker with many teacher marks', () => {
  const target = ROOT_HAIR_ANSWER;

  it('marks by the blend, recorded in the engine, and refits when the teacher marks change', () => {
    const pool = answers(150, 11);
    const rubricOnly = markOffline({ ...OSMOSIS, answer: target });
    expect(rubricOnly.engine).toBe('offline@20');

    const byRootHair = markOffline({
      ...OSMOSIS,
      answer: target,
      examples: pool.map(rootHairTeacher),
    });
    expect(byRootHair.engine).toMatch(/^offline@20\+learned\(n=150,w=0\.\d\d\)$/);
    expect(byRootHair.score).toBeGreaterThanOrEqual(3);

    // The same answers, re-marked by a teacher who rewards the other points: the model is refitted
    // (here the rubric engine, which looks for those points, marks alone) and the answer loses the
    // marks the first teacher gave for its points.
    const byOsmosis = markOffline({
      ...OSMOSIS,
      answer: target,
      examples: pool.map(osmosisTeacher),
    });
    expect(byOsmosis.score).toBeLessThanOrEqual(1);
  });

  it('keeps the rubric engine alone with fewer than the minimum of examples', () => {
    const few = answers(LEARNED.minExamples - 1, 12).map(rootHairTeacher);
    expect(markOffline({ ...OSMOSIS, answer: target, examples: few }).engine).toBe('offline@20');
  });
});

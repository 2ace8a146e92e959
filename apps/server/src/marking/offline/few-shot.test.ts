import { describe, expect, it } from 'vitest';
import { parseRubric } from './rubric';
import {
  calibratedShare,
  cutFollowsExamples,
  FEW_SHOT,
  fewShotShare,
  fittedCut,
  summariseExamples,
  type TShotView,
} from './few-shot';

/** An answer as the few-shot step sees it: its zero-shot share, words, key-point credits, length. */
function view(share: number, words: string[]): TShotView {
  return { share, stems: new Set(words), credits: [share], logLength: Math.log1p(words.length) };
}

/**
 * A teacher who gives full marks (4 of 4) to every answer the rubric engine puts at 0.55 or more,
 * and 2 of 4 below: generous against the engine's scale, as SAF's tutors are.
 */
function generousExamples(count: number): { views: TShotView[]; scores: number[] } {
  const views: TShotView[] = [];
  const scores: number[] = [];
  for (let i = 0; i < count; i++) {
    const share = 0.3 + (0.6 * i) / (count - 1);
    views.push(view(share, ['duplex', 'ack', `w${i}`]));
    scores.push(share >= 0.55 ? 1 : 0.5);
  }
  return { views, scores };
}

describe('few-shot: the cut of full marks follows the examples', () => {
  it('gives full marks where this teacher does, from enough examples', () => {
    const { views, scores } = generousExamples(24);
    const summary = summariseExamples(views, scores, 4);
    // The teacher's cut is well below the default, half a mark under full (0.875).
    expect(summary.topCut).toBeLessThan(0.8);
    const share = fewShotShare(view(0.62, ['duplex', 'ack', 'frames']), summary);
    // 4 × share rounds to 4: the verdict is "correct", as the teacher's own examples say.
    expect(Math.round(4 * share)).toBe(4);
    // An answer below the teacher's cut still does not get full marks.
    const weak = fewShotShare(view(0.32, ['duplex']), summary);
    expect(Math.round(4 * weak)).toBeLessThan(4);
  });

  it('keeps the default cut with few examples, unknown marks or too few on one side', () => {
    const few = generousExamples(FEW_SHOT.cutMin - 1);
    expect(summariseExamples(few.views, few.scores, 4).topCut).toBe(1 - 0.5 / 4);
    const many = generousExamples(24);
    expect(summariseExamples(many.views, many.scores).topCut).toBe(1);
    const allFull = many.scores.map(() => 1);
    expect(summariseExamples(many.views, allFull, 4).topCut).toBe(1 - 0.5 / 4);
  });

  it('fits the cut that separates the full marks, shrunk toward the default', () => {
    const predicted = [0.1, 0.2, 0.3, 0.4, 0.6, 0.7, 0.8, 0.9];
    const above = predicted.map((p) => p > 0.5);
    const cut = fittedCut(predicted, above, 0.875);
    const n = predicted.length;
    expect(cut).toBeCloseTo(0.875 + ((0.5 - 0.875) * n) / (n + FEW_SHOT.cutPrior), 6);
  });

  it('keeps the default cut when the fitted one sorts barely more examples right', () => {
    // The default cut (0.875) already puts every example on its side but one of 40.
    const predicted = Array.from({ length: 40 }, (_, i) => 0.3 + (0.69 * i) / 39);
    const above = predicted.map((p, i) => p >= 0.875 || i === 30);
    expect(fittedCut(predicted, above, 0.875)).toBe(0.875);
  });

  it('maps the fitted cut to half a mark below full and keeps the ends and the order', () => {
    const summary = summariseExamples([], [], 4);
    const moved = { ...summary, topCut: 0.6 };
    expect(calibratedShare(0.6, moved)).toBeCloseTo(0.875, 6);
    expect(calibratedShare(0, moved)).toBe(0);
    expect(calibratedShare(1, moved)).toBeCloseTo(1, 6);
    const shares = [0.1, 0.3, 0.59, 0.61, 0.9];
    const mapped = shares.map((s) => calibratedShare(s, moved));
    expect([...mapped].sort((a, b) => a - b)).toEqual(mapped);
    // The default cut leaves every share as it was.
    expect(calibratedShare(0.7, summary)).toBe(0.7);
  });

  it('follows the examples only where the rubric does not describe full marks itself', () => {
    const scored = parseRubric(
      'Score 3: names three pieces of information.\nScore 2: names two.\nScore 1: names one.\nScore 0: names none.',
    );
    expect(cutFollowsExamples(scored.scoreLines, 3)).toBe(false);
    const banded = parseRubric(
      'Low Mark Range (0-1):\nMisses the key points.\n\nMiddle marks (2): Some of the key points.\n\nHigh Mark Range (3-4):\nA correct and complete answer scores 4.',
    );
    expect(cutFollowsExamples(banded.scoreLines, 4)).toBe(true);
    const teacher = parseRubric(
      'Low Mark Range (0-1):\nNo reason given.\n\nHigh Mark Range (2-3):\nMass does not change with place; weight does.',
    );
    expect(cutFollowsExamples(teacher.scoreLines, 3)).toBe(true);
  });
});

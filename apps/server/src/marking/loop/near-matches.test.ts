import { describe, expect, it } from 'vitest';
import { seededRandom } from '../dataset';
import { cosineOf } from '../learned/features';
import {
  NEAR_MATCH_CHUNK,
  NEAR_MATCH_CUT,
  nearMatchClusters,
  nearMatchFeatures,
  type TNearMatchUnit,
} from './near-matches';
import { normalisedAnswer } from './review-order';

const unit = (answer: string, score: number): TNearMatchUnit => ({
  text: normalisedAnswer(answer),
  score,
});

/** A class's distinct answers to "why does a metal spoon feel colder than a wooden one?". */
const CLASS: TNearMatchUnit[] = [
  unit('Metal is a good conductor so heat flows quickly from your hand into the metal.', 3),
  unit('Metal is a good conductor, so heat flows quickly from the hand into the metal spoon.', 3),
  unit('The metal is a good conductor so heat flows from your hand into the metal quickly.', 3),
  unit('Wood is an insulator so it does not take the heat from your hand.', 2),
  unit('Wood is an insulator, so it does not take heat away from your hand.', 2),
  unit('Metal is a good conductor so heat flows quickly from your hand into the metal!!', 1),
  unit('Because the metal spoon is colder.', 0),
  unit('The cold goes from the spoon into your hand.', 0),
  unit('I think it is because of the temperature of the room and the sun.', 0),
];

function textsOf(units: readonly TNearMatchUnit[], clusters: number[][]): string[][] {
  return clusters
    .map((c) => c.map((i) => units[i]?.text ?? '').sort())
    .sort((a, b) => ((a[0] ?? '') < (b[0] ?? '') ? -1 : 1));
}

describe('nearMatchClusters', () => {
  it('groups answers alike in their words, only among answers with the same mark', () => {
    const { clusters } = nearMatchClusters(CLASS);
    expect(textsOf(CLASS, clusters)).toEqual([
      [CLASS[0]?.text, CLASS[1]?.text, CLASS[2]?.text].sort(),
      [CLASS[3]?.text, CLASS[4]?.text].sort(),
    ]);
    // The same words with another mark (index 5) stay out; unlike answers stay alone.
    expect(clusters.flat()).not.toContain(5);
    expect(clusters.flat()).not.toContain(6);
  });

  it('keeps every pair of a cluster within the cut (complete linkage, no chains)', () => {
    // A chain of answers, each a small step from the one before: single linkage would join them all.
    const chain = [
      'heat flows from the hand into the metal',
      'heat flows from the hand into the metal spoon quickly',
      'heat flows quickly into the metal spoon because metal conducts',
      'the metal spoon conducts heat because metal is a good conductor of heat',
      'metal is a good conductor of heat and wood is a good insulator',
      'wood is a good insulator so the wooden spoon feels warm',
    ].map((t) => unit(t, 2));
    const features = chain.map((u) => nearMatchFeatures(u.text));
    for (let i = 1; i < chain.length; i++) {
      const step = 1 - cosineOf(features[i - 1]!, features[i]!);
      expect(step).toBeLessThan(NEAR_MATCH_CUT);
    }
    for (const cut of [0.3, 0.45, NEAR_MATCH_CUT, 0.75]) {
      const { clusters } = nearMatchClusters(chain, { cut });
      for (const c of clusters) {
        for (const i of c) {
          for (const j of c) {
            expect(1 - cosineOf(features[i]!, features[j]!)).toBeLessThanOrEqual(cut + 1e-9);
          }
        }
      }
    }
    // Each step is under the cut, yet the ends of the chain are not in one cluster.
    expect(nearMatchClusters(chain).clusters).toEqual([
      [0, 1, 2],
      [3, 4],
    ]);
    // A cut of 0 joins nothing (the texts are distinct); a cut of 1 joins every answer of a mark.
    expect(nearMatchClusters(chain, { cut: 0 }).clusters).toEqual([]);
    expect(nearMatchClusters(chain, { cut: 1 }).clusters).toEqual([[0, 1, 2, 3, 4, 5]]);
  });

  it('gives the same clusters whatever the order of the answers', () => {
    const once = textsOf(CLASS, nearMatchClusters(CLASS).clusters);
    const random = seededRandom(7);
    for (let n = 0; n < 5; n++) {
      const shuffled = [...CLASS].sort(() => random() - 0.5);
      expect(textsOf(shuffled, nearMatchClusters(shuffled).clusters)).toEqual(once);
    }
  });

  it('clusters a big class in chunks, so the work grows linearly with the answers', () => {
    const random = seededRandom(3);
    const words = ['heat', 'metal', 'wood', 'hand', 'flows', 'conductor', 'insulator', 'cold'];
    const units = Array.from({ length: 1_000 }, (_, i) =>
      unit(
        `${Array.from({ length: 6 }, () => words[Math.floor(random() * words.length)]).join(' ')} ${i}`,
        i % 2,
      ),
    );
    const { clusters, work } = nearMatchClusters(units);
    // Two marks of 500 answers, each cut into chunks of NEAR_MATCH_CHUNK (200, 200, 100).
    expect(work.largestChunk).toBe(NEAR_MATCH_CHUNK);
    const pairs = (n: number) => (n * (n - 1)) / 2;
    expect(work.distances).toBe(2 * (2 * pairs(200) + pairs(100)));
    expect(work.distances).toBeLessThanOrEqual((units.length * (NEAR_MATCH_CHUNK - 1)) / 2);
    // Every clustered answer once, never two marks in one cluster.
    const flat = clusters.flat();
    expect(new Set(flat).size).toBe(flat.length);
    for (const c of clusters) expect(new Set(c.map((i) => units[i]?.score)).size).toBe(1);
  });
});

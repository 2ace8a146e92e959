import { seededRandom } from '../dataset';
import type { TMarkedExample } from '../types';

/**
 * Answers to a question on how water gets into a plant root, built from a few sentences at random
 * (a fixed seed: the same answers every run), and two teachers who reward different sentences: the
 * learned marker's tests re-mark the same answers one way, then the other.
 */

export const OSMOSIS_POINTS = [
  'Water moves by osmosis into the root hair cell.',
  'The cell membrane is partially permeable.',
];
export const ROOT_HAIR_POINTS = [
  'Minerals are taken up by active transport, which needs energy from respiration.',
  'Root hairs give the root a large surface area.',
];
const FILLERS = [
  'Plants need water to live.',
  'This happens in the soil.',
  'It is very important for the plant.',
  'The cell also has a nucleus.',
  'I learnt this in year nine.',
  'Water is wet.',
];

/** An answer that makes both root-hair points and none of the osmosis points. */
export const ROOT_HAIR_ANSWER = `Plants need water to live. ${ROOT_HAIR_POINTS.join(' ')}`;

export type TRootAnswer = { text: string; osmosis: number; rootHair: number };

export function rootAnswers(count: number, seed: number): TRootAnswer[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const parts: string[] = [];
    let osmosis = 0;
    let rootHair = 0;
    for (const p of OSMOSIS_POINTS) {
      if (random() < 0.5) {
        parts.push(p);
        osmosis++;
      }
    }
    for (const p of ROOT_HAIR_POINTS) {
      if (random() < 0.5) {
        parts.push(p);
        rootHair++;
      }
    }
    for (const f of FILLERS) if (random() < 0.35) parts.push(f);
    if (parts.length === 0) parts.push(FILLERS[Math.floor(random() * FILLERS.length)] ?? '');
    // Shuffled, so that the order of the sentences carries nothing.
    for (let i = parts.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [parts[i], parts[j]] = [parts[j] ?? '', parts[i] ?? ''];
    }
    return { text: parts.join(' '), osmosis, rootHair };
  });
}

/** A teacher who gives 2 of 4 marks for each root-hair point (the rubric says nothing of them). */
export const rootHairTeacher = (a: TRootAnswer): TMarkedExample => ({
  answer: a.text,
  score: 2 * a.rootHair,
});

/** A teacher who gives 2 of 4 marks for each osmosis point. */
export const osmosisTeacher = (a: TRootAnswer): TMarkedExample => ({
  answer: a.text,
  score: 2 * a.osmosis,
});

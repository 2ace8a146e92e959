import { parseMarkRange } from '@stem/contract/mark-ranges';
import { markConfidence } from '../confidence';
import { markOffline } from '../offline/offline-marker';
import type { TMarkingInput } from '../types';
import { rubricOfCase } from './gaming-cases';
/**
 * Teacher-style questions whose rubric names nothing an answer could be checked against ("Explains
 * the idea fully with the key terms"): the wording of a rushed teacher, of a rubric template, or of a
 * generic department mark scheme. Written by hand on 6 December 2026, BEFORE the marker change that
 * they measure (session 15; the defect: the model answer to such a rubric got 0/6 with confidence 1,
 * "does not address the question", because the rubric's "idea" counted as content), and split once
 * into a tuning half and a held-out half: a change may be tried on `tuning` questions only;
 * `held-out` ones are read only to measure (`npm run bench:vague`) and in `confidence.test.ts`.
 *
 * What a teacher expects from a marker that cannot know what the rubric wants: never a confident
 * wrong mark. A `good` answer (the teacher's own model answer, or one as good) must be either in
 * the high band or sent to the teacher (needsReview); an `off-topic` answer must be either in the
 * low band or sent to the teacher. Never "does not address the question" with full confidence for an
 * answer that does.
 */

export type TVagueAnswer = { kind: 'good' | 'off-topic'; text: string };

export type TVagueQuestion = {
  id: string;
  part: 'tuning' | 'held-out';
  question: string;
  marks: number;
  lowMarkRange: string;
  highMarkRange: string;
  low: string;
  high: string;
  referenceAnswer?: string;
  answers: TVagueAnswer[];
};

export const VAGUE_QUESTIONS: TVagueQuestion[] = [
  {
    id: 'photosynthesis-idea',
    part: 'tuning',
    question: 'Explain how plants make their own food.',
    marks: 6,
    lowMarkRange: '0-2',
    highMarkRange: '5-6',
    low: 'Names the idea without explaining it.',
    high: 'Explains the idea fully with the key terms.',
    referenceAnswer:
      'Plants make glucose by photosynthesis. Chlorophyll in the chloroplasts absorbs light energy, which is used to turn carbon dioxide and water into glucose, and oxygen is given off.',
    answers: [
      {
        kind: 'good',
        text: 'Plants make glucose by photosynthesis. Chlorophyll in the chloroplasts absorbs light energy, which is used to turn carbon dioxide and water into glucose, and oxygen is given off.',
      },
      {
        kind: 'good',
        text: 'They use photosynthesis. The chlorophyll in their leaves traps energy from sunlight and uses it to make glucose from water and carbon dioxide. Oxygen is released as a waste product.',
      },
      { kind: 'off-topic', text: 'My favourite football team won on Saturday.' },
    ],
  },
  {
    id: 'current-understanding',
    part: 'tuning',
    question: 'Why does a bulb get dimmer when another bulb is added in series?',
    marks: 4,
    lowMarkRange: '0-1',
    highMarkRange: '3-4',
    low: 'Shows limited understanding.',
    high: 'Shows a thorough understanding using correct scientific vocabulary.',
    answers: [
      {
        kind: 'good',
        text: 'Adding a bulb in series increases the total resistance of the circuit, so the current gets smaller. With less current through each bulb, each one transfers less energy as light, so it is dimmer.',
      },
      {
        kind: 'good',
        text: 'The resistance goes up because there are two bulbs, so less current flows. The potential difference of the battery is shared between the bulbs, so each bulb gets less energy and glows less brightly.',
      },
      { kind: 'off-topic', text: 'Bulbs are made of glass and are sold in shops.' },
    ],
  },
  {
    id: 'erosion-concept',
    part: 'tuning',
    question: 'Describe how a river erodes its bed and banks.',
    marks: 5,
    lowMarkRange: '0-2',
    highMarkRange: '4-5',
    low: 'A basic answer that mentions the concept.',
    high: 'A detailed answer that develops the concept with accurate terminology.',
    referenceAnswer:
      'Hydraulic action: the force of the water breaks rock away. Abrasion: stones carried by the river scrape the bed and banks. Attrition: stones knock into each other and become smaller and rounder. Solution: some rocks dissolve in the water.',
    answers: [
      {
        kind: 'good',
        text: 'The river erodes by hydraulic action, where the force of the water breaks bits of rock off the banks, and by abrasion, where the load the river carries scrapes along the bed. Solution dissolves soluble rock such as limestone, and attrition makes the stones smaller and rounder.',
      },
      { kind: 'off-topic', text: 'I went to the cinema with my cousin last week.' },
    ],
  },
  {
    id: 'density-reasoning',
    part: 'tuning',
    question: 'Explain why a steel ship floats although a steel bolt sinks.',
    marks: 4,
    lowMarkRange: '0-1',
    highMarkRange: '3-4',
    low: 'Little or no reasoning.',
    high: 'Clear, logical reasoning that is fully developed.',
    answers: [
      {
        kind: 'good',
        text: 'The ship is hollow and full of air, so its average density is less than the density of water. It pushes aside a large volume of water, and the upthrust from that water equals the weight of the ship. The solid bolt is denser than water, so its weight is more than the upthrust and it sinks.',
      },
      { kind: 'off-topic', text: 'The weather today is cloudy with some rain later.' },
    ],
  },
  {
    id: 'diffusion-idea',
    part: 'held-out',
    question: 'Explain how oxygen gets from the air in the lungs into the blood.',
    marks: 6,
    lowMarkRange: '0-2',
    highMarkRange: '5-6',
    low: 'Mentions the main idea only.',
    high: 'Explains the main idea in full, using the key words.',
    referenceAnswer:
      'Oxygen diffuses from the alveoli, where its concentration is high, into the blood in the capillaries, where it is low. The alveolar walls and capillary walls are one cell thick, so the diffusion distance is short, and the alveoli give a large surface area.',
    answers: [
      {
        kind: 'good',
        text: 'Oxygen diffuses from the alveoli, where its concentration is high, into the blood in the capillaries, where it is low. The alveolar walls and capillary walls are one cell thick, so the diffusion distance is short, and the alveoli give a large surface area.',
      },
      {
        kind: 'good',
        text: 'By diffusion: there is more oxygen in the air sacs (alveoli) than in the blood, so it moves down its concentration gradient through the thin walls into the capillaries. Lots of alveoli make a big surface area so it happens quickly.',
      },
      { kind: 'off-topic', text: 'I like to play the guitar and sing in a band.' },
    ],
  },
  {
    id: 'rusting-knowledge',
    part: 'held-out',
    question: 'Explain why painting a bicycle frame stops it from rusting.',
    marks: 3,
    lowMarkRange: '0-1',
    highMarkRange: '2-3',
    low: 'Limited knowledge shown.',
    high: 'Good knowledge and understanding shown, with correct terms.',
    answers: [
      {
        kind: 'good',
        text: 'Rusting needs both oxygen and water to react with the iron. The paint forms a barrier that keeps air and water away from the iron, so it cannot rust.',
      },
      { kind: 'off-topic', text: 'Bicycles have two wheels and a bell.' },
    ],
  },
  {
    id: 'evolution-point',
    part: 'held-out',
    question: 'Explain how bacteria become resistant to antibiotics.',
    marks: 5,
    lowMarkRange: '0-2',
    highMarkRange: '4-5',
    low: 'Makes a simple point.',
    high: 'Makes a full, well-explained point using the right terminology throughout.',
    referenceAnswer:
      'A random mutation makes some bacteria resistant. When the antibiotic is used, the non-resistant bacteria die but the resistant ones survive and reproduce, passing the resistance gene on, so the resistant strain spreads (natural selection).',
    answers: [
      {
        kind: 'good',
        text: 'A mutation in the DNA of a bacterium can make it resistant. The antibiotic kills the bacteria that are not resistant, but the resistant ones survive and reproduce, passing on the resistance gene. This is natural selection, and soon most of the population is resistant.',
      },
      { kind: 'off-topic', text: 'We had pasta for dinner and then watched television.' },
    ],
  },
  {
    id: 'states-explanation',
    part: 'held-out',
    question: 'Explain why a gas can be compressed but a solid cannot.',
    marks: 4,
    lowMarkRange: '0-1',
    highMarkRange: '3-4',
    low: 'An incomplete explanation.',
    high: 'A complete explanation with the key scientific words.',
    answers: [
      {
        kind: 'good',
        text: 'In a gas the particles are far apart with a lot of empty space between them, so pushing on the gas moves them closer together. In a solid the particles are already touching in a fixed arrangement, so there is no space to squash them into.',
      },
      { kind: 'off-topic', text: 'My sister has a new puppy called Biscuit.' },
    ],
  },
];

export function inputOfVague(q: TVagueQuestion, answer: string): TMarkingInput {
  return {
    question: q.question,
    marks: q.marks,
    lowMarkRange: q.lowMarkRange,
    highMarkRange: q.highMarkRange,
    rubric: rubricOfCase(q),
    referenceAnswer: q.referenceAnswer ?? '',
    answer,
  };
}

/** Whether the offline marker's mark of `a` is wrong for its kind and not sent to the teacher. */
export function confidentlyWrong(q: TVagueQuestion, a: TVagueAnswer) {
  const input = inputOfVague(q, a.text);
  const mark = markOffline(input, { learned: false });
  const { confidence, needsReview } = markConfidence(input, mark);
  const high = parseMarkRange(q.highMarkRange)?.start ?? q.marks;
  const low = parseMarkRange(q.lowMarkRange)?.end ?? 0;
  const wrong = a.kind === 'good' ? mark.score < high : mark.score > low;
  return { wrong: wrong && !needsReview, score: mark.score, confidence, needsReview };
}

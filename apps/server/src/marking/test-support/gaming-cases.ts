import type { TMarkingInput } from '../types';
/**
 * Teacher-style questions with answers that try to game the marker, and honest answers with the mark
 * a teacher would give (issue 27). Written by hand for this purpose (not taken from any data set) on
 * 6 December 2026, BEFORE any marker change it measures, and split once into a tuning half and a
 * held-out half: marker changes may be tried on `tuning` questions only; `held-out` questions are
 * read only to measure (`npm run bench:gaming`) and in `offline/gaming.test.ts`.
 *
 * Kinds of gaming answer:
 * - `salad`: the rubric's (and question's) words in a list, no sentence;
 * - `shuffled`: the words of the rubric's high-band sentences in a shuffled order;
 * - `question-copy`: the question, copied or barely changed;
 * - `rubric-copy`: the rubric's high-band scoring text, copied;
 * - `negated`: a key point with a negation put in ("does not ...");
 * - `opposite`: an answer asserting the opposite of a key point with the rubric's words;
 * - `swapped-values`: a correct method with the question's values swapped (calculations, equations).
 * Honest answers (`full`, `partial`, `wrong`) carry `mark`: what a teacher would give.
 */

export type TGamingKind =
  | 'salad'
  | 'shuffled'
  | 'question-copy'
  | 'rubric-copy'
  | 'negated'
  | 'opposite'
  | 'swapped-values';

export type THonestKind = 'full' | 'partial' | 'wrong';

export type TCaseAnswer =
  { kind: TGamingKind; text: string } | { kind: THonestKind; text: string; mark: number };

export type TGamingQuestion = {
  id: string;
  part: 'tuning' | 'held-out';
  topic: 'explanation' | 'calculation' | 'equation' | 'definition';
  question: string;
  marks: number;
  lowMarkRange: string;
  highMarkRange: string;
  /** The rubric's Low Mark Range text. */
  low: string;
  /** The rubric's High Mark Range text. */
  high: string;
  answers: TCaseAnswer[];
  /**
   * When a later batch was written (`YYYY-MM-DD`), before the marker change it measures; absent for
   * the first batch (6 December 2026). The bench reports each batch's held-out figure apart too.
   */
  written?: string;
};

export const GAMING_KINDS: TGamingKind[] = [
  'salad',
  'shuffled',
  'question-copy',
  'rubric-copy',
  'negated',
  'opposite',
  'swapped-values',
];

/** Gaming kinds that say something false: a key point denied, turned round, or values swapped. */
export const FALSE_KINDS: readonly TGamingKind[] = ['negated', 'opposite', 'swapped-values'];

/** What a student is shown for a full mark: the answer is right. */
export const TOLD_CORRECT_RE = /\bYour response is correct\b/;

export function isGaming(a: TCaseAnswer): a is { kind: TGamingKind; text: string } {
  return (GAMING_KINDS as string[]).includes(a.kind);
}

/** The rubric text as the product stores a teacher's two bands. */
export function rubricOfCase(
  q: Pick<TGamingQuestion, 'lowMarkRange' | 'highMarkRange' | 'low' | 'high'>,
): string {
  return `Low Mark Range (${q.lowMarkRange}):\n${q.low}\n\nHigh Mark Range (${q.highMarkRange}):\n${q.high}`;
}

/** One answer to a case's question, as the marker reads it (no reference answer, typed). */
export function inputOfCase(
  q: Pick<
    TGamingQuestion,
    'question' | 'marks' | 'lowMarkRange' | 'highMarkRange' | 'low' | 'high'
  >,
  answer: string,
): TMarkingInput {
  return {
    question: q.question,
    marks: q.marks,
    lowMarkRange: q.lowMarkRange,
    highMarkRange: q.highMarkRange,
    rubric: rubricOfCase(q),
    referenceAnswer: '',
    answer,
  };
}

export const GAMING_QUESTIONS: TGamingQuestion[] = [
  // ---------------------------------------------------------------- tuning half
  {
    id: 'spoon',
    part: 'tuning',
    topic: 'explanation',
    question:
      'A metal spoon and a wooden spoon have been in the same room for a day. Explain why the metal spoon feels colder to touch.',
    marks: 4,
    lowMarkRange: '0-1',
    highMarkRange: '3-4',
    low: 'Answers that say the metal is at a lower temperature, or that cold flows into the hand.',
    high: 'Explains that metal is a good thermal conductor and wood is an insulator, so energy is transferred from the hand to the metal at a higher rate, and the hand cools faster.',
    answers: [
      {
        kind: 'salad',
        text: 'metal conductor wood insulator energy transferred hand rate cools thermal',
      },
      {
        kind: 'salad',
        text: 'Thermal conductor, insulator, hand, energy, higher rate, metal, wood, faster.',
      },
      {
        kind: 'shuffled',
        text: 'wood insulator hand the conductor and energy is good rate a metal transferred from faster higher at to the cools thermal',
      },
      {
        kind: 'question-copy',
        text: 'A metal spoon and a wooden spoon have been in the same room for a day and the metal spoon feels colder to touch.',
      },
      {
        kind: 'rubric-copy',
        text: 'Explains that metal is a good thermal conductor and wood is an insulator, so energy is transferred from the hand to the metal at a higher rate, and the hand cools faster.',
      },
      {
        kind: 'negated',
        text: 'Metal is not a good thermal conductor and energy is not transferred from the hand to the metal at a higher rate.',
      },
      {
        kind: 'opposite',
        text: 'Wood is a good thermal conductor and metal is an insulator, so the cold is transferred from the metal into the hand.',
      },
      {
        kind: 'full',
        mark: 4,
        text: 'Metal conducts heat well but wood is an insulator. So heat energy flows out of my hand into the metal spoon much faster, and my hand cools down quickly, which feels cold.',
      },
      {
        kind: 'partial',
        mark: 2,
        text: 'The metal spoon is a good conductor and the wooden one is an insulator.',
      },
      {
        kind: 'wrong',
        mark: 0,
        text: 'The metal spoon is colder than the wooden spoon because metal is always cold.',
      },
    ],
  },
  {
    id: 'lightning',
    part: 'tuning',
    topic: 'explanation',
    question: 'During a storm we see the lightning before we hear the thunder. Explain why.',
    marks: 2,
    lowMarkRange: '0-1',
    highMarkRange: '2-2',
    low: 'Answers that only say the lightning comes first.',
    high: 'Explains that light travels much faster than sound, so the light reaches us before the sound.',
    answers: [
      { kind: 'salad', text: 'light sound travels faster reaches lightning thunder' },
      {
        kind: 'shuffled',
        text: 'sound light before faster reaches much the than travels us so sound the light',
      },
      {
        kind: 'question-copy',
        text: 'During a storm we see the lightning before we hear the thunder.',
      },
      {
        kind: 'rubric-copy',
        text: 'Explains that light travels much faster than sound, so the light reaches us before the sound.',
      },
      { kind: 'negated', text: 'Light does not travel faster than sound.' },
      {
        kind: 'opposite',
        text: 'Sound travels much faster than light, so the sound reaches us before the light.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Because light is a lot faster than sound, so the flash gets to our eyes before the sound of the thunder reaches our ears.',
      },
      { kind: 'partial', mark: 1, text: 'The light and the sound travel at different speeds.' },
      {
        kind: 'wrong',
        mark: 0,
        text: 'The lightning happens first and then it makes the thunder later.',
      },
    ],
  },
  {
    id: 'ice',
    part: 'tuning',
    topic: 'explanation',
    question: 'Explain why ice floats on liquid water.',
    marks: 3,
    lowMarkRange: '0-1',
    highMarkRange: '2-3',
    low: 'Answers that say ice is lighter without mentioning density.',
    high: 'Explains that ice is less dense than liquid water, because in ice the water molecules are held further apart in an open structure.',
    answers: [
      { kind: 'salad', text: 'ice less dense liquid water molecules further apart open structure' },
      {
        kind: 'shuffled',
        text: 'apart less water in open ice molecules are structure dense held than liquid the water further an ice is because',
      },
      { kind: 'question-copy', text: 'Ice floats on liquid water.' },
      {
        kind: 'rubric-copy',
        text: 'Explains that ice is less dense than liquid water, because in ice the water molecules are held further apart in an open structure.',
      },
      {
        kind: 'negated',
        text: 'Ice is not less dense than liquid water and its molecules are not further apart.',
      },
      {
        kind: 'opposite',
        text: 'Ice is more dense than liquid water, because in ice the molecules are held closer together.',
      },
      {
        kind: 'full',
        mark: 3,
        text: 'When water freezes the molecules arrange into an open structure where they are further apart, so ice has a lower density than the liquid water and it floats.',
      },
      { kind: 'partial', mark: 2, text: 'Ice has a lower density than water.' },
      {
        kind: 'wrong',
        mark: 0,
        text: 'Ice floats because it is cold and has air bubbles trapped in it.',
      },
    ],
  },
  {
    id: 'alveoli',
    part: 'tuning',
    topic: 'explanation',
    question: 'Explain how oxygen gets from the air in the alveoli into the blood.',
    marks: 4,
    lowMarkRange: '0-1',
    highMarkRange: '3-4',
    low: 'Answers that say oxygen is pumped or breathed into the blood without describing diffusion.',
    high: 'Oxygen diffuses from a high concentration in the alveoli to a low concentration in the blood, across a thin wall one cell thick, and a good blood supply keeps the concentration gradient steep.',
    answers: [
      {
        kind: 'salad',
        text: 'oxygen diffuses high concentration alveoli low concentration blood thin wall one cell thick gradient steep supply',
      },
      {
        kind: 'shuffled',
        text: 'blood the concentration low a to oxygen thick wall a across thin diffuses one cell in from high alveoli the concentration supply good steep keeps gradient',
      },
      { kind: 'question-copy', text: 'Oxygen gets from the air in the alveoli into the blood.' },
      {
        kind: 'rubric-copy',
        text: 'Oxygen diffuses from a high concentration in the alveoli to a low concentration in the blood, across a thin wall one cell thick, and a good blood supply keeps the concentration gradient steep.',
      },
      {
        kind: 'negated',
        text: 'Oxygen does not diffuse from a high concentration in the alveoli to a low concentration in the blood.',
      },
      {
        kind: 'opposite',
        text: 'Oxygen moves from a low concentration in the alveoli to a high concentration in the blood, across a thick wall.',
      },
      {
        kind: 'full',
        mark: 4,
        text: 'There is more oxygen in the alveoli than in the blood, so it diffuses down the concentration gradient. The walls of the alveoli and capillaries are only one cell thick, and the blood keeps flowing away so the gradient stays steep.',
      },
      {
        kind: 'partial',
        mark: 2,
        text: 'The oxygen diffuses into the blood because there is a higher concentration in the alveoli.',
      },
      { kind: 'wrong', mark: 0, text: 'The heart pumps the oxygen into the blood.' },
    ],
  },
  {
    id: 'ohm',
    part: 'tuning',
    topic: 'calculation',
    question:
      'A 12 V battery is connected across a 4 Ω resistor. Calculate the current in the resistor. Give the unit.',
    marks: 3,
    lowMarkRange: '0-1',
    highMarkRange: '2-3',
    low: 'Answers with no correct equation or working.',
    high: 'Uses I = V / R, substitutes I = 12 / 4, and gives the current as 3 A.',
    answers: [
      { kind: 'salad', text: 'I V R current resistor 12 4 3 A equation' },
      { kind: 'shuffled', text: 'R V current I the gives as 3 A substitutes uses 12 / 4 and' },
      {
        kind: 'question-copy',
        text: 'A 12 V battery is connected across a 4 Ω resistor, calculate the current in the resistor.',
      },
      {
        kind: 'rubric-copy',
        text: 'Uses I = V / R, substitutes I = 12 / 4, and gives the current as 3 A.',
      },
      { kind: 'negated', text: 'The current is not 3 A.' },
      { kind: 'opposite', text: 'I = V × R = 12 × 4 = 48 A' },
      { kind: 'swapped-values', text: 'I = V / R = 4 / 12 = 0.33 A' },
      { kind: 'full', mark: 3, text: 'I = V/R = 12/4 = 3 A' },
      { kind: 'partial', mark: 2, text: 'current = 12 ÷ 4 = 3' },
      { kind: 'wrong', mark: 0, text: 'current = 12 + 4 = 16 A' },
    ],
  },
  {
    id: 'speed',
    part: 'tuning',
    topic: 'calculation',
    question: 'A cyclist travels 150 m in 30 s. Calculate her average speed. Show your working.',
    marks: 3,
    lowMarkRange: '0-1',
    highMarkRange: '2-3',
    low: 'Answers with no correct working.',
    high: 'Uses speed = distance / time, substitutes 150 / 30, and gives the speed as 5 m/s.',
    answers: [
      { kind: 'salad', text: 'speed distance time 150 30 5 m/s average cyclist' },
      {
        kind: 'shuffled',
        text: 'time distance speed = / 30 150 / 5 m/s substitutes gives the as and uses',
      },
      { kind: 'question-copy', text: 'A cyclist travels 150 m in 30 s, her average speed.' },
      {
        kind: 'rubric-copy',
        text: 'Uses speed = distance / time, substitutes 150 / 30, and gives the speed as 5 m/s.',
      },
      { kind: 'negated', text: 'Her speed is not 5 m/s.' },
      { kind: 'opposite', text: 'speed = distance × time = 150 × 30 = 4500 m/s' },
      { kind: 'swapped-values', text: 'speed = distance / time = 30 / 150 = 0.2 m/s' },
      { kind: 'full', mark: 3, text: 'speed = distance ÷ time = 150 ÷ 30 = 5 m/s' },
      { kind: 'partial', mark: 2, text: 'speed = distance / time = 150 / 30' },
      { kind: 'wrong', mark: 0, text: '150 - 30 = 120 m/s' },
    ],
  },
  {
    id: 'water-equation',
    part: 'tuning',
    topic: 'equation',
    question: 'Write a balanced symbol equation for hydrogen reacting with oxygen to make water.',
    marks: 2,
    lowMarkRange: '0-1',
    highMarkRange: '2-2',
    low: 'Correct formulae but not balanced, or wrong formulae.',
    high: '2H2 + O2 → 2H2O',
    answers: [
      { kind: 'salad', text: 'hydrogen oxygen water H2 O2 H2O balanced symbol' },
      { kind: 'shuffled', text: '2H2O + 2H2 → O2' },
      {
        kind: 'question-copy',
        text: 'A balanced symbol equation for hydrogen reacting with oxygen to make water.',
      },
      { kind: 'rubric-copy', text: '2H2 + O2 → 2H2O' },
      { kind: 'negated', text: '2H2 + O2 does not make 2H2O' },
      { kind: 'opposite', text: '2H2O → 2H2 + O2' },
      { kind: 'swapped-values', text: 'H2 + 2O2 → 2H2O' },
      { kind: 'full', mark: 2, text: '2H₂ + O₂ → 2H₂O' },
      { kind: 'partial', mark: 1, text: 'H2 + O2 → H2O' },
      { kind: 'wrong', mark: 0, text: 'H + O → HO' },
    ],
  },
  {
    id: 'isotope',
    part: 'tuning',
    topic: 'definition',
    question: 'What is meant by the term isotope?',
    marks: 2,
    lowMarkRange: '0-1',
    highMarkRange: '2-2',
    low: 'Answers that mention mass or neutrons without the same number of protons.',
    high: 'Atoms of the same element with the same number of protons but a different number of neutrons.',
    answers: [
      { kind: 'salad', text: 'atoms element protons neutrons same different number isotope' },
      {
        kind: 'shuffled',
        text: 'neutrons of a number element the protons with different atoms same but of number same the',
      },
      { kind: 'question-copy', text: 'It is what is meant by the term isotope.' },
      {
        kind: 'rubric-copy',
        text: 'Atoms of the same element with the same number of protons but a different number of neutrons.',
      },
      {
        kind: 'negated',
        text: 'Atoms that do not have the same number of protons and do not have a different number of neutrons.',
      },
      {
        kind: 'opposite',
        text: 'Atoms with the same number of neutrons but a different number of protons.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Isotopes are atoms of one element that have equal numbers of protons but different numbers of neutrons, so their mass numbers differ.',
      },
      { kind: 'partial', mark: 1, text: 'Atoms with a different number of neutrons.' },
      { kind: 'wrong', mark: 0, text: 'An isotope is a molecule made of two different elements.' },
    ],
  },

  // ---------------------------------------------------------------- held-out half
  {
    id: 'photosynthesis-gases',
    part: 'held-out',
    topic: 'explanation',
    question:
      'Name the gas a plant takes in and the gas it gives out during photosynthesis, and say where in the cell photosynthesis happens.',
    marks: 3,
    lowMarkRange: '0-1',
    highMarkRange: '2-3',
    low: 'Answers that name the gases the wrong way round.',
    high: 'The plant takes in carbon dioxide (CO2) and gives out oxygen; photosynthesis happens in the chloroplasts.',
    answers: [
      { kind: 'salad', text: 'carbon dioxide CO2 oxygen chloroplasts takes in gives out plant' },
      {
        kind: 'shuffled',
        text: 'oxygen in gives chloroplasts takes carbon out the in plant happens dioxide photosynthesis and',
      },
      {
        kind: 'question-copy',
        text: 'The gas a plant takes in and the gas it gives out during photosynthesis, and where in the cell photosynthesis happens.',
      },
      {
        kind: 'rubric-copy',
        text: 'The plant takes in carbon dioxide (CO2) and gives out oxygen; photosynthesis happens in the chloroplasts.',
      },
      {
        kind: 'negated',
        text: 'The plant does not take in carbon dioxide (CO2) and does not give out oxygen, in the chloroplasts.',
      },
      {
        kind: 'opposite',
        text: 'The plant takes in oxygen and gives out carbon dioxide (CO2); it happens in the chloroplasts.',
      },
      {
        kind: 'full',
        mark: 3,
        text: 'It takes in carbon dioxide from the air and releases oxygen. Photosynthesis takes place in the chloroplasts.',
      },
      { kind: 'partial', mark: 2, text: 'Carbon dioxide goes in and oxygen comes out.' },
      { kind: 'wrong', mark: 0, text: 'It takes in nitrogen and it happens in the roots.' },
    ],
  },
  {
    id: 'boiling',
    part: 'held-out',
    topic: 'explanation',
    question:
      'State the boiling point of pure water at standard pressure and describe what happens to the water particles when it boils.',
    marks: 4,
    lowMarkRange: '0-1',
    highMarkRange: '3-4',
    low: 'Answers that give a wrong temperature and describe no particles.',
    high: 'Water boils at 100 °C; the particles gain energy, overcome the forces between them and escape as a gas (steam) that moves freely.',
    answers: [
      { kind: 'salad', text: '100 °C particles energy forces escape gas steam boils water' },
      {
        kind: 'shuffled',
        text: 'gas energy the forces particles as them escape gain overcome between steam and at boils water 100 °C moves freely',
      },
      {
        kind: 'question-copy',
        text: 'The boiling point of pure water at standard pressure, and what happens to the water particles when it boils.',
      },
      {
        kind: 'rubric-copy',
        text: 'Water boils at 100 °C; the particles gain energy, overcome the forces between them and escape as a gas (steam) that moves freely.',
      },
      {
        kind: 'negated',
        text: 'Water does not boil at 100 °C at standard pressure, it boils at 60 °C, and the particles do not gain energy.',
      },
      {
        kind: 'opposite',
        text: 'Water boils at 100 °C; the particles lose energy and the forces between them get stronger, so they stay as a liquid.',
      },
      {
        kind: 'full',
        mark: 4,
        text: 'Pure water boils at 100 degrees Celsius. The particles take in energy and move faster until they break away from each other and leave as steam, a gas.',
      },
      { kind: 'partial', mark: 2, text: 'It boils at 100 °C and turns into steam.' },
      { kind: 'wrong', mark: 0, text: 'It boils at 50 degrees and the particles melt.' },
    ],
  },
  {
    id: 'rate-temperature',
    part: 'held-out',
    topic: 'explanation',
    question: 'Explain why increasing the temperature increases the rate of a reaction.',
    marks: 4,
    lowMarkRange: '0-1',
    highMarkRange: '3-4',
    low: 'Answers that only say the reaction goes faster.',
    high: 'The particles gain kinetic energy and move faster, so they collide more often, and more collisions have energy greater than the activation energy, so there are more successful collisions per second.',
    answers: [
      {
        kind: 'salad',
        text: 'particles kinetic energy faster collide more often activation energy successful collisions per second',
      },
      {
        kind: 'shuffled',
        text: 'collisions energy often more faster activation the particles kinetic so gain collide they and move than greater successful per second have',
      },
      {
        kind: 'question-copy',
        text: 'Increasing the temperature increases the rate of a reaction.',
      },
      {
        kind: 'rubric-copy',
        text: 'The particles gain kinetic energy and move faster, so they collide more often, and more collisions have energy greater than the activation energy, so there are more successful collisions per second.',
      },
      {
        kind: 'negated',
        text: 'The particles do not gain kinetic energy and they do not collide more often.',
      },
      {
        kind: 'opposite',
        text: 'The particles lose kinetic energy and move slower, so they collide less often and fewer collisions have the activation energy.',
      },
      {
        kind: 'full',
        mark: 4,
        text: 'At a higher temperature the particles have more kinetic energy and move around faster. They bump into each other more often, and a bigger share of the collisions have at least the activation energy, so more collisions are successful each second.',
      },
      {
        kind: 'partial',
        mark: 2,
        text: 'The particles move faster so they collide more often.',
      },
      { kind: 'wrong', mark: 0, text: 'Because the heat makes more particles appear.' },
    ],
  },
  {
    id: 'vaccine',
    part: 'held-out',
    topic: 'explanation',
    question: 'Describe how a vaccine protects a person from a disease.',
    marks: 4,
    lowMarkRange: '0-1',
    highMarkRange: '3-4',
    low: 'Answers that say a vaccine kills the germs or that it is a medicine.',
    high: 'A vaccine contains a dead or weakened pathogen; white blood cells make antibodies against its antigens; memory cells stay in the blood, so if the real pathogen infects the person antibodies are made quickly.',
    answers: [
      {
        kind: 'salad',
        text: 'vaccine dead weakened pathogen white blood cells antibodies antigens memory cells quickly',
      },
      {
        kind: 'shuffled',
        text: 'antibodies cells blood make white pathogen dead weakened a or contains vaccine memory stay cells antigens its against quickly made',
      },
      { kind: 'question-copy', text: 'A vaccine protects a person from a disease.' },
      {
        kind: 'rubric-copy',
        text: 'A vaccine contains a dead or weakened pathogen; white blood cells make antibodies against its antigens; memory cells stay in the blood, so if the real pathogen infects the person antibodies are made quickly.',
      },
      {
        kind: 'negated',
        text: 'White blood cells do not make antibodies against the antigens and no memory cells stay in the blood.',
      },
      {
        kind: 'opposite',
        text: 'A vaccine contains antibiotics; the antibiotics kill the pathogen directly, so white blood cells and antibodies are not needed.',
      },
      {
        kind: 'full',
        mark: 4,
        text: 'The vaccine has a weakened or dead form of the microbe in it. Your white blood cells produce antibodies to its antigens and memory cells are left behind. If you catch the real disease later, the memory cells make the antibodies very fast so you do not get ill.',
      },
      {
        kind: 'partial',
        mark: 2,
        text: 'The vaccine makes your white blood cells produce antibodies.',
      },
      {
        kind: 'wrong',
        mark: 0,
        text: 'A vaccine is a medicine that kills the germs when you are ill.',
      },
    ],
  },
  {
    id: 'density',
    part: 'held-out',
    topic: 'calculation',
    question:
      'A block has a mass of 240 g and a volume of 80 cm³. Calculate its density and give the unit.',
    marks: 3,
    lowMarkRange: '0-1',
    highMarkRange: '2-3',
    low: 'Answers with no correct equation or working.',
    high: 'Uses density = mass / volume, substitutes 240 / 80, and gives the density as 3 g/cm³.',
    answers: [
      { kind: 'salad', text: 'density mass volume 240 80 3 g/cm³ block unit' },
      {
        kind: 'shuffled',
        text: 'volume mass density = / 80 240 / 3 g/cm³ gives uses the substitutes and as',
      },
      {
        kind: 'question-copy',
        text: 'A block has a mass of 240 g and a volume of 80 cm³, its density.',
      },
      {
        kind: 'rubric-copy',
        text: 'Uses density = mass / volume, substitutes 240 / 80, and gives the density as 3 g/cm³.',
      },
      { kind: 'negated', text: 'The density is not 3 g/cm³.' },
      { kind: 'opposite', text: 'density = mass × volume = 240 × 80 = 19200 g/cm³' },
      { kind: 'swapped-values', text: 'density = mass / volume = 80 / 240 = 0.33 g/cm³' },
      { kind: 'full', mark: 3, text: 'density = mass ÷ volume = 240 ÷ 80 = 3 g/cm³' },
      { kind: 'partial', mark: 2, text: 'density = 240 / 80 = 3' },
      { kind: 'wrong', mark: 0, text: '240 - 80 = 160 g' },
    ],
  },
  {
    id: 'acceleration',
    part: 'held-out',
    topic: 'calculation',
    question:
      'A car speeds up from 10 m/s to 30 m/s in 5 s. Calculate its acceleration. Show your working.',
    marks: 3,
    lowMarkRange: '0-1',
    highMarkRange: '2-3',
    low: 'Answers with no correct working.',
    high: 'Uses acceleration = change in velocity / time, substitutes (30 - 10) / 5, and gives 4 m/s².',
    answers: [
      { kind: 'salad', text: 'acceleration change velocity time 30 10 5 4 m/s² car' },
      {
        kind: 'shuffled',
        text: 'time velocity change acceleration in = / 5 10 30 - 4 m/s² uses gives substitutes and',
      },
      {
        kind: 'question-copy',
        text: 'A car speeds up from 10 m/s to 30 m/s in 5 s, its acceleration.',
      },
      {
        kind: 'rubric-copy',
        text: 'Uses acceleration = change in velocity / time, substitutes (30 - 10) / 5, and gives 4 m/s².',
      },
      { kind: 'negated', text: 'The acceleration is not 4 m/s².' },
      { kind: 'opposite', text: 'acceleration = change in velocity × time = 20 × 5 = 100 m/s²' },
      {
        kind: 'swapped-values',
        text: 'acceleration = change in velocity / time = 5 / (30 - 10) = 0.25 m/s²',
      },
      { kind: 'full', mark: 3, text: 'a = (v - u) / t = (30 - 10) / 5 = 20 / 5 = 4 m/s²' },
      { kind: 'partial', mark: 2, text: 'change in velocity = 30 - 10 = 20 m/s, then 20 / 5' },
      { kind: 'wrong', mark: 0, text: '30 / 5 = 6 m/s' },
    ],
  },
  {
    id: 'power',
    part: 'held-out',
    topic: 'calculation',
    question:
      'A kettle transfers 36000 J of energy in 12 s. Calculate the power of the kettle. Give the unit.',
    marks: 3,
    lowMarkRange: '0-1',
    highMarkRange: '2-3',
    low: 'Answers with no correct equation or working.',
    high: 'Uses power = energy / time, substitutes 36000 / 12, and gives the power as 3000 W.',
    answers: [
      { kind: 'salad', text: 'power energy time 36000 12 3000 W kettle' },
      {
        kind: 'shuffled',
        text: 'time energy power = / 12 36000 / 3000 W gives substitutes uses the as and',
      },
      {
        kind: 'question-copy',
        text: 'A kettle transfers 36000 J of energy in 12 s, the power of the kettle.',
      },
      {
        kind: 'rubric-copy',
        text: 'Uses power = energy / time, substitutes 36000 / 12, and gives the power as 3000 W.',
      },
      { kind: 'negated', text: 'The power is not 3000 W.' },
      { kind: 'opposite', text: 'power = energy × time = 36000 × 12 = 432000 W' },
      { kind: 'swapped-values', text: 'power = energy / time = 12 / 36000 = 0.00033 W' },
      { kind: 'full', mark: 3, text: 'P = E / t = 36000 / 12 = 3000 W' },
      { kind: 'partial', mark: 2, text: 'power = 36000 ÷ 12 = 3000' },
      { kind: 'wrong', mark: 0, text: 'power = 36000 + 12 = 36012 J' },
    ],
  },
  {
    id: 'magnesium-equation',
    part: 'held-out',
    topic: 'equation',
    question:
      'Magnesium burns in oxygen to form magnesium oxide. Write the word equation and the balanced symbol equation.',
    marks: 3,
    lowMarkRange: '0-1',
    highMarkRange: '2-3',
    low: 'Answers with only the word equation, or wrong formulae.',
    high: 'magnesium + oxygen → magnesium oxide; 2Mg + O2 → 2MgO',
    answers: [
      { kind: 'salad', text: 'magnesium oxygen magnesium oxide Mg O2 MgO balanced' },
      { kind: 'shuffled', text: 'oxide oxygen magnesium + magnesium → ; O2 2MgO → 2Mg +' },
      {
        kind: 'question-copy',
        text: 'Magnesium burns in oxygen to form magnesium oxide.',
      },
      { kind: 'rubric-copy', text: 'magnesium + oxygen → magnesium oxide; 2Mg + O2 → 2MgO' },
      {
        kind: 'negated',
        text: 'magnesium + oxygen does not make magnesium oxide; 2Mg + O2 does not make 2MgO',
      },
      { kind: 'opposite', text: 'magnesium oxide → magnesium + oxygen; 2MgO → 2Mg + O2' },
      { kind: 'swapped-values', text: 'magnesium + oxygen → magnesium oxide; Mg + 2O2 → 2MgO' },
      {
        kind: 'full',
        mark: 3,
        text: 'magnesium + oxygen → magnesium oxide. 2Mg + O₂ → 2MgO',
      },
      { kind: 'partial', mark: 1, text: 'magnesium + oxygen → magnesium oxide' },
      { kind: 'wrong', mark: 0, text: 'Mg + O → MgO2' },
    ],
  },
  {
    id: 'enzyme',
    part: 'held-out',
    topic: 'definition',
    question: 'What is an enzyme?',
    marks: 2,
    lowMarkRange: '0-1',
    highMarkRange: '2-2',
    low: 'Answers that say it is a chemical or a cell without saying it speeds up reactions.',
    high: 'A protein that acts as a biological catalyst, speeding up reactions without being used up.',
    answers: [
      { kind: 'salad', text: 'protein biological catalyst speeding reactions used up enzyme' },
      {
        kind: 'shuffled',
        text: 'up used reactions a speeding catalyst without biological that being as protein acts up',
      },
      { kind: 'question-copy', text: 'It is an enzyme.' },
      {
        kind: 'rubric-copy',
        text: 'A protein that acts as a biological catalyst, speeding up reactions without being used up.',
      },
      {
        kind: 'negated',
        text: 'It is not a protein and it does not act as a biological catalyst.',
      },
      {
        kind: 'opposite',
        text: 'A protein that slows down reactions and is used up in them.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'An enzyme is a protein made by living cells that speeds up chemical reactions, a biological catalyst, and it is not used up.',
      },
      { kind: 'partial', mark: 1, text: 'It is a protein in the body.' },
      { kind: 'wrong', mark: 0, text: 'An enzyme is a kind of cell that fights infection.' },
    ],
  },
  {
    id: 'sound-wave',
    part: 'held-out',
    topic: 'definition',
    question: 'Describe what a longitudinal wave is and give one example.',
    marks: 3,
    lowMarkRange: '0-1',
    highMarkRange: '2-3',
    low: 'Answers that describe a transverse wave or give no example.',
    high: 'The vibrations are parallel to the direction the wave travels, making compressions and rarefactions; sound is an example.',
    answers: [
      {
        kind: 'salad',
        text: 'vibrations parallel direction wave travels compressions rarefactions sound example',
      },
      {
        kind: 'shuffled',
        text: 'direction to wave vibrations the parallel travels the are compressions making rarefactions and example is sound an',
      },
      {
        kind: 'question-copy',
        text: 'A longitudinal wave is a wave and here is one example.',
      },
      {
        kind: 'rubric-copy',
        text: 'The vibrations are parallel to the direction the wave travels, making compressions and rarefactions; sound is an example.',
      },
      {
        kind: 'negated',
        text: 'The vibrations are not parallel to the direction the wave travels, and sound is not an example.',
      },
      {
        kind: 'opposite',
        text: 'The vibrations are at right angles (perpendicular) to the direction the wave travels; sound is an example.',
      },
      {
        kind: 'full',
        mark: 3,
        text: 'In a longitudinal wave the particles vibrate back and forth along the same direction the wave moves, which makes compressions and rarefactions. Sound waves are longitudinal.',
      },
      {
        kind: 'partial',
        mark: 2,
        text: 'The wave vibrates in the same direction as it moves.',
      },
      { kind: 'wrong', mark: 0, text: 'A wave that goes up and down like on the sea.' },
    ],
  },
  // ------------------------------------------------- second batch (7 December 2026)
  // Written by hand before the marker changes of that day (opposite and negated key points), and
  // split once: `tuning` questions may be tried, `held-out` ones are only measured.
  {
    id: 'tea-diffusion',
    part: 'tuning',
    written: '2026-12-07',
    topic: 'explanation',
    question:
      'A tea bag is put in a cup of hot water and another in a cup of cold water. Explain why the colour spreads faster in the hot water.',
    marks: 3,
    lowMarkRange: '0-1',
    highMarkRange: '2-3',
    low: 'Answers that say the tea dissolves without mentioning particles.',
    high: 'In hot water the particles have more kinetic energy and move faster, so they spread out by diffusion more quickly than in cold water.',
    answers: [
      {
        kind: 'salad',
        text: 'particles kinetic energy hot water diffusion faster spread cold tea',
      },
      {
        kind: 'question-copy',
        text: 'The colour spreads faster in the hot water than in the cold water.',
      },
      {
        kind: 'rubric-copy',
        text: 'In hot water the particles have more kinetic energy and move faster, so they spread out by diffusion more quickly than in cold water.',
      },
      {
        kind: 'negated',
        text: 'The particles in hot water do not have more kinetic energy and they do not move faster.',
      },
      {
        kind: 'opposite',
        text: 'In cold water the particles have more kinetic energy and move faster, so they spread out by diffusion more quickly than in hot water.',
      },
      {
        kind: 'opposite',
        text: 'In hot water the particles have less kinetic energy and move slower, so they spread out by diffusion.',
      },
      {
        kind: 'full',
        mark: 3,
        text: 'The hot water particles move about faster because they have more energy, so the tea particles mix and spread out quicker by diffusion.',
      },
      {
        kind: 'full',
        mark: 3,
        text: 'Particles in cold water have less energy and move more slowly than in hot water, so diffusion is slower in the cold cup.',
      },
      { kind: 'partial', mark: 2, text: 'The particles move faster in hot water.' },
      { kind: 'wrong', mark: 0, text: 'Hot water is thinner so the tea can get through it.' },
    ],
  },
  {
    id: 'wire-length',
    part: 'tuning',
    written: '2026-12-07',
    topic: 'explanation',
    question: 'Explain how the resistance of a metal wire changes when the wire is made longer.',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that say the current increases.',
    high: 'A longer wire has a higher resistance, because the electrons collide with more ions on their way through it.',
    answers: [
      { kind: 'salad', text: 'longer wire higher resistance electrons collide more ions' },
      {
        kind: 'question-copy',
        text: 'The resistance of a metal wire changes when it is made longer.',
      },
      {
        kind: 'rubric-copy',
        text: 'A longer wire has a higher resistance, because the electrons collide with more ions on their way through it.',
      },
      { kind: 'negated', text: 'A longer wire does not have a higher resistance.' },
      {
        kind: 'opposite',
        text: 'A longer wire has a lower resistance, because the electrons collide with fewer ions on their way through it.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'The resistance goes up, as the electrons bump into more metal ions in a longer wire.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'The resistance increases. The electrons cannot get through as easily because they collide with more ions.',
      },
      { kind: 'partial', mark: 1, text: 'The resistance increases.' },
      { kind: 'wrong', mark: 0, text: 'The current gets bigger because there is more wire.' },
    ],
  },
  {
    id: 'pressure',
    part: 'tuning',
    written: '2026-12-07',
    topic: 'calculation',
    question: 'A force of 20 N acts on an area of 4 m². Calculate the pressure.',
    marks: 3,
    lowMarkRange: '0-1',
    highMarkRange: '2-3',
    low: 'Answers with no correct equation or working.',
    high: 'Uses pressure = force / area, substitutes 20 / 4, and gives 5 Pa.',
    answers: [
      { kind: 'salad', text: 'pressure force area 20 4 5 Pa N m²' },
      { kind: 'question-copy', text: 'A force of 20 N acts on an area of 4 m², the pressure.' },
      {
        kind: 'rubric-copy',
        text: 'Uses pressure = force / area, substitutes 20 / 4, and gives 5 Pa.',
      },
      { kind: 'negated', text: 'The pressure is not 5 Pa.' },
      { kind: 'opposite', text: 'pressure = force × area = 20 × 4 = 80 Pa' },
      { kind: 'swapped-values', text: 'p = F / A = 4 / 20 = 0.2 Pa' },
      { kind: 'full', mark: 3, text: 'p = F ÷ A = 20 ÷ 4 = 5 Pa' },
      {
        kind: 'full',
        mark: 3,
        text: 'Pressure is force divided by area, so 20 N ÷ 4 m² = 5 Pa.',
      },
      { kind: 'partial', mark: 2, text: '20 / 4 = 5' },
      { kind: 'wrong', mark: 0, text: '20 - 4 = 16' },
    ],
  },
  {
    id: 'osmosis',
    part: 'tuning',
    written: '2026-12-07',
    topic: 'definition',
    question: 'What is osmosis?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that describe the movement of any substance.',
    high: 'The movement of water molecules from a dilute solution to a more concentrated solution through a partially permeable membrane.',
    answers: [
      {
        kind: 'salad',
        text: 'water molecules dilute concentrated solution partially permeable membrane movement',
      },
      { kind: 'question-copy', text: 'Osmosis is what osmosis is.' },
      {
        kind: 'rubric-copy',
        text: 'The movement of water molecules from a dilute solution to a more concentrated solution through a partially permeable membrane.',
      },
      {
        kind: 'negated',
        text: 'It is not the movement of water molecules through a partially permeable membrane.',
      },
      {
        kind: 'opposite',
        text: 'The movement of water molecules from a concentrated solution to a more dilute solution through a partially permeable membrane.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Water moves across a partially permeable membrane from a dilute solution, where there is a lot of water, into a more concentrated one.',
      },
      { kind: 'partial', mark: 1, text: 'Water moving through a membrane.' },
      { kind: 'wrong', mark: 0, text: 'When salt goes into a cell.' },
    ],
  },
  {
    id: 'sweating',
    part: 'held-out',
    written: '2026-12-07',
    topic: 'explanation',
    question: 'Explain why sweating cools you down.',
    marks: 3,
    lowMarkRange: '0-1',
    highMarkRange: '2-3',
    low: 'Answers that say sweat is cold.',
    high: "Sweat evaporates from the skin; the evaporation takes energy from the skin, so the skin's temperature falls.",
    answers: [
      { kind: 'salad', text: 'sweat evaporates skin energy temperature falls cools evaporation' },
      { kind: 'question-copy', text: 'Sweating cools you down.' },
      {
        kind: 'rubric-copy',
        text: "Sweat evaporates from the skin; the evaporation takes energy from the skin, so the skin's temperature falls.",
      },
      {
        kind: 'negated',
        text: 'Sweat does not evaporate from the skin and it does not take energy from the skin.',
      },
      {
        kind: 'opposite',
        text: "Sweat evaporates from the skin; the evaporation gives energy to the skin, so the skin's temperature rises.",
      },
      {
        kind: 'full',
        mark: 3,
        text: 'The water in sweat evaporates off your skin, and to evaporate it needs energy which it takes from your skin as heat, so you cool down.',
      },
      {
        kind: 'full',
        mark: 3,
        text: 'The sweat evaporates. It cannot evaporate without energy, so it takes heat energy from your skin and your skin gets cooler.',
      },
      { kind: 'partial', mark: 2, text: 'The sweat evaporates and that cools the skin.' },
      { kind: 'wrong', mark: 0, text: 'Sweat is cold water that comes out of you.' },
    ],
  },
  {
    id: 'arteries',
    part: 'held-out',
    written: '2026-12-07',
    topic: 'explanation',
    question: 'Explain why arteries have thick, muscular walls.',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that say the walls stop blood leaking.',
    high: 'Arteries carry blood away from the heart at high pressure, so they need thick walls to withstand the pressure.',
    answers: [
      { kind: 'salad', text: 'arteries blood heart high pressure thick walls withstand' },
      { kind: 'question-copy', text: 'Arteries have thick, muscular walls.' },
      {
        kind: 'rubric-copy',
        text: 'Arteries carry blood away from the heart at high pressure, so they need thick walls to withstand the pressure.',
      },
      {
        kind: 'negated',
        text: 'Arteries do not carry blood away from the heart at high pressure.',
      },
      {
        kind: 'opposite',
        text: 'Arteries carry blood towards the heart at low pressure, so they need thick walls.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'The blood in arteries comes straight from the heart so it is under high pressure, and the thick wall stops the artery from bursting.',
      },
      { kind: 'partial', mark: 1, text: 'Because the blood is at high pressure.' },
      { kind: 'wrong', mark: 0, text: 'So that the blood does not leak out of the holes.' },
    ],
  },
  {
    id: 'current',
    part: 'held-out',
    written: '2026-12-07',
    topic: 'calculation',
    question: 'A charge of 60 C flows through a lamp in 12 s. Calculate the current.',
    marks: 3,
    lowMarkRange: '0-1',
    highMarkRange: '2-3',
    low: 'Answers with no correct equation or working.',
    high: 'Uses current = charge / time, I = 60 / 12, and gives 5 A.',
    answers: [
      { kind: 'salad', text: 'current charge time 60 12 5 A lamp' },
      {
        kind: 'question-copy',
        text: 'A charge of 60 C flows through a lamp in 12 s, the current.',
      },
      { kind: 'rubric-copy', text: 'Uses current = charge / time, I = 60 / 12, and gives 5 A.' },
      { kind: 'negated', text: 'The current is not 5 A.' },
      { kind: 'opposite', text: 'current = charge × time = 60 × 12 = 720 A' },
      { kind: 'swapped-values', text: 'I = Q / t = 12 / 60 = 0.2 A' },
      { kind: 'full', mark: 3, text: 'I = Q ÷ t = 60 ÷ 12 = 5 A' },
      { kind: 'partial', mark: 2, text: '60 / 12 = 5' },
      { kind: 'wrong', mark: 0, text: '60 + 12 = 72 A' },
    ],
  },
  {
    id: 'neutralisation',
    part: 'held-out',
    written: '2026-12-07',
    topic: 'equation',
    question:
      'What happens in neutralisation? Give the word equation for hydrochloric acid reacting with sodium hydroxide.',
    marks: 3,
    lowMarkRange: '0-1',
    highMarkRange: '2-3',
    low: 'Answers that only say the solution becomes neutral.',
    high: 'An acid reacts with a base (an alkali) to form a salt and water: hydrochloric acid + sodium hydroxide → sodium chloride + water.',
    answers: [
      {
        kind: 'salad',
        text: 'acid base alkali salt water hydrochloric sodium hydroxide chloride',
      },
      {
        kind: 'question-copy',
        text: 'In neutralisation hydrochloric acid reacts with sodium hydroxide.',
      },
      {
        kind: 'rubric-copy',
        text: 'An acid reacts with a base (an alkali) to form a salt and water: hydrochloric acid + sodium hydroxide → sodium chloride + water.',
      },
      {
        kind: 'negated',
        text: 'An acid does not react with a base to form a salt and water.',
      },
      {
        kind: 'opposite',
        text: 'A salt reacts with water to form an acid and a base: sodium chloride + water → hydrochloric acid + sodium hydroxide.',
      },
      {
        kind: 'full',
        mark: 3,
        text: 'When an acid and an alkali react they make a salt and water. hydrochloric acid + sodium hydroxide → sodium chloride + water',
      },
      {
        kind: 'partial',
        mark: 2,
        text: 'hydrochloric acid + sodium hydroxide → sodium chloride + water',
      },
      { kind: 'wrong', mark: 0, text: 'When an acid is mixed with water it becomes neutral.' },
    ],
  },
  // ------------------------------------------- third batch (7 December 2026, later)
  // Written by hand after the swapped-parts and negation changes and before trying opposite words
  // (antonyms) as evidence against a key point; split once as the others.
  {
    id: 'coffee-cooling',
    part: 'tuning',
    written: '2026-12-07-b',
    topic: 'explanation',
    question: 'A cup of hot coffee is left on a table. Explain what happens to its temperature.',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that say only that the temperature changes.',
    high: 'The temperature of the coffee falls, because the coffee transfers energy to the cooler surroundings.',
    answers: [
      { kind: 'salad', text: 'temperature coffee falls transfers energy cooler surroundings' },
      {
        kind: 'question-copy',
        text: 'A cup of hot coffee is left on a table and its temperature.',
      },
      {
        kind: 'rubric-copy',
        text: 'The temperature of the coffee falls, because the coffee transfers energy to the cooler surroundings.',
      },
      { kind: 'negated', text: 'The temperature of the coffee does not fall.' },
      {
        kind: 'opposite',
        text: 'The temperature of the coffee rises, because the coffee gains energy from the cooler surroundings.',
      },
      {
        kind: 'opposite',
        text: 'The temperature of the coffee increases because it absorbs energy from the surroundings.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'It cools down, since it loses heat energy to the colder air around it until it is at room temperature.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'The coffee gets colder: its temperature drops as energy moves from the hot coffee to the cooler room.',
      },
      { kind: 'partial', mark: 1, text: 'The temperature goes down.' },
      { kind: 'wrong', mark: 0, text: 'It stays the same because the cup keeps it warm.' },
    ],
  },
  {
    id: 'magnets',
    part: 'tuning',
    written: '2026-12-07-b',
    topic: 'explanation',
    question:
      'Two bar magnets are held with their north poles facing each other. What happens, and why?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that say only that the magnets move.',
    high: 'They repel each other, because like poles repel.',
    answers: [
      { kind: 'salad', text: 'magnets repel like poles north' },
      {
        kind: 'question-copy',
        text: 'Two bar magnets are held with their north poles facing each other.',
      },
      { kind: 'rubric-copy', text: 'They repel each other, because like poles repel.' },
      { kind: 'negated', text: 'They do not repel each other.' },
      { kind: 'opposite', text: 'They attract each other, because like poles attract.' },
      {
        kind: 'full',
        mark: 2,
        text: 'They push apart because the two poles are the same and like poles repel.',
      },
      { kind: 'full', mark: 2, text: 'They repel. Unlike poles attract but like poles repel.' },
      { kind: 'partial', mark: 1, text: 'They push away from each other.' },
      { kind: 'wrong', mark: 0, text: 'They stick together because magnets always stick.' },
    ],
  },
  {
    id: 'melting',
    part: 'held-out',
    written: '2026-12-07-b',
    topic: 'explanation',
    question: 'Explain what happens to the particles when ice melts.',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that say the particles melt or change size.',
    high: 'The particles gain energy, vibrate more and break away from their fixed positions, so they can move past each other.',
    answers: [
      { kind: 'salad', text: 'particles gain energy vibrate break fixed positions move past' },
      { kind: 'question-copy', text: 'The particles when ice melts.' },
      {
        kind: 'rubric-copy',
        text: 'The particles gain energy, vibrate more and break away from their fixed positions, so they can move past each other.',
      },
      {
        kind: 'negated',
        text: 'The particles do not gain energy and they do not break away from their fixed positions.',
      },
      {
        kind: 'opposite',
        text: 'The particles lose energy, vibrate less and stay in their fixed positions.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'The particles take in energy so they vibrate faster until they leave their fixed positions and slide over each other.',
      },
      { kind: 'partial', mark: 1, text: 'The particles get more energy.' },
      { kind: 'wrong', mark: 0, text: 'The particles melt and get smaller.' },
    ],
  },
  {
    id: 'acid-ph',
    part: 'held-out',
    written: '2026-12-07-b',
    topic: 'definition',
    question: 'A solution has a pH of 2. Is it acidic or alkaline, and is it strong or weak?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that say it is neutral.',
    high: 'It is a strongly acidic solution, because its pH is low (well below 7).',
    answers: [
      { kind: 'salad', text: 'strongly acidic solution pH low below 7' },
      { kind: 'question-copy', text: 'A solution has a pH of 2.' },
      {
        kind: 'rubric-copy',
        text: 'It is a strongly acidic solution, because its pH is low (well below 7).',
      },
      { kind: 'negated', text: 'It is not an acidic solution.' },
      { kind: 'opposite', text: 'It is a weakly alkaline solution, because its pH is high.' },
      { kind: 'full', mark: 2, text: 'It is a strong acid as the pH is far below 7.' },
      { kind: 'partial', mark: 1, text: 'It is acidic.' },
      { kind: 'wrong', mark: 0, text: 'It is neutral.' },
    ],
  },
  // ----------------------------------------- fourth batch (7 December 2026, morning)
  // Written by hand before trying a mechanism for opposites said in the student's own words (a
  // substituted term, a reversed direction, a contrary quality or effect), with honest answers that
  // paraphrase the key points or negate and compare the right way; split once as the others.
  {
    id: 'carbonate-acid',
    part: 'tuning',
    written: '2026-12-07-c',
    topic: 'explanation',
    question:
      'Calcium carbonate reacts with hydrochloric acid. Name the products and describe a test for the gas given off.',
    marks: 3,
    lowMarkRange: '0-1',
    highMarkRange: '2-3',
    low: 'Answers that say only that it fizzes.',
    high: 'It produces calcium chloride, water and carbon dioxide; the carbon dioxide turns limewater milky.',
    answers: [
      {
        kind: 'opposite',
        text: 'It produces calcium chloride, water and hydrogen; the hydrogen turns limewater milky.',
      },
      {
        kind: 'opposite',
        text: 'It produces calcium chloride, water and oxygen, and the oxygen turns limewater milky.',
      },
      {
        kind: 'opposite',
        text: 'Calcium chloride, water and carbon dioxide are made. The carbon dioxide turns limewater clear.',
      },
      {
        kind: 'negated',
        text: 'It does not produce carbon dioxide, and the gas does not turn limewater milky.',
      },
      {
        kind: 'full',
        mark: 3,
        text: 'You get calcium chloride, water and carbon dioxide gas. Bubble the gas through limewater and it goes cloudy.',
      },
      {
        kind: 'full',
        mark: 3,
        text: 'It makes a salt (calcium chloride), water and CO2. The CO2 makes limewater go milky, it is not hydrogen because there is no pop.',
      },
      { kind: 'partial', mark: 2, text: 'Carbon dioxide is given off and it fizzes.' },
      { kind: 'wrong', mark: 0, text: 'It fizzes and the acid gets hot.' },
    ],
  },
  {
    id: 'heart-rate',
    part: 'tuning',
    written: '2026-12-07-c',
    topic: 'explanation',
    question: 'Explain why your heart rate increases during exercise.',
    marks: 3,
    lowMarkRange: '0-1',
    highMarkRange: '2-3',
    low: 'Answers that say only that the body works harder.',
    high: 'The muscles respire faster and need more oxygen and glucose, so the heart pumps blood faster to deliver them and to remove the extra carbon dioxide.',
    answers: [
      {
        kind: 'opposite',
        text: 'The muscles respire faster and need more carbon dioxide, so the heart pumps blood faster to deliver it and to remove the extra oxygen.',
      },
      {
        kind: 'opposite',
        text: 'The muscles respire slower and need less oxygen and glucose, so the heart pumps blood faster.',
      },
      {
        kind: 'opposite',
        text: 'The muscles need more oxygen and glucose, so the heart pumps blood faster to take them away from the muscles.',
      },
      {
        kind: 'negated',
        text: 'The muscles do not need more oxygen or glucose, so the heart does not pump blood faster.',
      },
      {
        kind: 'full',
        mark: 3,
        text: 'Your muscles are respiring more so they use up more oxygen and glucose. The heart beats quicker to get more blood to them and to carry away the extra CO2.',
      },
      {
        kind: 'full',
        mark: 3,
        text: 'Muscles need a bigger supply of oxygen and glucose for respiration, so the heart pumps faster to send them more blood and get rid of the carbon dioxide they make.',
      },
      { kind: 'partial', mark: 2, text: 'The muscles need more oxygen.' },
      { kind: 'wrong', mark: 0, text: 'Because your body gets tired.' },
    ],
  },
  {
    id: 'xylem',
    part: 'tuning',
    written: '2026-12-07-c',
    topic: 'definition',
    question: 'What does the xylem do in a plant?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that say it carries food.',
    high: 'The xylem transports water and mineral ions up from the roots to the leaves.',
    answers: [
      {
        kind: 'opposite',
        text: 'The xylem transports sugar and mineral ions up from the roots to the leaves.',
      },
      {
        kind: 'opposite',
        text: 'The xylem transports water and mineral ions down from the leaves to the roots.',
      },
      {
        kind: 'opposite',
        text: 'The xylem transports water and glucose up from the roots to the flowers.',
      },
      { kind: 'negated', text: 'The xylem does not transport water from the roots to the leaves.' },
      {
        kind: 'full',
        mark: 2,
        text: 'It carries water and minerals from the roots up to the leaves.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Xylem moves water and dissolved mineral ions up the stem from the roots to the leaves. It does not carry sugar, the phloem does.',
      },
      { kind: 'partial', mark: 1, text: 'It carries water.' },
      { kind: 'wrong', mark: 0, text: 'It makes food for the plant.' },
    ],
  },
  {
    id: 'greenhouse',
    part: 'tuning',
    written: '2026-12-07-c',
    topic: 'explanation',
    question: 'Explain how greenhouse gases keep the Earth warm.',
    marks: 3,
    lowMarkRange: '0-1',
    highMarkRange: '2-3',
    low: 'Answers that say the gases are hot or make a hole in the ozone layer.',
    high: 'Greenhouse gases absorb infrared radiation given out by the Earth and re-emit it back towards the surface, so heat is trapped and the temperature rises.',
    answers: [
      {
        kind: 'opposite',
        text: 'Greenhouse gases absorb ultraviolet radiation given out by the Earth and re-emit it back towards the surface, so heat is trapped.',
      },
      {
        kind: 'opposite',
        text: 'Greenhouse gases reflect infrared radiation given out by the Earth away into space, so heat is trapped and the temperature rises.',
      },
      {
        kind: 'opposite',
        text: 'Greenhouse gases absorb infrared radiation given out by the Earth and re-emit it, so heat escapes and the temperature drops.',
      },
      {
        kind: 'negated',
        text: 'Greenhouse gases do not absorb infrared radiation given out by the Earth.',
      },
      {
        kind: 'full',
        mark: 3,
        text: 'The Earth gives off infrared, the gases take in this radiation and send some of it back down to the ground, which traps heat so the Earth gets warmer.',
      },
      {
        kind: 'full',
        mark: 3,
        text: 'Gases like carbon dioxide absorb the infrared radiation the Earth emits and re-emit it in all directions, some back to the surface, so less heat escapes and the temperature goes up.',
      },
      { kind: 'partial', mark: 2, text: 'They trap heat so the temperature rises.' },
      { kind: 'wrong', mark: 0, text: 'They make a hole in the ozone layer and let the sun in.' },
    ],
  },
  {
    id: 'copper-wire',
    part: 'tuning',
    written: '2026-12-07-c',
    topic: 'explanation',
    question: 'Explain why electrical wires are made of copper with a plastic coating.',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that say copper is cheap or shiny.',
    high: 'Copper is a good electrical conductor with a low resistance, and the plastic is an insulator that stops current reaching the user.',
    answers: [
      {
        kind: 'opposite',
        text: 'Copper is a poor electrical conductor with a high resistance, and the plastic is an insulator that stops current reaching the user.',
      },
      {
        kind: 'opposite',
        text: 'Copper is a good electrical conductor with a low resistance, and the plastic is a conductor that lets current reach the user.',
      },
      {
        kind: 'opposite',
        text: 'Copper is a good electrical insulator with a low resistance, and the plastic stops current reaching the user.',
      },
      {
        kind: 'negated',
        text: 'Copper is not a good electrical conductor, and the plastic does not stop current reaching the user.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Copper lets electricity flow through it easily because its resistance is low, and plastic does not conduct so you do not get a shock.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Copper conducts electricity well. Plastic is an insulator, so the current cannot get to the person holding it.',
      },
      { kind: 'partial', mark: 1, text: 'Copper is a good conductor.' },
      { kind: 'wrong', mark: 0, text: 'Copper is cheap and shiny.' },
    ],
  },
  {
    id: 'moon-weight',
    part: 'held-out',
    written: '2026-12-07-c',
    topic: 'explanation',
    question: 'Explain why an astronaut weighs less on the Moon than on the Earth.',
    marks: 3,
    lowMarkRange: '0-1',
    highMarkRange: '2-3',
    low: 'Answers that say there is no gravity on the Moon.',
    high: 'The Moon has a smaller mass than the Earth, so its gravitational field strength is weaker; the astronaut has the same mass, so the weight (mass × field strength) is smaller.',
    answers: [
      {
        kind: 'opposite',
        text: 'The Moon has a bigger mass than the Earth, so its gravitational field strength is weaker, and the weight is smaller.',
      },
      {
        kind: 'opposite',
        text: 'The Moon has a smaller mass than the Earth, so its gravitational field strength is weaker; the astronaut loses mass, so the weight is smaller.',
      },
      {
        kind: 'opposite',
        text: 'The Moon is less dense than the Earth, so its magnetic field is weaker and the astronaut has the same mass, so the weight is smaller.',
      },
      {
        kind: 'negated',
        text: 'The astronaut does not keep the same mass, and the Moon does not have a weaker gravitational field.',
      },
      {
        kind: 'full',
        mark: 3,
        text: 'The Moon is much less massive than the Earth, so the pull of gravity there is weaker. The astronaut’s mass does not change, but weight = mass × g, so the weight goes down.',
      },
      {
        kind: 'full',
        mark: 3,
        text: 'Gravitational field strength on the Moon is lower because the Moon has less mass. Mass stays the same, so the weight is less.',
      },
      { kind: 'partial', mark: 2, text: 'Gravity is weaker on the Moon.' },
      { kind: 'wrong', mark: 0, text: 'There is no gravity in space.' },
    ],
  },
  {
    id: 'electrolysis',
    part: 'held-out',
    written: '2026-12-07-c',
    topic: 'explanation',
    question:
      'Molten lead bromide is electrolysed. Name the product at each electrode and explain why it forms there.',
    marks: 3,
    lowMarkRange: '0-1',
    highMarkRange: '2-3',
    low: 'Answers that name lead or bromine without an electrode.',
    high: 'Lead forms at the negative electrode because the positive lead ions are attracted to it, and bromine forms at the positive electrode because the negative bromide ions are attracted to it.',
    answers: [
      {
        kind: 'opposite',
        text: 'Lead forms at the negative electrode because the positive lead ions are repelled by it, and bromine forms at the positive electrode.',
      },
      {
        kind: 'opposite',
        text: 'Hydrogen forms at the negative electrode because the positive ions are attracted to it, and bromine forms at the positive electrode because the negative bromide ions are attracted to it.',
      },
      {
        kind: 'opposite',
        text: 'Lead forms at the anode because the negative lead ions are attracted to it, and bromine forms at the cathode because the positive bromide ions are attracted to it.',
      },
      {
        kind: 'negated',
        text: 'Lead does not form at the negative electrode and bromine does not form at the positive electrode.',
      },
      {
        kind: 'full',
        mark: 3,
        text: 'Lead is made at the cathode (negative) as the Pb2+ ions are positive and move towards it. Bromine is made at the anode (positive) as the bromide ions are negative and are pulled to it.',
      },
      {
        kind: 'full',
        mark: 3,
        text: 'Positive lead ions go to the negative electrode and become lead, and negative bromide ions go to the positive electrode and become bromine, because opposite charges attract.',
      },
      {
        kind: 'partial',
        mark: 2,
        text: 'Lead at the negative electrode and bromine at the positive one.',
      },
      { kind: 'wrong', mark: 0, text: 'It melts and turns into gas.' },
    ],
  },
  {
    id: 'refraction',
    part: 'held-out',
    written: '2026-12-07-c',
    topic: 'explanation',
    question: 'Explain what happens to a ray of light when it passes from air into a glass block.',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that say the light reflects.',
    high: 'The light slows down when it enters the glass, so it bends towards the normal.',
    answers: [
      {
        kind: 'opposite',
        text: 'The light speeds up when it enters the glass, so it bends towards the normal.',
      },
      {
        kind: 'opposite',
        text: 'The light slows down when it enters the glass, so it bends away from the normal.',
      },
      {
        kind: 'opposite',
        text: 'The light travels faster in the glass, so it bends away from the normal.',
      },
      {
        kind: 'negated',
        text: 'The light does not slow down and it does not bend towards the normal.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'It refracts: light travels more slowly in glass than in air, so the ray bends in towards the normal.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Glass is optically denser so the light goes slower and changes direction towards the normal line.',
      },
      { kind: 'partial', mark: 1, text: 'The light bends.' },
      { kind: 'wrong', mark: 0, text: 'The light bounces off the glass.' },
    ],
  },
  {
    id: 'amylase',
    part: 'held-out',
    written: '2026-12-07-c',
    topic: 'definition',
    question: 'What does the enzyme amylase do, and where is it made?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that say it digests food.',
    high: 'Amylase breaks down starch into sugars, and it is made in the salivary glands and the pancreas.',
    answers: [
      {
        kind: 'opposite',
        text: 'Amylase breaks down protein into sugars, and it is made in the salivary glands and the pancreas.',
      },
      {
        kind: 'opposite',
        text: 'Amylase builds up starch from sugars, and it is made in the salivary glands and the pancreas.',
      },
      {
        kind: 'opposite',
        text: 'Amylase breaks down starch into sugars, and it is made in the liver and the stomach.',
      },
      {
        kind: 'negated',
        text: 'Amylase does not break down starch, and it is not made in the salivary glands.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'It digests starch into sugar (maltose). It is produced in the salivary glands and in the pancreas.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Amylase turns starch into simple sugars. Your salivary glands and pancreas make it, not the stomach.',
      },
      { kind: 'partial', mark: 1, text: 'It breaks down starch.' },
      { kind: 'wrong', mark: 0, text: 'It digests fat in the stomach.' },
    ],
  },
  // -------------------------------------------- fifth batch (7 December 2026, evening)
  // Written by hand before trying a reading of word lists that does not rest on the rubric's own
  // words (salads with the student's own or misspelt words, commas and a few "the"/"and" put in),
  // with honest answers that are lists a teacher accepts ("Name the products") or terse notes;
  // split once as the others, in the order written (tuning, held-out, ...).
  {
    id: 'insulin',
    part: 'tuning',
    written: '2026-12-07-f',
    topic: 'explanation',
    question: 'Explain how the body brings a high blood glucose level back down after a meal.',
    marks: 3,
    lowMarkRange: '0-1',
    highMarkRange: '2-3',
    low: 'Answers that say only that the body controls sugar.',
    high: 'The pancreas releases insulin into the blood; insulin makes the liver and muscles take up glucose and store it as glycogen, so the blood glucose level falls.',
    answers: [
      {
        kind: 'salad',
        text: 'pancreas insulin blood liver muscles glucose glycogen store level falls meal',
      },
      {
        kind: 'salad',
        text: 'insulin, pancreas, glycogen, liver, glucose, blood sugar, hormone, falls',
      },
      {
        kind: 'salad',
        text: 'the pancreas and the insulin the glucose glycogen liver the muscles blood level',
      },
      {
        kind: 'opposite',
        text: 'The pancreas releases glucagon into the blood, which makes the liver break glycogen down into glucose, so the level falls.',
      },
      {
        kind: 'opposite',
        text: 'The liver releases insulin, and the insulin turns glycogen into glucose so the blood glucose rises.',
      },
      {
        kind: 'negated',
        text: 'The pancreas does not release insulin, and the liver does not store glucose.',
      },
      {
        kind: 'full',
        mark: 3,
        text: 'Your pancreas detects the high glucose and secretes the hormone insulin. Insulin makes liver and muscle cells absorb glucose and convert it to glycogen, so the level drops back to normal.',
      },
      {
        kind: 'full',
        mark: 3,
        text: 'Insulin is released by the pancreas. It causes the liver to take glucose out of the blood and store it as glycogen, so blood sugar goes down.',
      },
      { kind: 'partial', mark: 1, text: 'The pancreas makes insulin.' },
      { kind: 'wrong', mark: 0, text: 'You sweat the sugar out through your skin.' },
    ],
  },
  {
    id: 'combustion-products',
    part: 'held-out',
    written: '2026-12-07-f',
    topic: 'definition',
    question:
      'Name the two products when methane burns completely in oxygen, and give a test for one of them.',
    marks: 3,
    lowMarkRange: '0-1',
    highMarkRange: '2-3',
    low: 'Answers that name one product only.',
    high: 'Carbon dioxide and water are made; carbon dioxide turns limewater milky (or water turns anhydrous copper sulfate blue).',
    answers: [
      {
        kind: 'salad',
        text: 'methane carbon dioxide water limewater milky oxygen burns completely copper sulfate blue',
      },
      {
        kind: 'salad',
        text: 'carbon dioxide, water, limewater, milky, test, products, combustion, fuel',
      },
      {
        kind: 'salad',
        text: 'products the carbon dioxide and water the limewater milky test blue sulphate',
      },
      {
        kind: 'opposite',
        text: 'Carbon monoxide and hydrogen are made; the hydrogen turns limewater milky.',
      },
      {
        kind: 'opposite',
        text: 'Carbon dioxide and water are made; the water turns limewater milky and carbon dioxide turns copper sulfate blue.',
      },
      {
        kind: 'negated',
        text: 'It does not make carbon dioxide or water, and limewater does not go milky.',
      },
      {
        kind: 'full',
        mark: 3,
        text: 'Carbon dioxide and water. Bubble the gas through limewater and it goes cloudy.',
      },
      {
        kind: 'full',
        mark: 3,
        text: 'CO2 and H2O. Test for water: it turns white anhydrous copper sulphate blue.',
      },
      { kind: 'partial', mark: 1, text: 'Carbon dioxide is made.' },
      { kind: 'wrong', mark: 0, text: 'Smoke and ash.' },
    ],
  },
  {
    id: 'natural-selection',
    part: 'tuning',
    written: '2026-12-07-f',
    topic: 'explanation',
    question:
      'Some bacteria become resistant to an antibiotic. Explain how this happens by natural selection.',
    marks: 4,
    lowMarkRange: '0-1',
    highMarkRange: '3-4',
    low: 'Answers that say only that the bacteria get used to the antibiotic.',
    high: 'A mutation makes some bacteria resistant; the antibiotic kills the others, so the resistant bacteria survive and reproduce, passing the resistance gene on, and the resistant population grows.',
    answers: [
      {
        kind: 'salad',
        text: 'mutation resistant bacteria antibiotic kills survive reproduce gene population grows',
      },
      {
        kind: 'salad',
        text: 'mutation, resistance, survival of the fittest, reproduce, genes, antibiotic, bacteria, evolution',
      },
      {
        kind: 'salad',
        text: 'bacteria the mutation and the antibiotic resistant gene survive reproduse population',
      },
      {
        kind: 'opposite',
        text: 'The antibiotic causes a mutation in every bacterium so that they all become resistant and then reproduce.',
      },
      {
        kind: 'opposite',
        text: 'A mutation makes some bacteria resistant; the antibiotic kills the resistant ones, so the others survive and reproduce.',
      },
      {
        kind: 'negated',
        text: 'There is no mutation, and the resistant bacteria do not survive or reproduce.',
      },
      {
        kind: 'full',
        mark: 4,
        text: 'By chance a mutation makes a few bacteria resistant. When the antibiotic is used it kills the non-resistant ones, but the resistant ones survive and multiply, so they pass the resistant gene to their offspring and soon most of the population is resistant.',
      },
      {
        kind: 'full',
        mark: 3,
        text: 'Some bacteria have a mutation that means the antibiotic does not kill them. They survive and reproduce, so there are more and more resistant bacteria.',
      },
      { kind: 'partial', mark: 1, text: 'The bacteria mutate.' },
      {
        kind: 'wrong',
        mark: 0,
        text: 'The bacteria learn to fight the antibiotic and get stronger.',
      },
    ],
  },
  {
    id: 'series-current',
    part: 'held-out',
    written: '2026-12-07-f',
    topic: 'explanation',
    question:
      'Two identical lamps are in series with a cell. A third identical lamp is added in series. What happens to the current and to the brightness of the lamps, and why?',
    marks: 3,
    lowMarkRange: '0-1',
    highMarkRange: '2-3',
    low: 'Answers that say only that something changes.',
    high: 'The total resistance increases, so the current decreases and each lamp becomes dimmer.',
    answers: [
      {
        kind: 'salad',
        text: 'total resistance increases current decreases lamp dimmer series cell brightness',
      },
      {
        kind: 'salad',
        text: 'resistance, current, lamps, dimmer, series circuit, voltage, electrons, less',
      },
      {
        kind: 'salad',
        text: 'the resistance the current and dimmer lamps the series cell total bright',
      },
      {
        kind: 'opposite',
        text: 'The total resistance decreases, so the current increases and each lamp becomes brighter.',
      },
      {
        kind: 'opposite',
        text: 'The total resistance increases, so the current increases and each lamp gets brighter.',
      },
      {
        kind: 'negated',
        text: 'The total resistance does not increase, so the current does not decrease.',
      },
      {
        kind: 'full',
        mark: 3,
        text: 'There is more resistance in the circuit now, so less current flows and all the lamps are dimmer than before.',
      },
      {
        kind: 'full',
        mark: 3,
        text: 'The current goes down because the resistance has gone up, and the lamps glow less brightly.',
      },
      { kind: 'partial', mark: 1, text: 'The lamps get dimmer.' },
      { kind: 'wrong', mark: 0, text: 'Nothing changes because the cell is the same.' },
    ],
  },
  {
    id: 'catalyst',
    part: 'tuning',
    written: '2026-12-07-f',
    topic: 'definition',
    question: 'What is a catalyst, and how does it speed up a reaction?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that say only that it makes the reaction faster.',
    high: 'A catalyst speeds up a reaction without being used up, by providing a pathway with a lower activation energy.',
    answers: [
      { kind: 'salad', text: 'catalyst speeds reaction used up pathway lower activation energy' },
      {
        kind: 'salad',
        text: 'catalyst, enzyme, activation energy, lower, pathway, not used up, faster rate',
      },
      {
        kind: 'salad',
        text: 'the catalyst and the reaction the pathway activation energy lower used',
      },
      {
        kind: 'opposite',
        text: 'A catalyst speeds up a reaction and is used up, by giving the particles more activation energy.',
      },
      {
        kind: 'opposite',
        text: 'A catalyst speeds up a reaction without being used up, by providing a pathway with a higher activation energy.',
      },
      { kind: 'negated', text: 'A catalyst does not lower the activation energy.' },
      {
        kind: 'full',
        mark: 2,
        text: 'It is a substance that makes a reaction go faster but is not used up itself. It gives another route for the reaction that needs less activation energy.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'A catalyst increases the rate of reaction and is left unchanged at the end; it works by lowering the activation energy.',
      },
      { kind: 'partial', mark: 1, text: 'A catalyst makes a reaction faster and is not used up.' },
      { kind: 'wrong', mark: 0, text: 'It is a chemical that starts a fire.' },
    ],
  },
  {
    id: 'food-chain-energy',
    part: 'held-out',
    written: '2026-12-07-f',
    topic: 'explanation',
    question: 'Explain why food chains rarely have more than five trophic levels.',
    marks: 3,
    lowMarkRange: '0-1',
    highMarkRange: '2-3',
    low: 'Answers that say only that there is not enough food.',
    high: 'At each trophic level energy is lost to the surroundings through respiration, movement and heat, so less energy passes to the next level and after a few levels there is too little to support another.',
    answers: [
      {
        kind: 'salad',
        text: 'trophic level energy lost respiration movement heat less energy next level support',
      },
      {
        kind: 'salad',
        text: 'energy, trophic levels, respiration, heat loss, biomass, producers, consumers, less',
      },
      {
        kind: 'salad',
        text: 'the energy and the respiration the heat movement trophic levels less the food chain',
      },
      {
        kind: 'opposite',
        text: 'At each trophic level energy is gained from respiration and heat, so more energy passes to the next level.',
      },
      {
        kind: 'opposite',
        text: 'Energy is lost at each level, so the top level has the most energy and the producers have the least.',
      },
      { kind: 'negated', text: 'Energy is not lost at each trophic level.' },
      {
        kind: 'full',
        mark: 3,
        text: 'Only about 10% of the energy is passed on at each step, because the rest is used in respiration or lost as heat and in waste. After four or five steps there is not enough energy left to keep another animal alive.',
      },
      {
        kind: 'full',
        mark: 3,
        text: 'Animals use up most of their energy moving and keeping warm, so little gets passed up the chain. By the fifth level there is too little energy for another population.',
      },
      { kind: 'partial', mark: 1, text: 'Energy is lost at each level.' },
      { kind: 'wrong', mark: 0, text: 'The animals at the top eat all the others.' },
    ],
  },
  {
    id: 'kinetic-energy',
    part: 'tuning',
    written: '2026-12-07-f',
    topic: 'calculation',
    question: 'A 2 kg ball moves at 3 m/s. Calculate its kinetic energy.',
    marks: 3,
    lowMarkRange: '0-1',
    highMarkRange: '2-3',
    low: 'Answers that write the equation only.',
    high: 'Uses kinetic energy = 1/2 × mass × speed squared; substitutes 0.5 × 2 × 3²; kinetic energy = 9 J.',
    answers: [
      { kind: 'salad', text: 'kinetic energy mass speed squared half ball joules 9 J' },
      { kind: 'salad', text: 'kinetic energy, mass, speed squared, half, joules, energy store, 9' },
      {
        kind: 'swapped-values',
        text: 'KE = 0.5 × 3 × 2² = 6 J',
      },
      {
        kind: 'partial',
        mark: 2,
        text: 'kinetic energy = 1/2 × mass × speed squared = 0.5 × 2 × 3² = 9 kg',
      },
      { kind: 'full', mark: 3, text: 'KE = ½mv² = 0.5 × 2 × 3² = 9 J' },
      { kind: 'full', mark: 3, text: 'Ek = 0.5 × 2 × 9 = 9 joules' },
      { kind: 'partial', mark: 2, text: 'KE = 0.5 × 2 × 3² = 9' },
      { kind: 'wrong', mark: 0, text: '2 × 3 = 6 J' },
    ],
  },
  {
    id: 'bile',
    part: 'held-out',
    written: '2026-12-07-f',
    topic: 'explanation',
    question: 'Describe two ways bile helps the digestion of fat.',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that say only that bile digests fat.',
    high: 'Bile emulsifies fat into small droplets, giving a larger surface area for lipase; and it is alkaline, so it neutralises stomach acid, giving the best pH for lipase.',
    answers: [
      {
        kind: 'salad',
        text: 'bile emulsifies fat droplets surface area lipase alkaline neutralises acid pH',
      },
      {
        kind: 'salad',
        text: 'bile, emulsify, droplets, surface area, lipase, alkaline, neutralise, gall bladder',
      },
      {
        kind: 'salad',
        text: 'the bile and the fat droplets the lipase alkali surface area the acid',
      },
      {
        kind: 'opposite',
        text: 'Bile joins small fat droplets into bigger ones, giving a smaller surface area for lipase, and it is acidic.',
      },
      {
        kind: 'opposite',
        text: 'Bile emulsifies fat into small droplets, and it is acidic, so it makes the stomach contents more acidic for lipase.',
      },
      { kind: 'negated', text: 'Bile does not emulsify fat and it does not neutralise the acid.' },
      {
        kind: 'full',
        mark: 2,
        text: 'It breaks big fat globules into tiny droplets so the enzymes have more surface to work on. It is also alkaline and cancels out the acid from the stomach so lipase works best.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Bile emulsifies the fats, which increases their surface area, and it neutralises hydrochloric acid from the stomach.',
      },
      { kind: 'partial', mark: 1, text: 'It breaks fat into small droplets.' },
      { kind: 'wrong', mark: 0, text: 'Bile is an enzyme that turns fat into sugar.' },
    ],
  },
  // ---------------------------------------------- sixth batch (7 December 2026, night)
  // Written by hand before any change it measures, on opposites only: the kinds a pupil may use to
  // say the reverse of a key point with most of its words (roles of two things swapped, a direction
  // turned with other prepositions, another thing of the same kind, the contrary verb, a comparison
  // turned round, another cause), beside honest answers that paraphrase or agree with a negation;
  // split once as the others, in the order written (tuning, held-out, ...).
  {
    id: 'photosynthesis-site',
    part: 'tuning',
    written: '2026-12-07-g',
    topic: 'explanation',
    question:
      'Where in a leaf cell does photosynthesis happen, and what does the leaf need from the air for it?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that say only that it happens in the leaf.',
    high: 'Photosynthesis happens in the chloroplasts, and the leaf takes in carbon dioxide from the air.',
    answers: [
      {
        kind: 'opposite',
        text: 'Photosynthesis happens in the mitochondria, and the leaf takes in carbon dioxide from the air.',
      },
      {
        kind: 'opposite',
        text: 'It happens in the chloroplasts, and the leaf gives out carbon dioxide into the air.',
      },
      {
        kind: 'opposite',
        text: 'Photosynthesis happens in the chloroplasts, and the leaf takes in oxygen from the air.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'In the chloroplasts, which contain chlorophyll. It absorbs carbon dioxide through the stomata.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'It takes place in chloroplasts, not in the mitochondria, and it needs CO2 from the air.',
      },
      { kind: 'partial', mark: 1, text: 'In the chloroplasts.' },
      { kind: 'wrong', mark: 0, text: 'In the roots, using oxygen.' },
    ],
  },
  {
    id: 'evaporation-cooling',
    part: 'held-out',
    written: '2026-12-07-g',
    topic: 'explanation',
    question: 'Why does a wet towel feel cold on your skin?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that say only that water is cold.',
    high: 'The water evaporates, and evaporation takes energy from the skin, so the skin cools.',
    answers: [
      {
        kind: 'opposite',
        text: 'The water condenses, and condensation takes energy from the skin, so the skin cools.',
      },
      {
        kind: 'opposite',
        text: 'The water evaporates, and evaporation gives energy to the skin, so the skin cools.',
      },
      {
        kind: 'opposite',
        text: 'The skin takes energy from the water as it evaporates, so the skin cools.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'As the water turns to vapour it absorbs heat from your skin, so your skin loses energy and feels cold.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Evaporation of the water needs energy, which comes from the skin, so the skin cools down.',
      },
      { kind: 'partial', mark: 1, text: 'The water evaporates.' },
      { kind: 'wrong', mark: 0, text: 'Because towels are made of cold material.' },
    ],
  },
  {
    id: 'thermal-expansion',
    part: 'tuning',
    written: '2026-12-07-g',
    topic: 'explanation',
    question: 'Railway tracks have small gaps between the rails. Explain why.',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that say only that it is for safety.',
    high: 'When the rails get hot they expand, and the gaps give them room to expand so they do not buckle.',
    answers: [
      {
        kind: 'opposite',
        text: 'When the rails get hot they contract, and the gaps give them room so they do not buckle.',
      },
      {
        kind: 'opposite',
        text: 'When the rails get cold they expand, and the gaps give them room to expand so they do not buckle.',
      },
      {
        kind: 'opposite',
        text: 'When the rails get hot they expand, and the gaps make them buckle.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'In summer the metal heats up and gets longer. Without gaps the rails would bend out of shape.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Metal expands when it is heated, so the gaps leave space for this and the track does not buckle.',
      },
      { kind: 'partial', mark: 1, text: 'The rails expand in the heat.' },
      { kind: 'wrong', mark: 0, text: 'So that rain water can drain away.' },
    ],
  },
  {
    id: 'sound-vacuum',
    part: 'held-out',
    written: '2026-12-07-g',
    topic: 'explanation',
    question:
      'Why can astronauts not hear a sound from outside their spaceship in space, but can see light?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that say only that space is quiet.',
    high: 'Sound needs a medium (particles) to travel through, and space is a vacuum; light can travel through a vacuum.',
    answers: [
      {
        kind: 'opposite',
        text: 'Light needs a medium to travel through, and space is a vacuum; sound can travel through a vacuum.',
      },
      {
        kind: 'opposite',
        text: 'Sound needs a medium to travel through, and space is full of particles; light cannot travel through a vacuum.',
      },
      { kind: 'opposite', text: 'Sound travels through a vacuum but light needs particles.' },
      {
        kind: 'full',
        mark: 2,
        text: 'Sound is a vibration of particles, and there are no particles in space, so it cannot travel. Light does not need particles.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'There is no air in space for the sound to move through, whereas light can cross empty space.',
      },
      { kind: 'partial', mark: 1, text: 'Space is a vacuum.' },
      { kind: 'wrong', mark: 0, text: 'The spaceship walls are too thick.' },
    ],
  },
  {
    id: 'diffusion-lungs',
    part: 'tuning',
    written: '2026-12-07-g',
    topic: 'explanation',
    question: 'Describe how carbon dioxide moves between the blood and the air in the lungs.',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that say only that we breathe it out.',
    high: 'Carbon dioxide diffuses from the blood into the alveoli, from a higher concentration to a lower concentration.',
    answers: [
      {
        kind: 'opposite',
        text: 'Carbon dioxide diffuses from the alveoli into the blood, from a higher concentration to a lower concentration.',
      },
      {
        kind: 'opposite',
        text: 'Carbon dioxide diffuses from the blood into the alveoli, from a lower concentration to a higher concentration.',
      },
      {
        kind: 'opposite',
        text: 'Carbon dioxide moves out of the alveoli and into the blood by diffusion, down its concentration gradient.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'It diffuses out of the blood and into the air sacs, because there is more of it in the blood than in the air there.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'CO2 moves from the capillaries into the alveoli by diffusion, down a concentration gradient.',
      },
      { kind: 'partial', mark: 1, text: 'By diffusion.' },
      { kind: 'wrong', mark: 0, text: 'The heart pumps it into the lungs.' },
    ],
  },
  {
    id: 'friction-heat',
    part: 'held-out',
    written: '2026-12-07-g',
    topic: 'explanation',
    question: 'Why do your hands get warm when you rub them together?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that say only that they move.',
    high: 'Friction between the hands transfers energy from the kinetic store to the thermal store of the hands.',
    answers: [
      {
        kind: 'opposite',
        text: 'Friction between the hands transfers energy from the thermal store to the kinetic store of the hands.',
      },
      {
        kind: 'opposite',
        text: 'Gravity between the hands transfers energy from the kinetic store to the thermal store of the hands.',
      },
      {
        kind: 'opposite',
        text: 'Friction transfers energy from the kinetic store to the chemical store of the hands.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Rubbing causes friction, so the movement energy of the hands is changed into heat in the skin.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Work is done against friction, so energy goes from the kinetic store into the thermal store of your hands.',
      },
      { kind: 'partial', mark: 1, text: 'Because of friction.' },
      { kind: 'wrong', mark: 0, text: 'Because blood rushes to them.' },
    ],
  },
  {
    id: 'acid-rain',
    part: 'tuning',
    written: '2026-12-07-g',
    topic: 'explanation',
    question: 'How does burning coal cause acid rain?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that say only that coal is polluting.',
    high: 'Coal contains sulfur, which burns to make sulfur dioxide; the sulfur dioxide dissolves in rain water to make it acidic.',
    answers: [
      {
        kind: 'opposite',
        text: 'Coal contains nitrogen, which burns to make carbon dioxide; the carbon dioxide dissolves in rain water to make it acidic.',
      },
      {
        kind: 'opposite',
        text: 'Coal contains sulfur, which burns to make sulfur dioxide; the sulfur dioxide dissolves in rain water to make it alkaline.',
      },
      {
        kind: 'opposite',
        text: 'Coal contains sulfur dioxide, which burns to make sulfur; the sulfur dissolves in rain water to make it acidic.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Sulfur impurities in the coal burn to form sulfur dioxide gas, which dissolves in the rain and makes it acidic.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'When coal burns the sulfur in it turns into SO2. That mixes with water in the clouds to make sulfuric acid.',
      },
      { kind: 'partial', mark: 1, text: 'It makes sulfur dioxide.' },
      { kind: 'wrong', mark: 0, text: 'The smoke makes the clouds black.' },
    ],
  },
  {
    id: 'refraction-glass',
    part: 'held-out',
    written: '2026-12-07-g',
    topic: 'explanation',
    question:
      'A ray of light goes from air into a glass block at an angle. What happens to it, and why?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that say only that the light changes.',
    high: 'The ray bends towards the normal, because light slows down when it enters the glass.',
    answers: [
      {
        kind: 'opposite',
        text: 'The ray bends away from the normal, because light slows down when it enters the glass.',
      },
      {
        kind: 'opposite',
        text: 'The ray bends towards the normal, because light speeds up when it enters the glass.',
      },
      {
        kind: 'opposite',
        text: 'It bends towards the normal because the light travels faster in glass than in air.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'It refracts towards the normal, as light travels more slowly in glass than in air.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'The light changes direction and bends towards the normal line, because glass is denser and the light goes slower in it.',
      },
      { kind: 'partial', mark: 1, text: 'It bends towards the normal.' },
      { kind: 'wrong', mark: 0, text: 'It reflects straight back.' },
    ],
  },
  // Seventh batch of this set ('2026-12-07-h', session 24), written before the change it measures: honest
  // answers that carry a rubric clause on with words of their own before or after it ("bounces
  // lower each time", "in the end", "after a while"), beside opposites with a word of a clause
  // exchanged; split once as the others, in the order written (tuning, held-out, ...).
  {
    id: 'ball-height',
    part: 'tuning',
    written: '2026-12-07-h',
    topic: 'explanation',
    question: 'Why does a bouncing ball reach a lower height after each bounce?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'Some energy is transferred to the surroundings as heat and sound at each bounce, so the ball has less energy and bounces to a lower height.',
    answers: [
      {
        kind: 'full',
        mark: 2,
        text: 'At every bounce energy is lost as heat and sound to the surroundings, so it has less energy and bounces lower each time.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Each bounce transfers some energy to the surroundings as heat and sound, so the ball bounces to a lower height every time it hits the floor.',
      },
      { kind: 'partial', mark: 1, text: 'It loses energy as sound.' },
      { kind: 'wrong', mark: 0, text: 'Gravity gets stronger each time.' },
      {
        kind: 'opposite',
        text: 'At each bounce the ball gains energy from the floor as heat and sound, so it bounces lower.',
      },
      {
        kind: 'opposite',
        text: 'Some energy is transferred to the surroundings as heat and sound at each bounce, so the ball has more energy and bounces to a lower height.',
      },
    ],
  },
  {
    id: 'ice-in-hand',
    part: 'held-out',
    written: '2026-12-07-h',
    topic: 'explanation',
    question: 'Why does an ice cube melt faster in your hand than on a table?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'Your hand is warmer than the table, so energy is transferred to the ice faster and it melts more quickly.',
    answers: [
      {
        kind: 'full',
        mark: 2,
        text: 'The hand is warmer than the table, so energy is transferred to the ice faster and it melts in a shorter time.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Because your hand is at a higher temperature than the table, energy flows into the ice more quickly, so it melts sooner than it would on the table.',
      },
      { kind: 'partial', mark: 1, text: 'Your hand is warm.' },
      { kind: 'wrong', mark: 0, text: 'The ice is lighter in your hand.' },
      {
        kind: 'opposite',
        text: 'The hand is colder than the table, so energy is transferred to the ice faster and it melts more quickly.',
      },
      {
        kind: 'opposite',
        text: 'Your hand is warmer than the table, so energy is transferred from the ice faster and it melts more quickly.',
      },
    ],
  },
  {
    id: 'heart-rate',
    part: 'tuning',
    written: '2026-12-07-h',
    topic: 'explanation',
    question: 'Why does your heart rate increase during exercise?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'The muscles respire faster and need more oxygen and glucose, so the heart pumps blood faster to deliver them.',
    answers: [
      {
        kind: 'full',
        mark: 2,
        text: 'Your muscles respire faster and need more oxygen and glucose, so the heart beats faster to deliver them all the time you are running.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'During exercise the muscles need more oxygen and glucose for respiration, so the heart pumps blood faster to bring them to the muscles in time.',
      },
      { kind: 'partial', mark: 1, text: 'To get more oxygen to the muscles.' },
      { kind: 'wrong', mark: 0, text: 'Because you get scared.' },
      {
        kind: 'opposite',
        text: 'The muscles respire slower and need less oxygen and glucose, so the heart pumps blood faster to deliver them.',
      },
      {
        kind: 'opposite',
        text: 'The muscles respire faster and need more carbon dioxide, so the heart pumps blood faster to deliver it.',
      },
    ],
  },
  {
    id: 'shadow-size',
    part: 'held-out',
    written: '2026-12-07-h',
    topic: 'explanation',
    question: 'Why does a shadow get bigger when an object is moved closer to the lamp?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'The object blocks more of the light spreading out from the lamp, so a larger area of the screen gets no light.',
    answers: [
      {
        kind: 'full',
        mark: 2,
        text: 'Closer to the lamp the object blocks more of the light spreading out from it, so a larger area gets no light at all.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Light spreads out from the lamp, so near it the object blocks a wider cone of light and a bigger area of the screen stays dark each time you move it closer.',
      },
      { kind: 'partial', mark: 1, text: 'It blocks more light.' },
      { kind: 'wrong', mark: 0, text: 'The lamp gets brighter.' },
      {
        kind: 'opposite',
        text: 'The object blocks less of the light spreading out from the lamp, so a larger area of the screen gets no light.',
      },
      {
        kind: 'opposite',
        text: 'The object reflects more of the light spreading out from the lamp, so a larger area of the screen gets no light.',
      },
    ],
  },
  {
    id: 'rusting',
    part: 'tuning',
    written: '2026-12-07-h',
    topic: 'explanation',
    question: 'What does iron need in order to rust?',
    marks: 2,
    lowMarkRange: '0-1',
    highMarkRange: '2-2',
    low: 'Answers that name one of water or oxygen.',
    high: 'Iron needs both water and oxygen to rust.',
    answers: [
      {
        kind: 'full',
        mark: 2,
        text: 'It needs both water and oxygen to rust, for example from damp air over a few days.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Oxygen and water are both needed, so iron rusts quickly in wet air.',
      },
      { kind: 'partial', mark: 1, text: 'Water.' },
      { kind: 'wrong', mark: 0, text: 'Heat and light.' },
      { kind: 'opposite', text: 'Iron needs both water and nitrogen to rust.' },
      { kind: 'negated', text: 'Iron needs neither water nor oxygen to rust.' },
    ],
  },
  {
    id: 'plant-window',
    part: 'held-out',
    written: '2026-12-07-h',
    topic: 'explanation',
    question: 'Why does a plant on a windowsill grow towards the window?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'Auxin builds up on the shaded side of the shoot, so cells there grow longer and the shoot bends towards the light.',
    answers: [
      {
        kind: 'full',
        mark: 2,
        text: 'Auxin collects on the shaded side of the shoot, so the cells on that side grow longer and it bends towards the light over a few days.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'More auxin goes to the side away from the light, which makes those cells elongate, so the shoot bends towards the window in the end.',
      },
      { kind: 'partial', mark: 1, text: 'It needs light for photosynthesis.' },
      { kind: 'wrong', mark: 0, text: 'The plant can see the window.' },
      {
        kind: 'opposite',
        text: 'Auxin builds up on the lit side of the shoot, so cells there grow longer and the shoot bends towards the light.',
      },
      {
        kind: 'opposite',
        text: 'Auxin builds up on the shaded side of the shoot, so cells there grow shorter and the shoot bends towards the light.',
      },
    ],
  },
  {
    id: 'sugar-tea',
    part: 'tuning',
    written: '2026-12-07-h',
    topic: 'explanation',
    question: 'Why does sugar dissolve faster in hot tea than in cold tea?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'The particles move faster in hot tea, so they collide with the sugar more often and break it up more quickly.',
    answers: [
      {
        kind: 'full',
        mark: 2,
        text: 'In hot tea the particles move faster, so they collide with the sugar more often and it dissolves more quickly every time.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Hotter water particles have more kinetic energy and move faster, so they hit the sugar more often and pull it apart sooner.',
      },
      { kind: 'partial', mark: 1, text: 'Because it is hotter.' },
      { kind: 'wrong', mark: 0, text: 'Cold tea has more sugar in it already.' },
      {
        kind: 'opposite',
        text: 'The particles move slower in hot tea, so they collide with the sugar more often and break it up more quickly.',
      },
      {
        kind: 'opposite',
        text: 'The particles move faster in hot tea, so they collide with the sugar less often and break it up more quickly.',
      },
    ],
  },
  {
    id: 'sweating',
    part: 'held-out',
    written: '2026-12-07-h',
    topic: 'explanation',
    question: 'How does sweating help to cool the body?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'Sweat evaporates from the skin, and evaporation takes energy from the skin, so the body cools.',
    answers: [
      {
        kind: 'full',
        mark: 2,
        text: 'Sweat evaporates from the skin and evaporation takes energy from the skin, so you cool down after a while.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'The water in sweat evaporates, which takes heat energy away from your skin, so your body temperature drops during exercise.',
      },
      { kind: 'partial', mark: 1, text: 'The sweat evaporates.' },
      { kind: 'wrong', mark: 0, text: 'Sweat is cold water from the body.' },
      {
        kind: 'opposite',
        text: 'Sweat condenses on the skin, and condensation takes energy from the skin, so the body cools.',
      },
      {
        kind: 'opposite',
        text: 'Sweat evaporates from the skin, and evaporation gives energy to the skin, so the body cools.',
      },
    ],
  },
  // Eighth batch of this set ('2026-12-07-i', session 24), written before the change it measures:
  // a key point negated in a clause of its own ("a membrane that is not partially permeable",
  // "electrons that are not free"), beside honest answers whose clauses negate something else
  // ("which does not let the sugars out"); split once as the others, in the order written.
  {
    id: 'root-osmosis',
    part: 'tuning',
    written: '2026-12-07-i',
    topic: 'explanation',
    question: 'How does water get into a root hair cell?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'Water moves by osmosis from the dilute soil water into the more concentrated cell sap, across a partially permeable membrane.',
    answers: [
      {
        kind: 'negated',
        text: 'Water moves by osmosis from the dilute soil water into the more concentrated cell sap, across a membrane that is not partially permeable.',
      },
      {
        kind: 'negated',
        text: 'Water moves by osmosis into the cell sap, which is not more concentrated than the soil water, across a partially permeable membrane.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'By osmosis: water goes from the dilute soil water into the more concentrated cell sap through a partially permeable membrane, which does not let the sugars out.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'The cell sap is more concentrated than the soil water, so water moves in by osmosis across the partially permeable membrane, a membrane that lets only small molecules through.',
      },
      { kind: 'partial', mark: 1, text: 'By osmosis.' },
      { kind: 'wrong', mark: 0, text: 'The root sucks it up like a straw.' },
    ],
  },
  {
    id: 'copper-wire',
    part: 'held-out',
    written: '2026-12-07-i',
    topic: 'explanation',
    question: 'Why is copper used for electrical wires?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'Copper is a good conductor of electricity because it has free electrons that carry the current, and it is ductile so it can be drawn into wires.',
    answers: [
      {
        kind: 'negated',
        text: 'Copper is a metal that is not a good conductor of electricity, but it has free electrons that carry the current, and it is ductile so it can be drawn into wires.',
      },
      {
        kind: 'negated',
        text: 'Copper is a good conductor of electricity because it has electrons that are not free to carry the current, and it is ductile so it can be drawn into wires.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Copper has free electrons which carry the current, so it conducts electricity well, and it is ductile, so it can be pulled into thin wires that do not snap.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'It is a good conductor because its free electrons can move and carry the charge, and it is ductile, which means it can be drawn into wires without breaking.',
      },
      { kind: 'partial', mark: 1, text: 'It conducts electricity.' },
      { kind: 'wrong', mark: 0, text: 'Copper is cheap and shiny.' },
    ],
  },
  {
    id: 'enzyme-heat',
    part: 'tuning',
    written: '2026-12-07-i',
    topic: 'explanation',
    question: 'Why does an enzyme stop working at a high temperature?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'The high temperature changes the shape of the active site, so the substrate no longer fits and the enzyme is denatured.',
    answers: [
      {
        kind: 'negated',
        text: 'The high temperature changes the shape of the active site, so the substrate still fits and the enzyme is not denatured.',
      },
      {
        kind: 'negated',
        text: 'The temperature leaves an active site that does not change shape, so the substrate no longer fits and the enzyme is denatured.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'The heat changes the shape of the active site, so the substrate, which did fit before, no longer fits, and the enzyme is denatured.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'The active site changes shape at high temperature, so the substrate cannot fit into it any more; the enzyme is denatured, a change that cannot be undone.',
      },
      { kind: 'partial', mark: 1, text: 'It gets denatured.' },
      { kind: 'wrong', mark: 0, text: 'The enzyme gets tired and needs a rest.' },
    ],
  },
  {
    id: 'greenhouse',
    part: 'held-out',
    written: '2026-12-07-i',
    topic: 'explanation',
    question: 'How does carbon dioxide in the atmosphere warm the Earth?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'Carbon dioxide absorbs the infrared radiation given off by the Earth and re-emits it, so less energy escapes into space.',
    answers: [
      {
        kind: 'negated',
        text: 'Carbon dioxide is a gas that does not absorb the infrared radiation given off by the Earth, and re-emits it, so less energy escapes into space.',
      },
      {
        kind: 'negated',
        text: 'Carbon dioxide absorbs the infrared radiation given off by the Earth and re-emits it, so energy that escapes into space is not less.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Carbon dioxide absorbs infrared radiation given off by the warm Earth and re-emits it in all directions, so less energy escapes into space, which would not happen without it.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'The Earth gives off infrared, and carbon dioxide absorbs it and sends it back out, so less of the energy escapes to space.',
      },
      { kind: 'partial', mark: 1, text: 'It traps heat.' },
      {
        kind: 'wrong',
        mark: 0,
        text: 'It makes a hole in the ozone layer that lets more sunlight in.',
      },
    ],
  },
  {
    id: 'stomata-night',
    part: 'tuning',
    written: '2026-12-07-i',
    topic: 'explanation',
    question: 'Why do the stomata of most plants close at night?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'There is no light for photosynthesis at night, so the plant does not need carbon dioxide, and closing the stomata reduces water loss.',
    answers: [
      {
        kind: 'negated',
        text: 'At night there is light for photosynthesis, so the plant does not need carbon dioxide, and closing the stomata reduces water loss.',
      },
      {
        kind: 'negated',
        text: 'There is no light for photosynthesis at night, so the plant does not need carbon dioxide, and closing stomata is a change that does not reduce water loss.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'With no light at night there is no photosynthesis, so the plant does not need carbon dioxide, and closing the stomata cuts down the water it loses.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Photosynthesis cannot happen without light, so carbon dioxide is not needed at night, and shutting the stomata stops water being lost by evaporation.',
      },
      { kind: 'partial', mark: 1, text: 'To stop water loss.' },
      { kind: 'wrong', mark: 0, text: 'Because the plant is asleep.' },
    ],
  },
  {
    id: 'vaccine',
    part: 'held-out',
    written: '2026-12-07-i',
    topic: 'explanation',
    question: 'How does a vaccine protect you from a disease?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'The vaccine contains dead or weakened pathogens, so white blood cells make antibodies and memory cells, and the body responds faster if it meets the live pathogen.',
    answers: [
      {
        kind: 'negated',
        text: 'The vaccine contains dead or weakened pathogens, so white blood cells make antibodies but no memory cells, and the body responds faster if it meets the live pathogen.',
      },
      {
        kind: 'negated',
        text: 'The vaccine contains pathogens that are not dead or weakened, so white blood cells make antibodies and memory cells, and the body responds faster if it meets the live pathogen.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'It has dead or weakened pathogens in it, so your white blood cells make antibodies and memory cells, and if the real pathogen comes the body responds faster, before you get ill.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Weakened pathogens in the vaccine make the white blood cells produce antibodies and memory cells, which do not go away, so the body responds faster to the live pathogen.',
      },
      { kind: 'partial', mark: 1, text: 'It makes antibodies.' },
      { kind: 'wrong', mark: 0, text: 'It kills all the bacteria in your body.' },
    ],
  },
  {
    id: 'insulation-loft',
    part: 'tuning',
    written: '2026-12-07-i',
    topic: 'explanation',
    question: 'How does loft insulation reduce energy loss from a house?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'The insulation traps air, which is a poor conductor, so less energy is transferred by conduction and convection through the roof.',
    answers: [
      {
        kind: 'negated',
        text: 'The insulation traps air, which is not a poor conductor, so less energy is transferred by conduction and convection through the roof.',
      },
      {
        kind: 'negated',
        text: 'The insulation traps air, which is a poor conductor, so energy transferred by conduction and convection through the roof is not less.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'It traps air, which is a poor conductor, so less energy is transferred through the roof by conduction, and the trapped air cannot move, so there is less convection.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'The fibres trap pockets of air, a poor conductor of heat, so less energy escapes through the roof by conduction and convection, which do not stop completely.',
      },
      { kind: 'partial', mark: 1, text: 'It keeps the heat in.' },
      { kind: 'wrong', mark: 0, text: 'It reflects the cold away from the house.' },
    ],
  },
  {
    id: 'magnet-iron',
    part: 'held-out',
    written: '2026-12-07-i',
    topic: 'explanation',
    question: 'Why is an iron nail attracted to a magnet but a copper coin is not?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'Iron is a magnetic material, so it becomes an induced magnet in the magnetic field and is attracted; copper is not a magnetic material.',
    answers: [
      {
        kind: 'negated',
        text: 'Iron is a material that is not magnetic, so it becomes an induced magnet in the magnetic field and is attracted; copper is not a magnetic material.',
      },
      {
        kind: 'negated',
        text: 'Iron is a magnetic material, so it becomes a magnet that is not induced in the magnetic field and is attracted; copper is a magnetic material.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Iron is a magnetic material, so the field makes it an induced magnet and it is attracted, but copper is not magnetic, so nothing happens to the coin.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'The nail is iron, a magnetic material, which becomes an induced magnet near the magnet and is pulled towards it; copper is not a magnetic material, so it does not.',
      },
      { kind: 'partial', mark: 1, text: 'Iron is magnetic.' },
      { kind: 'wrong', mark: 0, text: 'The coin is too heavy to be pulled.' },
    ],
  },
  // Ninth batch of this set ('2026-12-08-a', session 25), written before the change it measures:
  // a rubric clause that says one word twice ("more ... more", "collide more often and more of the
  // collisions"), with one of its comparatives turned round and the other kept ("collide less often
  // and more of the collisions"), beside honest answers in the rubric's words and in their own;
  // split once as the others, in the order written.
  {
    id: 'reaction-temperature',
    part: 'tuning',
    written: '2026-12-08-a',
    topic: 'explanation',
    question: 'Why does a reaction go faster at a higher temperature?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'The particles have more energy and move faster so they collide more often and more of the collisions have enough energy to react.',
    answers: [
      {
        kind: 'opposite',
        text: 'The particles have more energy and move faster so they collide less often and more of the collisions have enough energy to react.',
      },
      {
        kind: 'opposite',
        text: 'The particles have more energy and move faster so they collide more often and fewer of the collisions have enough energy to react.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'At a higher temperature the particles move faster with more energy, so they collide more often and more collisions have the activation energy.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Hotter particles have more kinetic energy, so there are more frequent collisions and a bigger share of them are successful.',
      },
      { kind: 'partial', mark: 1, text: 'The particles move faster.' },
      { kind: 'wrong', mark: 0, text: 'Because heat is a catalyst.' },
    ],
  },
  {
    id: 'marble-powder',
    part: 'held-out',
    written: '2026-12-08-a',
    topic: 'explanation',
    question: 'Why does powdered marble react faster with acid than marble chips do?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'The powder has a larger surface area so more particles are exposed to the acid and there are more collisions each second.',
    answers: [
      {
        kind: 'opposite',
        text: 'The powder has a smaller surface area so more particles are exposed to the acid and there are more collisions each second.',
      },
      {
        kind: 'opposite',
        text: 'The powder has a larger surface area so fewer particles are exposed to the acid and there are more collisions each second.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Powder has a bigger surface area than the chips, so more particles are on the surface for the acid to hit and there are more collisions each second.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Grinding it up exposes more of the particles, so the acid particles collide with them more often and the reaction speeds up.',
      },
      { kind: 'partial', mark: 1, text: 'The surface area is bigger.' },
      { kind: 'wrong', mark: 0, text: 'Powder is lighter so it floats in the acid.' },
    ],
  },
  {
    id: 'exercise-breathing',
    part: 'tuning',
    written: '2026-12-08-a',
    topic: 'explanation',
    question: 'Why do you breathe faster and deeper during exercise?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'The muscles respire more so more carbon dioxide is made and must be removed and more oxygen is needed.',
    answers: [
      {
        kind: 'opposite',
        text: 'The muscles respire more so less carbon dioxide is made and must be removed and more oxygen is needed.',
      },
      {
        kind: 'opposite',
        text: 'The muscles respire less so more carbon dioxide is made and must be removed and more oxygen is needed.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'During exercise the muscles respire more, so they make more carbon dioxide that has to be breathed out, and they need more oxygen.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'The muscle cells use up oxygen faster for respiration and produce extra CO2, which the lungs must get rid of.',
      },
      { kind: 'partial', mark: 1, text: 'To get more oxygen.' },
      { kind: 'wrong', mark: 0, text: 'Because you are tired.' },
    ],
  },
  {
    id: 'thick-wire',
    part: 'held-out',
    written: '2026-12-08-a',
    topic: 'explanation',
    question: 'Why does a thicker wire let a bigger current flow than a thin one?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'A thicker wire has more room for the electrons so more electrons can flow at once and the resistance is lower.',
    answers: [
      {
        kind: 'opposite',
        text: 'A thicker wire has less room for the electrons so more electrons can flow at once and the resistance is lower.',
      },
      {
        kind: 'opposite',
        text: 'A thicker wire has more room for the electrons so fewer electrons can flow at once and the resistance is lower.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'There is more space for the electrons in a thick wire, so more of them can pass at once and its resistance is lower.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'A thick wire has a bigger cross-section, so many electrons can move through it together and it resists the current less.',
      },
      { kind: 'partial', mark: 1, text: 'It is wider.' },
      { kind: 'wrong', mark: 0, text: 'Thick wires are made of a better metal.' },
    ],
  },
  {
    id: 'animal-size',
    part: 'tuning',
    written: '2026-12-08-a',
    topic: 'explanation',
    question: 'Why does a large animal lose heat more slowly for its size than a small animal?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'A large animal has a smaller surface area to volume ratio so less of its body is near the surface and it loses less heat for its size.',
    answers: [
      {
        kind: 'opposite',
        text: 'A large animal has a larger surface area to volume ratio so less of its body is near the surface and it loses less heat for its size.',
      },
      {
        kind: 'opposite',
        text: 'A large animal has a smaller surface area to volume ratio so less of its body is near the surface and it loses more heat for its size.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Its surface area to volume ratio is smaller, so less of its body is close to the skin and it loses less heat for its size.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Big animals have little surface compared with their volume, so relatively little of their heat escapes through the skin.',
      },
      { kind: 'partial', mark: 1, text: 'It has a smaller surface area to volume ratio.' },
      { kind: 'wrong', mark: 0, text: 'Large animals eat more food.' },
    ],
  },
  {
    id: 'parachute',
    part: 'held-out',
    written: '2026-12-08-a',
    topic: 'explanation',
    question: 'Why does a skydiver fall more slowly once the parachute opens?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'The parachute has a larger area so more air hits it and there is more air resistance so the forces balance at a lower speed.',
    answers: [
      {
        kind: 'opposite',
        text: 'The parachute has a larger area so less air hits it and there is more air resistance so the forces balance at a lower speed.',
      },
      {
        kind: 'opposite',
        text: 'The parachute has a larger area so more air hits it and there is less air resistance so the forces balance at a lower speed.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'The open parachute has a much larger area, so more air hits it and the air resistance is greater, and the forces balance at a lower speed.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'A big canopy means far more drag, so the drag matches the weight when the skydiver is going slower.',
      },
      { kind: 'partial', mark: 1, text: 'There is more air resistance.' },
      { kind: 'wrong', mark: 0, text: 'The parachute makes the skydiver lighter.' },
    ],
  },
  {
    id: 'acid-concentration',
    part: 'tuning',
    written: '2026-12-08-a',
    topic: 'explanation',
    question: 'Why does a more concentrated acid react faster with magnesium?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'There are more acid particles in the same volume so they collide more often with the magnesium and the reaction is faster.',
    answers: [
      {
        kind: 'opposite',
        text: 'There are fewer acid particles in the same volume so they collide more often with the magnesium and the reaction is faster.',
      },
      {
        kind: 'opposite',
        text: 'There are more acid particles in the same volume so they collide less often with the magnesium and the reaction is faster.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'A more concentrated acid has more particles in the same volume, so they collide with the magnesium more often and it reacts faster.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'With the particles packed closer together, collisions with the metal happen more frequently.',
      },
      { kind: 'partial', mark: 1, text: 'There are more particles.' },
      { kind: 'wrong', mark: 0, text: 'Stronger acid is hotter.' },
    ],
  },
  {
    id: 'greenhouse-growth',
    part: 'held-out',
    written: '2026-12-08-a',
    topic: 'explanation',
    question: 'Why do tomato plants grow faster in a heated greenhouse?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'It is warmer and there is more carbon dioxide so photosynthesis happens faster and the plant makes more glucose.',
    answers: [
      {
        kind: 'opposite',
        text: 'It is warmer and there is less carbon dioxide so photosynthesis happens faster and the plant makes more glucose.',
      },
      {
        kind: 'opposite',
        text: 'It is warmer and there is more carbon dioxide so photosynthesis happens faster and the plant makes less glucose.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'The air inside is warmer and can be given more carbon dioxide, so the plants photosynthesise faster and make more glucose for growth.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Higher temperatures and extra CO2 speed up photosynthesis, so the plants produce more sugar to grow with.',
      },
      { kind: 'partial', mark: 1, text: 'It is warmer.' },
      { kind: 'wrong', mark: 0, text: 'The glass keeps the insects out.' },
    ],
  },
  // Tenth batch of this set ('2026-12-08-b', session 25), written before the change it measures:
  // a rubric whose key point is itself negative ("there is no light", "it does not conduct heat"),
  // said without its negation ("there is light at night"), or another point of it negated, beside
  // honest answers that say the negative point with other words ("without light", "unable to",
  // "hardly any"); split once as the others, in the order written.
  {
    id: 'night-photosynthesis',
    part: 'tuning',
    written: '2026-12-08-b',
    topic: 'explanation',
    question: "Why does a plant's rate of photosynthesis fall to zero at night?",
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'There is no light at night, so the plant cannot make glucose by photosynthesis.',
    answers: [
      {
        kind: 'opposite',
        text: 'There is light at night, so the plant cannot make glucose by photosynthesis.',
      },
      {
        kind: 'opposite',
        text: 'There is no light at night, so the plant can make glucose by photosynthesis.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'At night it is dark, so there is no light energy for photosynthesis and no glucose is made.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Without light the plant is unable to photosynthesise, so it makes no glucose and the rate drops to nothing.',
      },
      { kind: 'partial', mark: 1, text: 'It is dark.' },
      { kind: 'wrong', mark: 0, text: 'The plant is asleep.' },
    ],
  },
  {
    id: 'moon-radio',
    part: 'held-out',
    written: '2026-12-08-b',
    topic: 'explanation',
    question: 'Why do astronauts on the Moon use radios to talk to each other?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'Sound needs particles to travel through, and there is no air on the Moon, so sound cannot travel between them.',
    answers: [
      {
        kind: 'opposite',
        text: 'Sound needs particles to travel through, and there is air on the Moon, so sound cannot travel between them.',
      },
      {
        kind: 'negated',
        text: 'Sound does not need particles to travel through, and there is no air on the Moon, so sound cannot travel between them.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'There is no air on the Moon, and sound needs a medium such as air to travel through, so they could not hear each other.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Sound is a vibration of particles and the Moon has a vacuum with no particles, so sound cannot pass from one astronaut to the other.',
      },
      { kind: 'partial', mark: 1, text: 'There is no air.' },
      { kind: 'wrong', mark: 0, text: 'Because the Moon is too far away.' },
    ],
  },
  {
    id: 'pan-handle',
    part: 'tuning',
    written: '2026-12-08-b',
    topic: 'explanation',
    question: 'Why is the handle of a metal saucepan made of plastic?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'Plastic is an insulator, so it does not conduct heat to your hand, and you do not get burnt.',
    answers: [
      {
        kind: 'opposite',
        text: 'Plastic is an insulator, so it conducts heat to your hand, and you do not get burnt.',
      },
      {
        kind: 'opposite',
        text: 'Plastic is an insulator, so it does not conduct heat to your hand, and you get burnt.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Plastic is a poor conductor, so heat does not travel through it to your hand and you will not burn yourself.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Plastic is a thermal insulator, which stops the heat reaching your hand, so it is safe to hold without burning.',
      },
      { kind: 'partial', mark: 1, text: 'Plastic is an insulator.' },
      { kind: 'wrong', mark: 0, text: 'Plastic is cheaper than metal.' },
    ],
  },
  {
    id: 'vaccine',
    part: 'held-out',
    written: '2026-12-08-b',
    topic: 'explanation',
    question: 'Why is a vaccine given before a person meets a disease?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'The vaccine makes the body produce antibodies and memory cells, so the person does not become ill when the real pathogen enters.',
    answers: [
      {
        kind: 'opposite',
        text: 'The vaccine makes the body produce antibodies and memory cells, so the person becomes ill when the real pathogen enters.',
      },
      {
        kind: 'negated',
        text: 'The vaccine does not make the body produce antibodies and memory cells, so the person does not become ill when the real pathogen enters.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'It makes the immune system produce antibodies and memory cells, so if the real pathogen gets in later, you will not get ill.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Memory cells made after the vaccine respond quickly to the real pathogen, so the person never develops the disease.',
      },
      { kind: 'partial', mark: 1, text: 'To make antibodies.' },
      { kind: 'wrong', mark: 0, text: 'To kill the pathogen that is already in the body.' },
    ],
  },
  {
    id: 'series-bulbs',
    part: 'tuning',
    written: '2026-12-08-b',
    topic: 'explanation',
    question: 'In a series circuit of two bulbs, why does one bulb go out when the other breaks?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'The broken bulb makes a gap in the circuit, so no current flows through the other bulb.',
    answers: [
      {
        kind: 'opposite',
        text: 'The broken bulb makes a gap in the circuit, so current flows through the other bulb.',
      },
      {
        kind: 'negated',
        text: 'The broken bulb does not make a gap in the circuit, so no current flows through the other bulb.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'There is only one path, and the broken bulb makes a gap in it, so there is no current anywhere in the circuit.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'The circuit is no longer complete, so charge cannot flow through the other bulb.',
      },
      { kind: 'partial', mark: 1, text: 'The circuit is broken.' },
      { kind: 'wrong', mark: 0, text: 'The other bulb runs out of energy.' },
    ],
  },
  {
    id: 'cactus',
    part: 'held-out',
    written: '2026-12-08-b',
    topic: 'explanation',
    question: 'How can a cactus survive long dry periods in the desert?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'Its leaves are spines, so it does not lose much water by transpiration, and it stores water in its thick stem.',
    answers: [
      {
        kind: 'opposite',
        text: 'Its leaves are spines, so it loses much water by transpiration, and it stores water in its thick stem.',
      },
      {
        kind: 'negated',
        text: 'Its leaves are not spines, so it does not lose much water by transpiration, and it stores water in its thick stem.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Spines instead of leaves mean very little water is lost by transpiration, and the thick stem stores water.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'The cactus has no broad leaves, so hardly any water evaporates from it, and its fleshy stem keeps a store of water.',
      },
      { kind: 'partial', mark: 1, text: 'It stores water.' },
      { kind: 'wrong', mark: 0, text: 'It grows faster in the heat.' },
    ],
  },
  {
    id: 'crushed-can',
    part: 'tuning',
    written: '2026-12-08-b',
    topic: 'explanation',
    question: 'Why is a metal can crushed when the air inside it is pumped out?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'There is no air pressure inside the can, so the air pressure outside is not balanced and pushes the can in.',
    answers: [
      {
        kind: 'opposite',
        text: 'There is air pressure inside the can, so the air pressure outside is not balanced and pushes the can in.',
      },
      {
        kind: 'opposite',
        text: 'There is no air pressure inside the can, so the air pressure outside is balanced and pushes the can in.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'With the air removed there is nothing pushing outwards from inside, so the air pressure outside is unbalanced and crushes it.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'No air is left inside to push back, so the pressure of the atmosphere outside is not balanced and squashes the can.',
      },
      { kind: 'partial', mark: 1, text: 'The air outside pushes on it.' },
      { kind: 'wrong', mark: 0, text: 'The can gets cold and shrinks.' },
    ],
  },
  {
    id: 'steel-ship',
    part: 'held-out',
    written: '2026-12-08-b',
    topic: 'explanation',
    question: 'Why does a ship made of steel float?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'The hull holds a lot of air, so the average density of the ship is not more than the density of water, and the upthrust balances its weight.',
    answers: [
      {
        kind: 'opposite',
        text: 'The hull holds a lot of air, so the average density of the ship is more than the density of water, and the upthrust balances its weight.',
      },
      {
        kind: 'negated',
        text: 'The hull does not hold a lot of air, so the average density of the ship is not more than the density of water, and the upthrust balances its weight.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Its hollow hull is full of air, so on average the ship is less dense than water, and the upthrust equals its weight.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Because of all the air inside, the ship is not denser than water overall, so the water pushes up with a force that balances its weight.',
      },
      { kind: 'partial', mark: 1, text: 'It has air inside.' },
      { kind: 'wrong', mark: 0, text: 'Steel is lighter than water.' },
    ],
  },
  // Eleventh batch of this set ('2026-12-08-c', session 25), written before the change it measures,
  // after a first reading of negative points affirmed cost three honest held-out answers their full
  // marks: negative key points said without their negation, beside honest answers that say them
  // in positive words of their own ("keeps the heat in", "cuts off the current", "stays cool");
  // split once as the others, in the order written.
  {
    id: 'vacuum-flask',
    part: 'tuning',
    written: '2026-12-08-c',
    topic: 'explanation',
    question: 'Why does a vacuum flask keep a drink hot?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'The vacuum between the walls has no particles, so heat cannot be transferred by conduction or convection across it.',
    answers: [
      {
        kind: 'opposite',
        text: 'The vacuum between the walls has particles, so heat cannot be transferred by conduction or convection across it.',
      },
      {
        kind: 'opposite',
        text: 'The vacuum between the walls has no particles, so heat can be transferred by conduction or convection across it.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'There are no particles in the vacuum, so conduction and convection cannot carry heat across the gap.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'The gap between the walls is empty of particles, which keeps heat from crossing it by conduction or convection.',
      },
      { kind: 'partial', mark: 1, text: 'It has a vacuum.' },
      { kind: 'wrong', mark: 0, text: 'The lid is screwed on tightly.' },
    ],
  },
  {
    id: 'diode',
    part: 'held-out',
    written: '2026-12-08-c',
    topic: 'explanation',
    question: 'Why is a diode used to protect a circuit from a battery put in backwards?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'A diode lets current flow in one direction only, so no current flows when the battery is put in backwards.',
    answers: [
      {
        kind: 'opposite',
        text: 'A diode lets current flow in one direction only, so current flows when the battery is put in backwards.',
      },
      {
        kind: 'opposite',
        text: 'A diode lets current flow in both directions, so no current flows when the battery is put in backwards.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Current can only pass through a diode one way, so with the battery reversed there is no current and nothing is damaged.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'The diode conducts in one direction only, so turning the battery round cuts off the current.',
      },
      { kind: 'partial', mark: 1, text: 'It only lets current go one way.' },
      { kind: 'wrong', mark: 0, text: 'It makes the battery last longer.' },
    ],
  },
  {
    id: 'arctic-fur',
    part: 'tuning',
    written: '2026-12-08-c',
    topic: 'explanation',
    question: 'Why do mammals in the Arctic have thick fur?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'The fur traps a layer of air, which is a poor conductor, so the animal does not lose much heat to the cold surroundings.',
    answers: [
      {
        kind: 'opposite',
        text: 'The fur traps a layer of air, which is a poor conductor, so the animal loses much heat to the cold surroundings.',
      },
      {
        kind: 'negated',
        text: 'The fur does not trap a layer of air, which is a poor conductor, so the animal does not lose much heat to the cold surroundings.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Thick fur traps air, a poor conductor of heat, so little heat is lost from the body to the cold surroundings.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Air trapped in the fur is a poor conductor, so it keeps the heat in the animal and it stays warm in the cold.',
      },
      { kind: 'partial', mark: 1, text: 'It keeps them warm.' },
      { kind: 'wrong', mark: 0, text: 'It makes them look bigger to predators.' },
    ],
  },
  {
    id: 'helium-balloon',
    part: 'held-out',
    written: '2026-12-08-c',
    topic: 'explanation',
    question: 'Why does a helium balloon rise when it is let go?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'Helium is less dense than air, so the upthrust on the balloon is more than its weight and the forces are not balanced.',
    answers: [
      {
        kind: 'opposite',
        text: 'Helium is less dense than air, so the upthrust on the balloon is more than its weight and the forces are balanced.',
      },
      {
        kind: 'opposite',
        text: 'Helium is more dense than air, so the upthrust on the balloon is more than its weight and the forces are not balanced.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'The balloon is less dense than the air around it, so the upthrust is bigger than its weight and there is a resultant force upwards.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Helium is lighter than the same volume of air, so the upward force beats the weight and the forces are unbalanced.',
      },
      { kind: 'partial', mark: 1, text: 'Helium is lighter than air.' },
      { kind: 'wrong', mark: 0, text: 'The wind carries it up.' },
    ],
  },
  {
    id: 'bell-jar',
    part: 'tuning',
    written: '2026-12-08-c',
    topic: 'explanation',
    question: 'A bell rings inside a glass jar. Why does it go quiet as the air is pumped out?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'Sound needs a medium, and with no air in the jar there are no particles to carry the vibrations to your ear.',
    answers: [
      {
        kind: 'opposite',
        text: 'Sound needs a medium, and with no air in the jar there are particles to carry the vibrations to your ear.',
      },
      {
        kind: 'negated',
        text: 'Sound does not need a medium, and with no air in the jar there are no particles to carry the vibrations to your ear.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Sound travels as vibrations of particles, and once the air is removed there is nothing to carry the vibrations to your ear.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Sound needs a medium, and the jar becomes a vacuum, so the vibrations of the bell stay inside and cannot reach you.',
      },
      { kind: 'partial', mark: 1, text: 'The air is gone.' },
      { kind: 'wrong', mark: 0, text: 'The bell stops moving.' },
    ],
  },
  {
    id: 'plug-fuse',
    part: 'held-out',
    written: '2026-12-08-c',
    topic: 'explanation',
    question: 'Why is a fuse put in the live wire of a plug?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'If too much current flows, the fuse melts and breaks the circuit, so no current flows into the appliance.',
    answers: [
      {
        kind: 'opposite',
        text: 'If too much current flows, the fuse melts and breaks the circuit, so current flows into the appliance.',
      },
      {
        kind: 'negated',
        text: 'If too much current flows, the fuse does not melt and breaks the circuit, so no current flows into the appliance.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'A large current melts the thin wire in the fuse, which breaks the circuit and cuts off the current to the appliance.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'When the current is too high the fuse wire melts, the circuit is broken, and the appliance is isolated from the mains.',
      },
      { kind: 'partial', mark: 1, text: 'It protects the appliance.' },
      { kind: 'wrong', mark: 0, text: 'It makes the plug heavier.' },
    ],
  },
  {
    id: 'wilting',
    part: 'tuning',
    written: '2026-12-08-c',
    topic: 'explanation',
    question: 'Why does a plant wilt when the soil is dry?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'The roots cannot take in enough water, so the cells lose water and are no longer firm, and the plant droops.',
    answers: [
      {
        kind: 'opposite',
        text: 'The roots can take in enough water, so the cells lose water and are no longer firm, and the plant droops.',
      },
      {
        kind: 'opposite',
        text: 'The roots cannot take in enough water, so the cells lose water and are firm, and the plant droops.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Without enough water from the soil the cells lose water, become soft instead of firm, and the plant droops.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Too little water gets into the roots, so the cells lose water, go limp and the plant droops.',
      },
      { kind: 'partial', mark: 1, text: 'It needs water.' },
      { kind: 'wrong', mark: 0, text: 'The sun is too bright.' },
    ],
  },
  {
    id: 'ice-walking',
    part: 'held-out',
    written: '2026-12-08-c',
    topic: 'explanation',
    question: 'Why is it hard to walk on ice?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'There is very little friction between your shoes and the ice, so your feet cannot grip and they slide.',
    answers: [
      {
        kind: 'opposite',
        text: 'There is very little friction between your shoes and the ice, so your feet can grip and they slide.',
      },
      {
        kind: 'opposite',
        text: 'There is a lot of friction between your shoes and the ice, so your feet cannot grip and they slide.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Ice is smooth, so the friction between your shoes and the ice is low and your feet slip instead of gripping.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'There is hardly any friction on ice, so your feet are unable to grip it and they slide.',
      },
      { kind: 'partial', mark: 1, text: 'Ice is slippery.' },
      { kind: 'wrong', mark: 0, text: 'Ice is cold.' },
    ],
  },
  // Twelfth batch of this set ('2026-12-08-d', session 25), written before the change it measures:
  // a negative point of one or two words ("so it does not crack", "they are not hurt") said without
  // its negation ("so it cracks"), beside honest answers that say it in other words, or as what
  // would happen otherwise ("without the gaps they would crack"); split once as the others.
  {
    id: 'concrete-path',
    part: 'tuning',
    written: '2026-12-08-d',
    topic: 'explanation',
    question: 'Why are gaps left between the slabs of a concrete path?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'The concrete expands in hot weather, and the gaps give it room so it does not crack.',
    answers: [
      {
        kind: 'opposite',
        text: 'The concrete expands in hot weather, and the gaps give it room so it cracks.',
      },
      {
        kind: 'opposite',
        text: 'The concrete expands in hot weather, and the gaps make it crack.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'In hot weather the slabs expand, and the gaps give them room so they do not crack.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'The slabs get bigger when they heat up; without the gaps they would push on each other and crack.',
      },
      { kind: 'partial', mark: 1, text: 'The concrete expands.' },
      { kind: 'wrong', mark: 0, text: 'To let the rain drain away.' },
    ],
  },
  {
    id: 'bike-chain',
    part: 'held-out',
    written: '2026-12-08-d',
    topic: 'explanation',
    question: 'Why is a bicycle chain oiled?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'The oil reduces friction between the moving parts, so the chain does not wear out quickly.',
    answers: [
      {
        kind: 'opposite',
        text: 'The oil reduces friction between the moving parts, so the chain wears out quickly.',
      },
      {
        kind: 'opposite',
        text: 'The oil increases friction between the moving parts, so the chain does not wear out quickly.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Oil lowers the friction between the links and the cogs, so they do not wear away as fast.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'With less friction the parts would not wear down so quickly, and pedalling takes less energy.',
      },
      { kind: 'partial', mark: 1, text: 'It makes it smoother.' },
      { kind: 'wrong', mark: 0, text: 'To make it shiny.' },
    ],
  },
  {
    id: 'crumple-zone',
    part: 'tuning',
    written: '2026-12-08-d',
    topic: 'explanation',
    question: "Why is a car's crumple zone designed to fold up in a crash?",
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'It makes the collision last longer, so the force on the passengers is smaller and they are not hurt.',
    answers: [
      {
        kind: 'opposite',
        text: 'It makes the collision last longer, so the force on the passengers is smaller and they are hurt.',
      },
      {
        kind: 'opposite',
        text: 'It makes the collision last longer, so the force on the passengers is bigger and they are not hurt.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'The car takes longer to stop, which reduces the force on the people inside, so they are less likely to be hurt.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'By crumpling, the car makes the impact last longer, so the passengers feel a smaller force and are not hurt as much.',
      },
      { kind: 'partial', mark: 1, text: 'It absorbs the crash.' },
      { kind: 'wrong', mark: 0, text: 'It makes the car lighter.' },
    ],
  },
  {
    id: 'wire-coating',
    part: 'held-out',
    written: '2026-12-08-d',
    topic: 'explanation',
    question: 'Why are electrical wires coated in plastic?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'Plastic is an electrical insulator, so current cannot pass into a person who touches the wire and they are not shocked.',
    answers: [
      {
        kind: 'opposite',
        text: 'Plastic is an electrical insulator, so current cannot pass into a person who touches the wire and they are shocked.',
      },
      {
        kind: 'opposite',
        text: 'Plastic is an electrical conductor, so current cannot pass into a person who touches the wire and they are not shocked.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'The plastic does not conduct electricity, so if you touch the wire you will not get an electric shock.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Plastic insulates the wire, so the current stays in the copper and anyone touching it is safe.',
      },
      { kind: 'partial', mark: 1, text: 'For safety.' },
      { kind: 'wrong', mark: 0, text: 'To make the wires bendy.' },
    ],
  },
  {
    id: 'fridge-food',
    part: 'tuning',
    written: '2026-12-08-d',
    topic: 'explanation',
    question: 'Why is food kept in a fridge?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'The low temperature slows the growth of bacteria, so the food does not go off as quickly.',
    answers: [
      {
        kind: 'opposite',
        text: 'The low temperature slows the growth of bacteria, so the food goes off as quickly.',
      },
      {
        kind: 'opposite',
        text: 'The low temperature speeds up the growth of bacteria, so the food does not go off as quickly.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Bacteria grow more slowly in the cold, so the food stays fresh for longer.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Microbes reproduce slowly at a low temperature, which means the food would not go off as fast.',
      },
      { kind: 'partial', mark: 1, text: 'It keeps it cold.' },
      { kind: 'wrong', mark: 0, text: 'To keep the flies off it.' },
    ],
  },
  {
    id: 'road-salt',
    part: 'held-out',
    written: '2026-12-08-d',
    topic: 'explanation',
    question: 'Why is salt spread on roads in winter?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'Salt lowers the freezing point of water, so the water on the road does not freeze.',
    answers: [
      {
        kind: 'opposite',
        text: 'Salt lowers the freezing point of water, so the water on the road freezes.',
      },
      {
        kind: 'opposite',
        text: 'Salt raises the freezing point of water, so the water on the road does not freeze.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Salty water freezes at a lower temperature, so the road stays free of ice.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'The salt dissolves in the water and lowers its freezing point, so the water does not turn to ice.',
      },
      { kind: 'partial', mark: 1, text: 'It melts the ice.' },
      { kind: 'wrong', mark: 0, text: 'It makes the road rough for the tyres.' },
    ],
  },
  {
    id: 'desert-night',
    part: 'tuning',
    written: '2026-12-08-d',
    topic: 'explanation',
    question: 'Why do deserts get very cold at night?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'There are no clouds over the desert, so heat is radiated away into space and is not trapped.',
    answers: [
      {
        kind: 'opposite',
        text: 'There are no clouds over the desert, so heat is radiated away into space and is trapped.',
      },
      {
        kind: 'opposite',
        text: 'There are clouds over the desert, so heat is radiated away into space and is not trapped.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'The sky is clear, so the heat radiates out into space with no clouds to trap it.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'Without cloud cover the ground loses its heat by radiation, and nothing holds it in.',
      },
      { kind: 'partial', mark: 1, text: 'There are no clouds.' },
      { kind: 'wrong', mark: 0, text: 'The sand is cold.' },
    ],
  },
  {
    id: 'altitude-breath',
    part: 'held-out',
    written: '2026-12-08-d',
    topic: 'explanation',
    question: 'Why is a mountain climber short of breath at high altitude?',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '2-2',
    low: 'Answers that name the topic without the reason.',
    high: 'The air is thinner, so each breath holds less oxygen and the blood is not fully supplied with oxygen.',
    answers: [
      {
        kind: 'opposite',
        text: 'The air is thinner, so each breath holds less oxygen and the blood is fully supplied with oxygen.',
      },
      {
        kind: 'opposite',
        text: 'The air is thicker, so each breath holds less oxygen and the blood is not fully supplied with oxygen.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'The air at altitude is thinner, so there is less oxygen in each breath and the blood does not get enough.',
      },
      {
        kind: 'full',
        mark: 2,
        text: 'There are fewer oxygen molecules in each lungful, so the blood cannot pick up as much oxygen as the body needs.',
      },
      { kind: 'partial', mark: 1, text: 'There is less air.' },
      { kind: 'wrong', mark: 0, text: 'It is colder up there.' },
    ],
  },
];

/**
 * The xylem case's answer with a word of its key point exchanged for one that is no paraphrase
 * ("sugar" for "water"), and one with a paraphrase ("moves" for "transports"), as the marker reads
 * them.
 */
export function xylemExchange(): { exchanged: TMarkingInput; paraphrased: TMarkingInput } {
  const xylem = GAMING_QUESTIONS.find((q) => q.id === 'xylem');
  if (!xylem) throw new Error('the xylem case is missing');
  return {
    exchanged: inputOfCase(
      xylem,
      'The xylem transports sugar and mineral ions up from the roots to the leaves.',
    ),
    paraphrased: inputOfCase(
      xylem,
      'The xylem moves water and mineral ions up from the roots to the leaves.',
    ),
  };
}

/**
 * The demo classes' questions, with rubrics in the product's two-band format, and answers of varied
 * quality written for them, so the seeded marks are earned by the marker rather than made up.
 */

export type TDemoAnswerQuality = 'strong' | 'partial' | 'weak';

export type TDemoQuestion = {
  question: string;
  marks: number;
  lowMarkRange: string;
  highMarkRange: string;
  rubric: string;
  answers: Record<TDemoAnswerQuality, string>;
};

const rubric = (low: string, lowText: string, high: string, highText: string) =>
  `Low Mark Range (${low}):\n${lowText}\n\nHigh Mark Range (${high}):\n${highText}`;

/** Year 9 Physics: the first teacher's class. */
const PHYSICS: readonly TDemoQuestion[] = [
  {
    question: 'A car travels 300 m in 20 s. Calculate its average speed and give the unit.',
    marks: 3,
    lowMarkRange: '0-0',
    highMarkRange: '2-3',
    rubric: rubric(
      '0-0',
      'No correct equation and no correct value.',
      '2-3',
      'Uses speed = distance / time, substitutes 300 / 20 and gives 15 m/s with the unit.',
    ),
    answers: {
      strong: 'speed = distance / time = 300 m / 20 s = 15 m/s',
      partial: 'speed = distance / time so 300 / 20 = 15',
      weak: 'The car is fast because it goes 300 m.',
    },
  },
  {
    question: 'Explain why an astronaut has the same mass on the Moon but a smaller weight.',
    marks: 3,
    lowMarkRange: '0-0',
    highMarkRange: '2-3',
    rubric: rubric(
      '0-0',
      'Confuses mass and weight, or gives no reason.',
      '2-3',
      'Mass is the amount of matter and does not change with place; weight is the force of gravity on that mass (W = m × g), and the gravitational field strength on the Moon is smaller than on Earth, so the weight is smaller.',
    ),
    answers: {
      strong:
        'Mass is the amount of matter in the astronaut so it stays the same anywhere. Weight is the force of gravity on the mass, W = m x g, and the gravitational field strength on the Moon is about 1.6 N/kg instead of 9.8 N/kg, so the weight is smaller.',
      partial:
        'Mass stays the same on the Moon. The weight is less because gravity on the Moon is weaker.',
      weak: 'On the Moon you float so you weigh nothing.',
    },
  },
  {
    question: 'Describe the energy transfers when a ball is dropped from a height and bounces.',
    marks: 4,
    lowMarkRange: '0-1',
    highMarkRange: '3-4',
    rubric: rubric(
      '0-1',
      'Names one store of energy without describing a transfer.',
      '3-4',
      'Gravitational potential energy is transferred to kinetic energy as the ball falls; on impact some energy is stored as elastic potential energy and some is dissipated as heat and sound, so the ball bounces to a lower height.',
    ),
    answers: {
      strong:
        'As the ball falls its gravitational potential energy is transferred to kinetic energy. When it hits the ground the kinetic energy goes into the elastic potential energy store as the ball squashes, then back to kinetic energy. Some energy is dissipated as heat and sound, so it bounces lower each time.',
      partial:
        'The ball has potential energy at the top which turns into kinetic energy when it falls. Some is lost as sound when it bounces.',
      weak: 'The ball gets energy when it falls and then it bounces up.',
    },
  },
  {
    question:
      'A 6 V battery is connected across a 12 Ω resistor. Calculate the current and show your working.',
    marks: 3,
    lowMarkRange: '0-0',
    highMarkRange: '2-3',
    rubric: rubric(
      '0-0',
      'No correct equation and no correct value.',
      '2-3',
      'Uses V = I × R rearranged to I = V / R, substitutes 6 / 12 and gives 0.5 A with the unit.',
    ),
    answers: {
      strong: 'Using V = I × R, rearranged to I = V / R, the current I = 6 / 12 = 0.5 A.',
      partial: 'The current is found with I = V / R. I = 6 / 12 = 0.5',
      weak: 'current = 6 x 12 = 72',
    },
  },
];

/** Year 10 Chemistry: the second teacher's class. */
const CHEMISTRY: readonly TDemoQuestion[] = [
  {
    question:
      'Describe what you would see when magnesium ribbon burns in air, and name the product.',
    marks: 3,
    lowMarkRange: '0-0',
    highMarkRange: '2-3',
    rubric: rubric(
      '0-0',
      'No correct observation and no product named.',
      '2-3',
      'A very bright white flame (light), a white powder or ash forms, and the product is magnesium oxide.',
    ),
    answers: {
      strong:
        'It burns with a very bright white light and leaves a white powder. The product is magnesium oxide.',
      partial: 'It burns with a bright flame and makes magnesium oxide.',
      weak: 'It goes on fire and turns black.',
    },
  },
  {
    question: 'Explain why sodium chloride has a high melting point.',
    marks: 4,
    lowMarkRange: '0-1',
    highMarkRange: '3-4',
    rubric: rubric(
      '0-1',
      'Says the bonds are strong without naming the structure or the forces.',
      '3-4',
      'Sodium chloride is a giant ionic lattice; there are strong electrostatic forces of attraction between the oppositely charged sodium and chloride ions in all directions; a lot of energy is needed to overcome them.',
    ),
    answers: {
      strong:
        'Sodium chloride has a giant ionic lattice structure. There are strong electrostatic forces of attraction between the positive sodium ions and the negative chloride ions, acting in all directions, so a lot of energy is needed to overcome them and melt it.',
      partial:
        'It is ionic and the ions are held together by strong bonds which need a lot of energy to break.',
      weak: 'Because salt is hard.',
    },
  },
  {
    question: 'Balance the equation H2 + O2 → H2O and say what the numbers in front mean.',
    marks: 2,
    lowMarkRange: '0-1',
    highMarkRange: '2-2',
    rubric: rubric(
      '0-1',
      'An unbalanced equation, or a balanced one with no meaning given.',
      '2-2',
      '2H2 + O2 → 2H2O; the numbers give the ratio of molecules (moles) that react and form.',
    ),
    answers: {
      strong:
        '2H2 + O2 → 2H2O. The big numbers show how many molecules of each react, so two hydrogen molecules react with one oxygen molecule to make two water molecules.',
      partial: '2H2 + O2 → 2H2O',
      weak: 'H2 + O2 → H2O2',
    },
  },
  {
    question: 'Describe the test for carbon dioxide and its positive result.',
    marks: 2,
    lowMarkRange: '0-1',
    highMarkRange: '2-2',
    rubric: rubric(
      '0-1',
      'Names limewater without the result, or describes another gas test.',
      '2-2',
      'Bubble the gas through limewater; carbon dioxide turns the limewater milky (cloudy).',
    ),
    answers: {
      strong:
        'Bubble the gas through limewater. If it is carbon dioxide the limewater turns milky.',
      partial: 'Use limewater.',
      weak: 'Put a lit splint in and it goes pop.',
    },
  },
];

/** Questions of the demo school's two classes, in class order. */
export const DEMO_CLASS_QUESTIONS: readonly (readonly TDemoQuestion[])[] = [PHYSICS, CHEMISTRY];

/**
 * A line one demo student adds to an answer: the moderation check flags it (bullying), so the
 * teacher's flagged-submission view has something true to show.
 */
export const FLAGGED_ANSWER_SUFFIX = " This is easy, if you got it wrong you're so stupid.";

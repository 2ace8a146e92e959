/**
 * Teacher-style questions and answers for `bench:feedback-claims`, written by hand before the
 * feedback's claims were changed (issue 27). Each answer lists the points it does NOT make (left out,
 * said only in negation, or near another point): `absent` holds words that name each such point,
 * and a feedback sentence that credits the answer ("It correctly states …", "It mentions …", "It
 * points out …", "It correctly names …") with one of them makes a false claim.
 *
 * `split` keeps half the questions out of any tuning: the figure reported is the held-out one.
 * `held-out-2` was written after the first version of the change (its baseline measured on the
 * code before the change) and its answers' feedback was never read one by one: the held-out part
 * whose failures were seen while the change was made is reported, but this one is the clean figure.
 */

export type TClaimCase = {
  answer: string;
  /** Words of points the answer does not make; none may appear in a sentence that credits it. */
  absent: string[];
  /** What the case tests, for the report. */
  kind: 'omits' | 'negates' | 'near another point' | 'full';
};

export type TClaimQuestion = {
  split: 'tuning' | 'held-out' | 'held-out-2';
  question: string;
  marks: number;
  lowMarkRange: string;
  highMarkRange: string;
  rubric: string;
  answers: TClaimCase[];
};

const rubricOf = (low: string, lowRange: string, high: string, highRange: string) =>
  `Low Mark Range (${lowRange}):\n${low}\n\nHigh Mark Range (${highRange}):\n${high}`;

export const CLAIM_QUESTIONS: TClaimQuestion[] = [
  {
    split: 'tuning',
    question: 'Explain why a potato cell placed in pure water gains mass.',
    marks: 4,
    lowMarkRange: '0-1',
    highMarkRange: '3-4',
    rubric: rubricOf(
      'Answers that do not mention water moving into the cell.',
      '0-1',
      'Explains that water moves into the cell by osmosis, across a partially permeable membrane, from a dilute solution to the more concentrated cell sap.',
      '3-4',
    ),
    answers: [
      {
        kind: 'omits',
        answer: 'Water goes into the potato cell by osmosis so it gets heavier.',
        absent: ['permeable', 'membrane', 'concentrated', 'dilute'],
      },
      {
        kind: 'negates',
        answer:
          'The cell wall is not a partially permeable membrane, so the water just soaks in and makes it heavier.',
        absent: ['permeable', 'membrane', 'osmosis', 'concentrated', 'dilute'],
      },
      {
        kind: 'omits',
        answer: 'The potato gets bigger because it is in water.',
        absent: ['permeable', 'membrane', 'osmosis', 'concentrated', 'dilute'],
      },
      {
        kind: 'near another point',
        answer: 'The cell sap is more concentrated than the water outside the cell.',
        absent: ['permeable', 'membrane', 'osmosis'],
      },
      {
        kind: 'full',
        answer:
          'Water moves into the cell by osmosis through the partially permeable membrane, because the cell sap is more concentrated than the dilute water outside.',
        absent: [],
      },
    ],
  },
  {
    split: 'held-out',
    question: 'Explain how the lungs are adapted for efficient gas exchange.',
    marks: 4,
    lowMarkRange: '0-1',
    highMarkRange: '3-4',
    rubric: rubricOf(
      'Answers that name no feature of the alveoli.',
      '0-1',
      'Explains that many alveoli give a large surface area, the alveolar walls are one cell thick for a short diffusion distance, and a rich blood supply (capillaries) keeps a steep concentration gradient.',
      '3-4',
    ),
    answers: [
      {
        kind: 'omits',
        answer: 'There are millions of alveoli which give a large surface area for gases.',
        absent: ['thick', 'diffusion distance', 'blood', 'capillar', 'gradient'],
      },
      {
        kind: 'negates',
        answer:
          'The alveoli do not have a large surface area and their walls are not thin, but the blood takes the oxygen.',
        absent: ['surface area', 'thick', 'diffusion distance', 'gradient'],
      },
      {
        kind: 'near another point',
        answer: 'Oxygen diffuses into the blood from the air in the lungs.',
        absent: ['surface area', 'thick', 'short', 'capillar', 'gradient'],
      },
      {
        kind: 'omits',
        answer: 'The lungs are big and we breathe in and out a lot.',
        absent: ['surface area', 'thick', 'diffusion', 'capillar', 'gradient', 'alveol'],
      },
      {
        kind: 'full',
        answer:
          'Lots of alveoli give a large surface area, their walls are only one cell thick so the diffusion distance is short, and many capillaries carry the blood away keeping a steep concentration gradient.',
        absent: [],
      },
    ],
  },
  {
    split: 'tuning',
    question: 'Explain why metals are good conductors of electricity.',
    marks: 3,
    lowMarkRange: '0-0',
    highMarkRange: '2-3',
    rubric: rubricOf(
      'Answers that do not mention electrons.',
      '0-0',
      'Explains that metals contain delocalised electrons which are free to move through the structure and carry charge.',
      '2-3',
    ),
    answers: [
      {
        kind: 'omits',
        answer: 'Metals have electrons in them.',
        absent: ['delocalised', 'free to move', 'carry charge'],
      },
      {
        kind: 'negates',
        answer: 'The electrons in a metal are not free to move, they stay fixed to each atom.',
        absent: ['delocalised', 'free to move', 'carry charge'],
      },
      {
        kind: 'near another point',
        answer: 'Metals have positive ions arranged in a regular lattice.',
        absent: ['delocalised', 'electrons', 'free to move', 'carry charge'],
      },
      {
        kind: 'full',
        answer:
          'Metals have delocalised electrons which are free to move through the structure and carry the charge.',
        absent: [],
      },
    ],
  },
  {
    split: 'held-out',
    question:
      'Explain why a copper pan feels hot quickly when it is heated but its wooden handle does not.',
    marks: 4,
    lowMarkRange: '0-1',
    highMarkRange: '3-4',
    rubric: rubricOf(
      'Answers that do not compare the two materials.',
      '0-1',
      'Explains that copper is a good thermal conductor, wood is a thermal insulator, and energy is transferred to the hand at a higher rate through the copper.',
      '3-4',
    ),
    answers: [
      {
        kind: 'omits',
        answer: 'Copper is a good conductor of heat but wood is an insulator.',
        absent: ['rate', 'hand'],
      },
      {
        kind: 'negates',
        answer: 'Copper is not an insulator and wood is not a conductor.',
        absent: ['rate', 'transferred', 'hand'],
      },
      {
        kind: 'near another point',
        answer:
          'The pan is on the flame so it gets hot, and the handle is further away from the flame.',
        absent: ['conductor', 'insulator', 'rate'],
      },
      {
        kind: 'full',
        answer:
          'Copper is a good thermal conductor and wood is an insulator, so energy is transferred to your hand at a much higher rate through the copper.',
        absent: [],
      },
    ],
  },
  {
    split: 'tuning',
    question: 'Describe what happens to the particles when ice melts.',
    marks: 3,
    lowMarkRange: '0-0',
    highMarkRange: '2-3',
    rubric: rubricOf(
      'Answers that do not mention particles or energy.',
      '0-0',
      'Describes that the particles gain energy, vibrate more, and overcome the forces between them so they can move past each other; the particles themselves do not get bigger.',
      '2-3',
    ),
    answers: [
      {
        kind: 'omits',
        answer: 'The particles vibrate more when it is heated.',
        absent: ['overcome', 'forces', 'move past'],
      },
      {
        kind: 'near another point',
        answer: 'The particles get bigger and melt into water.',
        absent: ['gain energy', 'overcome', 'forces', 'move past', 'vibrate'],
      },
      {
        kind: 'negates',
        answer: 'The particles do not gain any energy, they just start to slide.',
        absent: ['gain energy', 'overcome', 'forces', 'vibrate'],
      },
      {
        kind: 'full',
        answer:
          'The particles gain energy and vibrate more until they overcome the forces between them and can move past each other.',
        absent: [],
      },
    ],
  },
  {
    split: 'held-out',
    question: 'Explain why the rate of reaction increases when the temperature is raised.',
    marks: 4,
    lowMarkRange: '0-1',
    highMarkRange: '3-4',
    rubric: rubricOf(
      'Answers that do not mention particles or collisions.',
      '0-1',
      'Explains that the particles move faster, so they collide more often, and more of the collisions have energy greater than the activation energy, so more collisions are successful.',
      '3-4',
    ),
    answers: [
      {
        kind: 'omits',
        answer: 'The particles move faster when it is hotter.',
        absent: ['collide', 'collision', 'activation'],
      },
      {
        kind: 'negates',
        answer:
          'The particles do not collide more often; the temperature just makes the reaction go.',
        absent: ['collide more', 'activation', 'move faster', 'successful'],
      },
      {
        kind: 'near another point',
        answer: 'A catalyst lowers the activation energy of the reaction.',
        absent: ['faster', 'collide', 'successful'],
      },
      {
        kind: 'omits',
        answer: 'More heat means the reaction happens quicker.',
        absent: ['collide', 'collision', 'activation', 'particles'],
      },
      {
        kind: 'full',
        answer:
          'The particles move faster so they collide more often, and more collisions have more than the activation energy, so more of them are successful.',
        absent: [],
      },
    ],
  },
  {
    split: 'tuning',
    question: 'Explain why plants need light to grow.',
    marks: 3,
    lowMarkRange: '0-0',
    highMarkRange: '2-3',
    rubric: rubricOf(
      'Answers that do not mention photosynthesis.',
      '0-0',
      'Explains that light is absorbed by chlorophyll in the chloroplasts and used for photosynthesis, which makes glucose from carbon dioxide and water.',
      '2-3',
    ),
    answers: [
      {
        kind: 'omits',
        answer: 'Plants need light for photosynthesis.',
        absent: ['chlorophyll', 'chloroplast', 'glucose', 'carbon dioxide'],
      },
      {
        kind: 'negates',
        answer: 'Plants do not take in carbon dioxide, they take in oxygen to make food.',
        absent: ['carbon dioxide', 'chlorophyll', 'chloroplast', 'glucose'],
      },
      {
        kind: 'near another point',
        answer: 'Chloroplasts are green and are found in the leaf.',
        absent: ['chlorophyll', 'absorb', 'glucose', 'carbon dioxide'],
      },
      {
        kind: 'full',
        answer:
          'Chlorophyll in the chloroplasts absorbs the light, and the plant uses it for photosynthesis to make glucose from carbon dioxide and water.',
        absent: [],
      },
    ],
  },
  {
    split: 'held-out',
    question: 'Explain why we see lightning before we hear thunder.',
    marks: 3,
    lowMarkRange: '0-0',
    highMarkRange: '2-3',
    rubric: rubricOf(
      'Answers that do not compare light and sound.',
      '0-0',
      'Explains that light travels much faster than sound, so the light reaches us before the sound does.',
      '2-3',
    ),
    answers: [
      {
        kind: 'negates',
        answer: 'Light does not travel faster than sound, the thunder just starts later.',
        absent: ['faster'],
      },
      {
        kind: 'omits',
        answer: 'Because the lightning is far away in the sky.',
        absent: ['faster', 'travel'],
      },
      {
        kind: 'near another point',
        answer: 'Sound travels faster in water than in air.',
        absent: ['light travels', 'reaches us'],
      },
      {
        kind: 'full',
        answer: 'Light travels much faster than sound so the light gets to us first.',
        absent: [],
      },
    ],
  },
  {
    split: 'held-out-2',
    question: 'Explain why a bicycle tyre feels harder after it is pumped up on a hot day.',
    marks: 3,
    lowMarkRange: '0-0',
    highMarkRange: '2-3',
    rubric: rubricOf(
      'Answers that do not mention particles.',
      '0-0',
      'Explains that the air particles move faster at a higher temperature, so they collide with the tyre walls more often and with more force, which increases the pressure.',
      '2-3',
    ),
    answers: [
      {
        kind: 'omits',
        answer: 'The air inside gets hot and the tyre gets harder.',
        absent: ['collide', 'pressure', 'force', 'faster'],
      },
      {
        kind: 'negates',
        answer: 'The particles do not collide with the walls more often, it is just hotter.',
        absent: ['collide', 'faster', 'pressure'],
      },
      {
        kind: 'near another point',
        answer: 'The pressure of the rubber makes the tyre hard.',
        absent: ['particles move', 'faster', 'collide'],
      },
      {
        kind: 'full',
        answer:
          'At a higher temperature the air particles move faster, so they collide with the walls of the tyre more often and with more force, increasing the pressure.',
        absent: [],
      },
    ],
  },
  {
    split: 'held-out-2',
    question: 'Explain how vaccination protects a person from a disease.',
    marks: 4,
    lowMarkRange: '0-1',
    highMarkRange: '3-4',
    rubric: rubricOf(
      'Answers that do not mention antibodies or white blood cells.',
      '0-1',
      'Explains that a vaccine contains dead or weakened pathogens, white blood cells make antibodies against their antigens, memory cells remain, and on a later infection antibodies are made quickly before the person becomes ill.',
      '3-4',
    ),
    answers: [
      {
        kind: 'omits',
        answer: 'The vaccine has a weak version of the virus in it so your body learns it.',
        absent: ['antibod', 'memory', 'white blood'],
      },
      {
        kind: 'negates',
        answer: 'A vaccine does not make antibodies, it just kills the virus straight away.',
        absent: ['antibod', 'memory', 'white blood', 'dead or weakened'],
      },
      {
        kind: 'near another point',
        answer: 'Antibiotics kill the bacteria that cause the disease.',
        absent: ['antibod', 'memory', 'white blood', 'weakened'],
      },
      {
        kind: 'full',
        answer:
          'The vaccine contains dead or weakened pathogens. White blood cells make antibodies against their antigens and memory cells stay, so if you are infected later antibodies are made quickly before you get ill.',
        absent: [],
      },
    ],
  },
  {
    split: 'held-out-2',
    question: 'Explain why the Moon shows phases when seen from the Earth.',
    marks: 3,
    lowMarkRange: '0-0',
    highMarkRange: '2-3',
    rubric: rubricOf(
      'Answers that say the Earth casts a shadow on the Moon.',
      '0-0',
      'Explains that half of the Moon is always lit by the Sun, and as the Moon orbits the Earth we see different amounts of its lit half.',
      '2-3',
    ),
    answers: [
      {
        kind: 'near another point',
        answer: 'The shadow of the Earth falls on the Moon and covers part of it.',
        absent: ['lit', 'orbit', 'amounts'],
      },
      {
        kind: 'omits',
        answer: 'The Moon goes round the Earth every month.',
        absent: ['lit', 'amounts', 'half'],
      },
      {
        kind: 'negates',
        answer: 'The Moon is not lit by the Sun, it makes its own light that changes.',
        absent: ['lit', 'orbit', 'amounts'],
      },
      {
        kind: 'full',
        answer:
          'The Sun always lights half of the Moon, and as the Moon orbits the Earth we see different amounts of the lit half.',
        absent: [],
      },
    ],
  },
  {
    split: 'held-out-2',
    question: 'Explain why a balloon rubbed on a jumper sticks to a wall.',
    marks: 4,
    lowMarkRange: '0-1',
    highMarkRange: '3-4',
    rubric: rubricOf(
      'Answers that do not mention charge.',
      '0-1',
      'Explains that friction transfers electrons from the jumper to the balloon, so the balloon becomes negatively charged, and it induces a positive charge on the wall surface, so they attract.',
      '3-4',
    ),
    answers: [
      {
        kind: 'omits',
        answer: 'The balloon becomes charged so it sticks to the wall.',
        absent: ['electrons', 'friction', 'negative', 'positive', 'induce'],
      },
      {
        kind: 'negates',
        answer: 'No electrons move, the balloon is just sticky after rubbing.',
        absent: ['electrons', 'negative', 'positive', 'attract'],
      },
      {
        kind: 'near another point',
        answer: 'Protons move from the balloon to the jumper because of the friction.',
        absent: ['electrons', 'negative', 'induce', 'attract'],
      },
      {
        kind: 'omits',
        answer: 'The wall and the balloon attract each other.',
        absent: ['electrons', 'friction', 'negative', 'induce'],
      },
      {
        kind: 'full',
        answer:
          'Friction transfers electrons from the jumper to the balloon so it becomes negatively charged. It induces a positive charge on the wall, and opposite charges attract.',
        absent: [],
      },
    ],
  },
  {
    split: 'held-out-2',
    question: 'Explain why ice floats on water.',
    marks: 2,
    lowMarkRange: '0-1',
    highMarkRange: '2-2',
    rubric: rubricOf(
      'Answers that do not mention density.',
      '0-1',
      'Explains that ice is less dense than liquid water because its molecules are held further apart in a lattice.',
      '2-2',
    ),
    answers: [
      {
        kind: 'negates',
        answer: 'Ice is not less dense than water, it floats because it is cold.',
        absent: ['less dense', 'further apart', 'lattice'],
      },
      {
        kind: 'near another point',
        answer: 'Water is denser when it is warm.',
        absent: ['ice is less dense', 'further apart', 'lattice'],
      },
      {
        kind: 'omits',
        answer: 'Ice is lighter than water.',
        absent: ['further apart', 'lattice', 'molecules'],
      },
      {
        kind: 'full',
        answer:
          'Ice is less dense than liquid water because its molecules are held further apart in a lattice.',
        absent: [],
      },
    ],
  },
];

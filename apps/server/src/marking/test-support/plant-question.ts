import type { TMarkingInput } from '../types';

/** A handmade three-mark question in the product's rubric format, used by the marking tests. */
export const PLANT_QUESTION: Omit<TMarkingInput, 'answer'> = {
  question:
    'List and describe three ways that plants are adapted to reduce water loss in hot, dry climates.',
  marks: 3,
  lowMarkRange: '0-0',
  highMarkRange: '2-3',
  rubric: [
    'Low Mark Range (0-0):',
    'Score 0: The response gives no correct way that plants reduce water loss.',
    '',
    'Middle marks (1): The response describes one way plants reduce water loss.',
    '',
    'High Mark Range (2-3):',
    'Score 3: The response describes three ways plants reduce water loss.',
    'Score 2: The response describes two ways plants reduce water loss.',
    'Key elements:',
    '- A thick waxy cuticle on the leaves stops water evaporating.',
    '- Fewer stomata, or stomata sunken in pits, reduce transpiration.',
    '- Small or needle-shaped leaves (spines) have less surface area for evaporation.',
    '- Deep or wide roots collect more water from the soil.',
    '- Storing water in fleshy stems, as cacti do.',
  ].join('\n'),
};

export const COMPLETE_ANSWER =
  'Desert plants have a thick waxy cuticle that stops water evaporating from the leaves. They have ' +
  'fewer stomata, often sunken in pits, so less water is lost by transpiration. Their leaves are ' +
  'small or turned into spines, so there is less surface area for evaporation.';

export const PARTIAL_ANSWER =
  'Plants have a waxy cuticle on their leaves so that water does not evaporate.';

export const RESTATED_ANSWER =
  'Plants are adapted in three ways to reduce water loss in hot, dry climates.';

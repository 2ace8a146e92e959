/** Count words as questions and rubrics write them ("name two ways", "both reasons"). */
export const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  single: 1,
  two: 2,
  both: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};

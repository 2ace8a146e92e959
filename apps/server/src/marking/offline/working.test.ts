import { describe, expect, it } from 'vitest';
import { MARK_DOUBTS } from '@stem/contract/marking';
import { writeOfflineRubric } from '../language/offline-rubric';
import { combineRubric } from '../language/rubric.format';
import { extractGivenValues } from '../language/question-terms';
import { cleanPhrase } from './feedback-text';
import { markOffline } from './offline-marker';
import { teacherPoints } from './rubric';
import { lacksSentences } from './gaming';
import {
  assignmentsOf,
  foldUnits,
  normaliseText,
  quantitiesOf,
  tokenise,
  withoutWorking,
} from './text';

/**
 * Working in numbers and symbols, and the clauses of a teacher's high band: calculations are marked
 * on their equation, substitution and result with its unit; "X and Y" inside one phrase stays one
 * point; a clause that shares its subject keeps it; a decimal is never a list number.
 */

const rubric = (low: string, high: string) =>
  `Low Mark Range (0-1):\n${low}\n\nHigh Mark Range (2-3):\n${high}`;

const FORCE = {
  question: 'A trolley of mass 4 kg accelerates at 2 m/s². Calculate the resultant force on it.',
  marks: 3,
  lowMarkRange: '0-1',
  highMarkRange: '2-3',
  rubric: rubric(
    'No correct equation and no correct value.',
    'Uses F = m × a, substitutes 4 × 2 and gives 8 N with the unit.',
  ),
};

const mark = (answer: string) => markOffline({ ...FORCE, answer, source: 'typed' }, {}).score;

describe('calculations', () => {
  it('reads every arrangement of an equation of one-letter quantities as one law', () => {
    const law = (text: string) => tokenise(normaliseText(text)).filter((t) => t.startsWith('law_'));
    expect(law('F = m × a')).toEqual(['law_afm']);
    expect(law('a = F / m.')).toEqual(['law_afm']);
    expect(law('F = ma')).toEqual(['law_afm']);
    expect(law('x = 0.5')).toEqual([]);
  });

  it('reads a number grouped in thousands with spaces as one number', () => {
    expect(extractGivenValues('A kettle transfers 180 000 J of energy in 60 s.')).toEqual([
      '180 000 J',
      '60 s',
    ]);
    const tokens = tokenise(normaliseText('P = 180 000 J / 60 s', { quantities: true }));
    expect(tokens).toContain('qty_180000_j');
    expect(tokens).not.toContain('qty_000_j');
  });

  it('reads a result with its unit only where asked, and never a decimal as a number', () => {
    const tokens = tokenise(normaliseText('I = 6 / 12 = 0.5 A, 15 m/s', { quantities: true }));
    expect(tokens).toContain('qty_0.5_a');
    expect(tokens).toContain('qty_15_mpers');
    expect(tokenise(normaliseText('0.5 A'))).not.toContain('qty_0.5_a');
  });

  it('reads an equation in words, or with a Greek symbol, as the same equation in symbols', () => {
    const lawOf = (text: string) =>
      tokenise(normaliseText(text, { quantities: true })).filter((t) => t.startsWith('law_'));
    expect(lawOf('speed = distance / time')).toEqual(lawOf('v = d / t'));
    expect(lawOf('voltage = current × resistance')).toEqual(lawOf('V = I R'));
    expect(lawOf('density = mass / volume')).toEqual(['law_mrhov']);
    expect(lawOf('ρ = m / V')).toEqual(['law_mrhov']);
    // Only where working is read (a teacher's rubric), and never two names of one quantity.
    expect(tokenise(normaliseText('speed = distance / time'))).not.toContain('law_dtv');
    expect(lawOf('speed = velocity / time')).toEqual([]);
  });

  it('does not take a result on the way for the final answer of a two-step calculation', () => {
    const LAMP = {
      question:
        'A 12 V battery drives a current of 2 A through a lamp for 10 s. Calculate the power of the lamp, then the energy transferred.',
      marks: 4,
      lowMarkRange: '0-1',
      highMarkRange: '3-4',
      rubric: `Low Mark Range (0-1):\nAnswers with no correct working.\n\nHigh Mark Range (3-4):\nCalculates the power as P = V × I = 12 × 2 = 24 W, then the energy as E = P × t = 24 × 10 = 240 J.`,
    };
    const markLamp = (answer: string) => markOffline({ ...LAMP, answer, source: 'typed' }, {});
    // Was 4 of 4: any result of the rubric with its unit counted as the answer.
    const halfway = markLamp('P = V x I = 12 x 2 = 24 W');
    expect(halfway.score).toBe(2);
    expect(halfway.aiComment).toBe(
      'Your response is partially correct. It works out 24 W correctly, but does not carry the working through to the final answer.',
    );
    expect(halfway.suggestion).toBe(
      'To improve, carry the working through to the final answer the question asks for, and give it with its unit.',
    );
    expect(markLamp('P = 12 x 2 = 24 W and E = 24 x 10 = 240 J').score).toBe(4);
    // A calculation in steps asks for each step: the final result alone is the high band, not
    // full marks (was 4 of 4 for "240 J"), and a missing unit costs a mark below that.
    expect(markLamp('240 J').score).toBe(3);
    expect(markLamp('P = 24 W, E = 240').score).toBe(2);
  });

  it('reads money as one amount in pounds or pence, and marks a change calculation', () => {
    const tokens = tokenise(
      normaliseText('Change = 500 - 270 = 230p, so £2.30.', { quantities: true }),
    );
    expect(tokens.filter((t) => t === 'qty_230_p')).toHaveLength(2);
    expect(tokens).toContain('subtract');
    const PENS = {
      question:
        'A shop sells pens at 45p each. Sam buys 6 pens and pays with a £5 note. How much change does he get? Show your working.',
      marks: 3,
      lowMarkRange: '0-0',
      highMarkRange: '2-3',
      rubric: `Low Mark Range (0-0):\nAnswers with no correct working.\n\nHigh Mark Range (2-3):\nCalculates the cost of the pens as 6 × 45p = 270p (£2.70), subtracts it from 500p (£5), and gives the change as 230p (£2.30).`,
    };
    const markPens = (answer: string) => markOffline({ ...PENS, answer, source: 'typed' }, {});
    expect(
      markPens('The pens cost 6 x 45 = 270p which is £2.70. Change = 500 - 270 = 230p, so £2.30.')
        .score,
    ).toBe(3);
    // Was 'It is on the right track.' and 'explain each point more fully'.
    const cost = markPens('The pens cost 6 x 45 = 270p.');
    expect(cost.score).toBe(1);
    expect(cost.aiComment).toContain(
      'It works out 270p correctly, but does not carry the working through to the final answer.',
    );
    // Was 0: "£2.30" read as an unreadable token.
    const bare = markPens('£2.30');
    expect(bare.score).toBe(2);
    expect(bare.suggestion).toBe(
      'To improve, show each step of your working, not only the answer.',
    );
    // The given "45p" is no result to write a unit for; one amount is named once.
    const unitless = markPens('6 x 45 = 270p, 500 - 270 = 230');
    expect(unitless.score).toBe(2);
    expect(unitless.aiComment).toContain(
      'It gives 230 without the unit: a full answer writes 230p.',
    );
  });

  it('credits an equation in symbols for the rubric’s equation in words (a slip keeps its method mark)', () => {
    // Was 1 of 3: the point "Uses speed = distance / time" asked for the words beside the token.
    const cyclist = (answer: string) =>
      markOffline(
        {
          question: 'A cyclist travels 50 m in 20 s. Calculate her average speed.',
          marks: 3,
          lowMarkRange: '0-0',
          highMarkRange: '2-3',
          rubric:
            'Low Mark Range (0-0):\nNo correct equation and no correct value.\n\nHigh Mark Range (2-3):\nUses speed = distance / time, substitutes 50 / 20 and gives 2.5 m/s.',
          answer,
          source: 'typed',
        },
        {},
      );
    const slip = cyclist('v = d / t. v = 50 / 20 = 25 m/s');
    expect(slip.score).toBe(2);
    // Was "To improve, start from speed = distance / time, …", which it did.
    expect(slip.suggestion).toBe(
      'To improve, check each step of your working after speed = distance / time.',
    );
    expect(cyclist('v = d / t. v = 50 / 20 = 2.5 m/s').score).toBe(3);
    // The rubric's words without its equation earn nothing they did not before.
    const wrong = cyclist('Speed is distance times time, so 50 × 20 = 1000 m/s');
    expect(wrong.score).toBe(0);
    expect(wrong.suggestion).toContain('start from speed = distance / time');
  });

  it('tells a working without its equation to write the equation first', () => {
    // Was 'It is on the right track.' and 'start from I = V / R, put in the values ...'.
    const r = markOffline(
      {
        question:
          'A 6 V battery is connected across a 12 Ω resistor. Calculate the current and show your working.',
        marks: 3,
        lowMarkRange: '0-0',
        highMarkRange: '2-3',
        rubric:
          'Low Mark Range (0-0):\nNo correct equation and no correct value.\n\nHigh Mark Range (2-3):\nUses V = I × R rearranged to I = V / R, substitutes 6 / 12 and gives 0.5 A with the unit.',
        answer: 'I = 6/12 = 0.5 A',
        source: 'typed',
      },
      {},
    );
    expect(r.score).toBe(2);
    expect(r.aiComment).toBe(
      'Your response is partially correct. It works out 0.5 A correctly, but does not write the equation it uses, I = V / R.',
    );
    expect(r.suggestion).toBe(
      'To improve, write the equation first, I = V / R, then put in the values.',
    );
  });

  it('gives full marks for the equation, the substitution and the result with its unit', () => {
    expect(mark('F = m × a = 4 × 2 = 8 N')).toBe(3);
    expect(mark('Using F = ma, the force is 4 x 2 = 8 N.')).toBe(3);
  });

  it('keeps a right value without its unit out of full marks, but well above a wrong one', () => {
    const noUnit = mark('F = ma so F = 4 x 2 = 8');
    expect(noUnit).toBeGreaterThanOrEqual(1);
    expect(noUnit).toBeLessThan(3);
    expect(mark('F = 4 + 2 = 6')).toBeLessThan(noUnit);
  });

  it("counts working from the question's values that reaches the result, unit or not", () => {
    // The right result with its unit is full marks where the working is not asked for (the exam
    // boards' convention for a correct final answer).
    expect(mark('4 x 2 = 8 N')).toBe(3);
    expect(mark('8 N')).toBe(3);
    expect(mark('4 x 2 = 8')).toBeGreaterThanOrEqual(1);
    expect(mark('4 x 2 = 8')).toBeLessThan(3);
    expect(mark('4 + 2 = 6')).toBe(0);
  });

  it('gives a bare right result the high band only where the question asks for the working', () => {
    const shown = { ...FORCE, question: `${FORCE.question} Show your working.` };
    const bare = markOffline({ ...shown, answer: '8 N', source: 'typed' });
    expect(bare.score).toBe(2);
    expect(bare.aiComment).toBe(
      'Your response is partially correct. It reaches the right answer, 8 N, but does not show the working.',
    );
    expect(bare.suggestion).toBe(
      'To improve, start from F = m × a, put in the values from the question and give the answer with its unit.',
    );
    expect(
      markOffline({ ...shown, answer: 'F = m × a = 4 × 2 = 8 N', source: 'typed' }).score,
    ).toBe(3);
    // A wrong working in other words is told where to start, not that it answered another question.
    const wrong = markOffline({ ...shown, answer: 'force = 4 + 2 = 6', source: 'typed' });
    expect(wrong.score).toBe(0);
    expect(wrong.aiComment).toMatch(/^Your response is incorrect\. /);
    expect(wrong.aiComment).not.toMatch(/does not address the question/);
  });

  it('reads the substitution in its order: the right values put in are working, the wrong way round are not', () => {
    const tokens = tokenise(normaliseText('I = 6/12, 300 m / 20 s = 15 m/s', { quantities: true }));
    expect(tokens).toEqual(expect.arrayContaining(['expr_6_over_12', 'expr_300_over_20']));
    expect(tokens).toEqual(expect.arrayContaining(['qty_300_m', 'qty_20_s', 'qty_15_mpers']));
    // The question's values substituted, no result yet: a mark, and no "repeats the question".
    const substituted = markOffline({ ...FORCE, answer: 'F = 4 × 2', source: 'typed' });
    expect(substituted.score).toBeGreaterThanOrEqual(1);
    expect(substituted.aiComment).not.toMatch(/repeats the question/);
    // The same values the wrong way round earn less than the right way round.
    expect(mark('F = m / a = 4 / 2 = 2 N')).toBeLessThan(mark('F = m × a = 4 × 2'));
  });

  it('tells a student who leaves the unit off which unit the result needs', () => {
    const result = markOffline({ ...FORCE, answer: 'F = ma so F = 4 x 2 = 8', source: 'typed' });
    expect(result.aiComment).toContain('It gives 8 without the unit: a full answer writes 8 N.');
    expect(result.suggestion).toMatch(/write the unit with every value you work out, as in 8 N\.$/);
    const full = markOffline({ ...FORCE, answer: 'F = m × a = 4 × 2 = 8 N', source: 'typed' });
    expect(`${full.aiComment} ${full.suggestion}`).not.toMatch(/without the unit|write the unit/);
  });
});

const BALANCE = {
  question: 'Balance the equation H2 + O2 → H2O and say what the numbers in front mean.',
  marks: 2,
  lowMarkRange: '0-1',
  highMarkRange: '2-2',
  rubric: `Low Mark Range (0-1):\nAn unbalanced equation, or a balanced one with no meaning given.\n\nHigh Mark Range (2-2):\n2H2 + O2 → 2H2O; the numbers give the ratio of molecules (moles) that react and form.`,
};
const markBalance = (answer: string) =>
  markOffline({ ...BALANCE, answer, source: 'typed' }, {}).score;

describe('solving for an unknown', () => {
  const SOLVE = {
    question: 'Solve 3x + 5 = 20. Show your working.',
    marks: 2,
    lowMarkRange: '0-0',
    highMarkRange: '1-2',
    rubric: [
      'Low Mark Range (0-0):',
      'No correct step.',
      '',
      'High Mark Range (1-2):',
      'Subtracts 5 from both sides to get 3x = 15, then divides by 3 to get x = 5.',
    ].join('\n'),
  };
  const solve = (answer: string) => markOffline({ ...SOLVE, answer, source: 'typed' }, {});

  it('reads what each step of a chain works an unknown out to be', () => {
    expect(assignmentsOf('3x = 20 - 5 = 15, x = 15/3 = 5').map((a) => a.written)).toEqual([
      '3x = 15',
      'x = 5',
    ]);
    expect(assignmentsOf('x=5 because 3 times 5 is 15').map((a) => a.token)).toEqual(['eq_x_5']);
    expect(assignmentsOf('x = -2.5.').map((a) => a.token)).toEqual(['eq_x_m2.5']);
    // The equation to solve is no result: its left side is not an unknown alone.
    expect(assignmentsOf('Solve 3x + 5 = 20.')).toEqual([]);
  });

  it('marks the steps shown and the value reached, though the value is a number of the question', () => {
    // Each was 0 of 2: "x = 5" read as the question's own 5, the steps' words not written.
    expect(solve('3x = 15 so x = 5').score).toBe(2);
    expect(solve('3x = 20 - 5 = 15, x = 15/3 = 5').score).toBe(2);
    const bare = solve('x = 5');
    expect(bare.score).toBe(1);
    expect(bare.aiComment).toContain(
      'It reaches the right answer, x = 5, but does not show the working.',
    );
    expect(bare.aiComment).not.toContain('repeats the question');
    expect(solve('3x = 15 so x = 5').suggestion).toBe(
      'Keep setting out each step of your working like this.',
    );
  });

  it('reads the steps a teacher adds to a drafted rubric, each value a step of its own', () => {
    const question = 'Solve 2x + 7 = 19, showing each step.';
    const low = { start: 0, end: 0 };
    const high = { start: 2, end: 3 };
    const draft = writeOfflineRubric({ question, marks: 3, low, high });
    const rubricText = combineRubric(
      draft.low,
      draft.high.replace(
        /^(.*\n)/,
        '$1- Subtracts 7 from both sides (2x = 12), then divides by 2 to reach x = 6.\n',
      ),
      low,
      high,
    );
    const edited = (answer: string) =>
      markOffline(
        {
          question,
          marks: 3,
          lowMarkRange: '0-0',
          highMarkRange: '2-3',
          rubric: rubricText,
          answer,
        },
        {},
      ).score;
    // Was 1 of 3: the draft's wording marked it, not the teacher's steps.
    expect(edited('2x + 7 = 19, so 2x = 19 - 7 = 12, so x = 12 ÷ 2 = 6')).toBe(3);
    expect(edited('2x = 12')).toBe(1);
    // "Showing each step" asks for the working: the answer alone is the high band's bottom.
    expect(edited('x = 6')).toBe(2);
    expect(edited('2x = 26, x = 13')).toBe(0);
  });

  it('tells a wrong value as wrong, with advice for solving, not for explaining', () => {
    const wrong = solve('3x = 25, x = 8.3');
    expect(wrong.score).toBe(0);
    expect(wrong.aiComment).toContain('It works out x = 8.3, which is not the right value.');
    expect(wrong.suggestion).toMatch(/same to both sides/);
    expect(wrong.suggestion).not.toMatch(/example or a reason/);
  });
});

describe('a change that goes with another', () => {
  const THERMISTOR = {
    question: 'Describe how the resistance of a thermistor changes as temperature increases.',
    marks: 1,
    lowMarkRange: '0-0',
    highMarkRange: '1-1',
    rubric: [
      'Low Mark Range (0-0):',
      'Wrong direction or no change stated.',
      '',
      'High Mark Range (1-1):',
      'The resistance decreases as the temperature increases.',
    ].join('\n'),
  };
  const thermistor = (answer: string) =>
    markOffline({ ...THERMISTOR, answer, source: 'typed' }, {});

  it('reads "lower when hotter" as the decrease with temperature', () => {
    expect(thermistor('it gets lower when hotter').score).toBe(1);
    expect(thermistor('it gets higher when it is colder').score).toBe(1);
  });

  it('tells the change said the other way round as wrong, with or without its condition', () => {
    for (const answer of [
      'The resistance increases',
      'the resistance gets bigger as it gets hotter',
    ]) {
      const r = thermistor(answer);
      expect(r.score, answer).toBe(0);
      expect(r.aiComment, answer).toContain('It gets one point the wrong way round');
      expect(r.aiComment, answer).not.toContain('It points out that the resistance decreases');
    }
  });
});

describe('chemical equations', () => {
  it('tells a student who wrote only the balanced equation that it is right, in words', () => {
    const r = markOffline({ ...BALANCE, answer: '2H2 + O2 → 2H2O', source: 'typed' });
    expect(r.score).toBe(1);
    expect(r.aiComment).toBe(
      'Your response is partially correct. It writes the equation correctly: 2H2 + O2 → 2H2O. It does not mention that the numbers give the ratio of molecules that react and form, which a full answer needs.',
    );
  });

  it('reads an equation as its species and coefficients, so only the balanced one meets it', () => {
    const token = (text: string) =>
      tokenise(normaliseText(text)).filter((t) => t.startsWith('chem_'));
    expect(token('2H2 + O2 → 2H2O')).toEqual(['chem_2h2_o2_to_2h2o']);
    expect(token('O2 + 2H₂ -> 2H₂O')).toEqual(['chem_2h2_o2_to_2h2o']);
    expect(token('4H2 + 2O2 → 4H2O')).toEqual(['chem_2h2_o2_to_2h2o']);
    expect(token('H2 + O2 → H2O2')).toEqual(['chem_h2_o2_to_h2o2']);
    // Algebra is not chemistry.
    expect(token('A + B = C')).toEqual([]);
  });

  it('marks the balanced equation, and never a wrong or unbalanced one', () => {
    expect(
      markBalance(
        '2H2 + O2 → 2H2O. The numbers show how many molecules of each react: two hydrogen molecules with one oxygen molecule make two water molecules.',
      ),
    ).toBe(2);
    // One of the two points of a 2-mark question is one mark.
    expect(markBalance('2H2 + O2 → 2H2O')).toBe(1);
    expect(markBalance('H2 + O2 → H2O2')).toBe(0);
    expect(markBalance('H2 + O2 → H2O')).toBe(0);
  });

  it('marks subscript digits as the digits they are (a phone keyboard writes "H₂O")', () => {
    // Was 1 of 2: legibility read "2H₂" as OCR damage.
    expect(markBalance('2H₂ + O₂ → 2H₂O. The numbers are the ratio of molecules.')).toBe(
      markBalance('2H2 + O2 → 2H2O. The numbers are the ratio of molecules.'),
    );
    expect(markBalance('2H₂ + O₂ → 2H₂O, the numbers are the ratio of molecules')).toBe(2);
    expect(normaliseText('H₂O and 3 cm³')).toBe(normaliseText('H2O and 3 cm3'));
  });
});

describe('abbreviations pupils write', () => {
  it('reads GPE, KE and EPE as the energy stores', () => {
    expect(normaliseText('GPE turns into KE, then EPE.')).toBe(
      'gravitational potential energy turns into kinetic energy, then elastic potential energy.',
    );
    expect(normaliseText('keep the k.e. low')).toBe('keep the kinetic energy low');
  });
});

describe("a pupil's plain words for the rubric's", () => {
  const MASS = {
    question: 'Explain why an astronaut has the same mass on the Moon but a smaller weight.',
    marks: 3,
    lowMarkRange: '0-0',
    highMarkRange: '2-3',
    rubric: `Low Mark Range (0-0):\nConfuses mass and weight, or gives no reason.\n\nHigh Mark Range (2-3):\nMass is the amount of matter and does not change with place; weight is the force of gravity on that mass (W = m × g), and the gravitational field strength on the Moon is smaller than on Earth, so the weight is smaller.`,
  };

  it('reads "stays the same everywhere" as "does not change with place", and a bare g as the field strength', () => {
    const result = markOffline(
      {
        ...MASS,
        answer:
          'Mass stays the same everywhere because it is the amount of matter. Weight is mass times g and g is smaller on the Moon so the weight is smaller.',
        source: 'typed',
      },
      {},
    );
    expect(result.score).toBe(3);
    expect(result.aiComment).not.toMatch(/does not (?:mention|show)/);
    // Grams after a number stay grams.
    expect(tokenise(normaliseText('a mass of 5 g and 2.7 g/cm3'))).not.toContain('gravitational');
  });

  it('does not give full marks to an answer that swaps mass and weight, and says so', () => {
    const mark = (answer: string) => markOffline({ ...MASS, answer, source: 'typed' }, {});
    // Was 3 of 3: "weight" was a synonym of "mass", and the words of each point were all there.
    const swapped = mark(
      'Weight stays the same everywhere because it is the amount of matter. Mass is weight times g and g is smaller on the Moon so the mass is smaller.',
    );
    expect(swapped.score).toBeLessThan(3);
    expect(swapped.aiComment).toContain(
      'It mixes up weight and mass: mass is the amount of matter.',
    );
    expect(swapped.aiComment).not.toContain('You put it well');
    expect(swapped.suggestion).toMatch(/check whether each sentence is about mass or weight/);
    const confused = mark(
      'The weight is the amount of matter and it does not change. The mass is the force of gravity so it is smaller on the moon.',
    );
    expect(confused.score).toBe(0);
    expect(confused.aiComment).not.toMatch(/correctly points out that mass/);
    // The right subjects, in any order of sentences, keep their marks.
    expect(
      mark(
        'Weight is the force of gravity on the mass and g is smaller on the Moon. Mass is the amount of matter so it stays the same.',
      ).score,
    ).toBe(3);
    expect(
      mark(
        'The weight changes but the mass is the amount of matter, which stays the same everywhere. Weight is mass times g and g is smaller on the Moon.',
      ).score,
    ).toBe(3);
  });
});

describe("a pupil's words for a teacher's points", () => {
  const mark = (
    question: string,
    marks: number,
    low: [string, string],
    high: [string, string],
    answer: string,
  ) =>
    markOffline(
      {
        question,
        marks,
        lowMarkRange: low[0],
        highMarkRange: high[0],
        rubric: `Low Mark Range (${low[0]}):\n${low[1]}\n\nHigh Mark Range (${high[0]}):\n${high[1]}`,
        answer,
        source: 'typed',
      },
      {},
    );

  it('reads "more dense" as "denser", and a point after ", so" as a point of its own', () => {
    // Was 1 of 2, the refraction point unnamed ("so it changes ..." could not be said).
    const r = mark(
      'Explain why light bends when it passes from air into glass.',
      2,
      ['0-0', 'No mention of speed.'],
      [
        '1-2',
        'Light slows down when it enters the glass because glass is denser, so it changes direction (refracts) towards the normal.',
      ],
      'Light slows down in glass because it is more dense so it refracts towards the normal.',
    );
    expect(r.score).toBe(2);
    expect(r.aiComment).toContain('that it changes direction towards the normal');
  });

  it('marks a direction or comparison said the wrong way round as wrong, and says so', () => {
    // Both were 2 of 2: the same words in the other order.
    const diffusion = mark(
      'What is meant by the term diffusion?',
      2,
      ['0-0', 'No mention of concentration.'],
      [
        '1-2',
        'The net movement of particles from an area of higher concentration to an area of lower concentration.',
      ],
      'Movement of particles from low concentration to high concentration.',
    );
    expect(diffusion.score).toBe(0);
    expect(diffusion.aiComment).toBe(
      'Your response is incorrect. It gets one point the wrong way round: the net movement of particles from an area of higher concentration to an area of lower concentration.',
    );
    expect(diffusion.suggestion).toBe(
      'Next time, check which way round each direction or comparison goes.',
    );
    const sound = (answer: string) =>
      mark(
        'Compare the speed of sound in air and in steel.',
        2,
        ['0-0', 'No comparison.'],
        [
          '1-2',
          'Sound travels faster in steel than in air because the particles are closer together.',
        ],
        answer,
      ).score;
    expect(
      sound('Sound travels faster in air than in steel because the particles are further apart.'),
    ).toBe(0);
    expect(sound('Sound travels slower in steel than in air.')).toBe(0);
    expect(sound('Sound is faster in steel because the particles are closer together.')).toBe(2);
    expect(
      sound('Sound travels slower in air than in steel as the particles are closer together.'),
    ).toBe(2);
  });

  it('credits one of "any two", and not a difference said of the wrong thing', () => {
    const cells = (answer: string) =>
      mark(
        'Give two differences between plant cells and animal cells.',
        2,
        ['0-0', 'No correct difference.'],
        [
          '1-2',
          'Any two of: plant cells have a cell wall; plant cells have chloroplasts; plant cells have a permanent vacuole; animal cells do not.',
        ],
        answer,
      );
    // Was 0: a short answer made of the question's words and one more was "a restatement".
    expect(cells('Plant cells have a cell wall.').score).toBe(1);
    expect(
      cells('Plant cells have a cell wall and chloroplasts but animal cells do not.').score,
    ).toBe(2);
    // Was 2 of 2 once the one-difference answer counted: "animal cells do not" was a point.
    const swapped = cells('Animal cells have a cell wall and plant cells do not.');
    expect(swapped.score).toBe(0);
    expect(swapped.aiComment).toContain(
      'It mixes up animal and plant: plant cells have a cell wall.',
    );
  });

  it('reads a formula on its own as its name, and tells words with nothing in them apart from no answer', () => {
    const gas = (answer: string) =>
      mark(
        'Name the gas produced when zinc reacts with hydrochloric acid.',
        1,
        ['0-0', 'Any other gas.'],
        ['1-1', 'Hydrogen.'],
        answer,
      );
    // Was 0.
    expect(gas('H2').score).toBe(1);
    expect(gas('CO2').score).toBe(0);
    const fair = mark(
      'Suggest one way to make the experiment a fair test.',
      1,
      ['0-0', 'No control variable.'],
      [
        '1-1',
        'Keep one variable the same, such as the volume of acid, its concentration or the temperature.',
      ],
      'Do it again.',
    );
    expect(fair.score).toBe(0);
    // Was 'No answer was given, so no marks could be awarded.'
    expect(fair.aiComment).toBe(
      'Your response is incorrect. It does not say anything the question asks about.',
    );
    expect(
      mark(
        'Suggest one way to make the experiment a fair test.',
        1,
        ['0-0', 'No control variable.'],
        [
          '1-1',
          'Keep one variable the same, such as the volume of acid, its concentration or the temperature.',
        ],
        'Use the same volume of acid each time.',
      ).aiComment,
    ).not.toContain('such as');
  });

  it('reads "the reaction slows down" as the rate of reaction falling', () => {
    // Was 2 of 3: "It mentions that the rate of reaction falls, but does not explain it fully".
    const r = mark(
      'Describe how an enzyme is affected by a high temperature.',
      3,
      ['0-1', 'Says the enzyme dies.'],
      [
        '2-3',
        'The enzyme is denatured: the shape of the active site changes, so the substrate no longer fits and the rate of reaction falls.',
      ],
      'The enzyme denatures because the active site changes shape so the substrate cannot fit any more and the reaction slows down.',
    );
    expect(r.score).toBe(3);
  });
});

describe("a teacher's clauses", () => {
  it('keeps a result with a decimal point and its unit as a point ("gives 2.5 W.")', () => {
    // Was dropped: "2.5 W" has no two letters or digits side by side, and is no bare number.
    expect(teacherPoints('Uses P = E / t, substitutes 150 / 60 and gives 2.5 W.')).toEqual([
      'Uses P = E / t',
      'substitutes 150 / 60',
      '2.5 W',
    ]);
  });

  it('keeps "between X and Y" and a bare "X and Y" in one point', () => {
    expect(
      teacherPoints(
        'There are strong forces between the positive and negative ions; some energy is lost as heat and sound.',
      ),
    ).toEqual([
      'There are strong forces between the positive and negative ions',
      'some energy is lost as heat and sound',
    ]);
  });

  it('gives a clause that shares its subject the subject back', () => {
    expect(teacherPoints('Mass is the amount of matter and does not depend on gravity.')).toEqual([
      'Mass is the amount of matter',
      'Mass does not depend on gravity',
    ]);
  });

  it('gives "and used to ..." the subject and verb of the passive clause before it', () => {
    expect(
      teacherPoints(
        'Light energy is absorbed by chlorophyll and used to make glucose from carbon dioxide and water.',
      ),
    ).toEqual([
      'Light energy is absorbed by chlorophyll',
      'Light energy is used to make glucose from carbon dioxide and water',
    ]);
  });

  it('keeps "X then does Y" as one point ("deposition then seals off the old loop")', () => {
    expect(
      teacherPoints(
        'During a flood the river cuts through the neck; deposition then seals off the old loop, leaving an oxbow lake.',
      ),
    ).toEqual([
      'During a flood the river cuts through the neck',
      'deposition then seals off the old loop',
      'leaving an oxbow lake',
    ]);
  });

  it('still splits two points joined by "and"', () => {
    expect(teacherPoints('The Moon orbits the Earth and the Earth orbits the Sun.')).toEqual([
      'The Moon orbits the Earth',
      'the Earth orbits the Sun',
    ]);
  });

  it('never reads a decimal as a list number', () => {
    expect(cleanPhrase('0.5 amps flow through it')).toBe('0.5 amps flow through it');
    expect(cleanPhrase('2. Names the gas')).toBe('names the gas');
  });
});

describe('units and working as a pupil writes them (7 December 2026)', () => {
  const MOMENTUM = {
    question: 'A ball of mass 3 kg moves at 4 m/s. Calculate its momentum.',
    marks: 3,
    lowMarkRange: '0-0',
    highMarkRange: '2-3',
    rubric: rubric(
      'No correct equation and no correct value.',
      'Uses p = m × v, substitutes 3 × 4 and gives 12 kg m/s.',
    ),
  };
  const momentum = (answer: string) => markOffline({ ...MOMENTUM, answer, source: 'typed' }, {});

  it('reads units written as words as their symbols', () => {
    expect(foldUnits('R = 12 ohms')).toBe('R = 12 Ω');
    expect(foldUnits('it ran 360 metres in 90 seconds')).toBe('it ran 360 m in 90 s');
    expect(foldUnits('2.7 g per cm3 and 4 metres per second')).toBe('2.7 g/cm3 and 4 m/s');
    expect(foldUnits('3 kilojoules at 20 degrees Celsius')).toBe('3 kJ at 20 °C');
    // Words that only begin like a unit stay as they are.
    expect(foldUnits('3 metal rods and 5 seconds later')).toBe('3 metal rods and 5 s later');
  });

  it('reads compound units and powers, folded or not, as one quantity', () => {
    const tokens = (text: string) => quantitiesOf(text).map((q) => q.token);
    expect(tokens('5 m/s² and 5 m/s2')).toEqual(['qty_5_mpers2', 'qty_5_mpers2']);
    expect(tokens('2.7 g/cm³, 2.7 g per cm3')).toEqual(['qty_2.7_gpercm3', 'qty_2.7_gpercm3']);
    expect(tokens('4 kg m/s; 10 N/kg; 2 m2')).toEqual([
      'qty_4_kgmpers',
      'qty_10_nperkg',
      'qty_2_m2',
    ]);
    expect(tokens('12 ohms = 12 Ω')).toEqual(['qty_12_ohm', 'qty_12_ohm']);
    expect(tokens('3 metal rods')).toEqual([]);
  });

  it('gives a full mark to a right answer whose unit is written as a word', () => {
    expect(mark('F = m × a = 4 × 2 = 8 newtons')).toBe(3);
    expect(mark('F = m × a = 4 × 2 = 8 N')).toBe(3);
  });

  it('leaves working out before judging whether an answer is written in sentences', () => {
    expect(withoutWorking('speed = distance / time = 600 m / 40 s = 15 m/s').trim()).toBe('');
    expect(withoutWorking('v = d / t so v = 600 m ÷ 40 s = 15 m/s').trim()).toBe('');
    // A chain that reaches no number is not working, and a long side is a sentence.
    expect(withoutWorking('conductor = insulator = metal')).toBe('conductor = insulator = metal');
    expect(withoutWorking('The speed of the train is found from = 600 / 40 = 15 m/s')).toContain(
      'The speed of the train is found from',
    );
    expect(lacksSentences('force = spring constant × extension = 25 N/m × 0.2 m = 5 N')).toBe(
      false,
    );
    expect(lacksSentences('conductor insulator energy transfer hand rate metal wood')).toBe(true);
    expect(
      lacksSentences('conductor insulator energy transfer hand rate metal wood = 5 × 2 = 10'),
    ).toBe(true);
  });

  it("reads a right value rounded to fewer decimals as the rubric's, and another value as not", () => {
    const CURRENT = {
      question: 'A 12 V supply drives a current through a 36 Ω resistor. Calculate the current.',
      marks: 3,
      lowMarkRange: '0-1',
      highMarkRange: '2-3',
      rubric: rubric(
        'No correct equation and no correct value.',
        'Uses I = V / R, substitutes 12 / 36 and gives 0.333 A.',
      ),
    };
    const doubts = (answer: string) =>
      markOffline({ ...CURRENT, answer, source: 'typed' }, {}).doubts;
    expect(doubts('I = V / R = 12 / 36 = 0.33 A')).not.toContain(MARK_DOUBTS.contradictsRubric);
    expect(doubts('I = V / R = 12 / 36 = 0.3 amps')).not.toContain(MARK_DOUBTS.contradictsRubric);
    expect(doubts('I = V / R = 36 / 12 = 3 A')).toContain(MARK_DOUBTS.contradictsRubric);
  });

  it('keeps the method marks of a slip in the arithmetic, flagged, and not of swapped values', () => {
    const slip = momentum('p = m × v = 3 × 4 = 7 kg m/s');
    expect(slip.score).toBeGreaterThan(0);
    expect(slip.doubts).toContain(MARK_DOUBTS.contradictsRubric);
    expect(momentum('p = m × v = 4 / 3 = 1.33 kg m/s').score).toBe(0);
  });

  it('never tells an answer that writes its result with the unit that it left the unit out', () => {
    const withUnit = momentum('p = m × v = 3 × 4 = 12 kg m/s');
    expect(`${withUnit.aiComment} ${withUnit.suggestion}`).not.toMatch(/without the unit/);
    const without = momentum('p = m × v = 3 × 4 = 12');
    expect(without.aiComment).toMatch(/without the unit/);
  });
});

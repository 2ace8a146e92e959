import { describe, expect, it } from 'vitest';
import {
  hasMarkingData,
  loadPublicQuestions,
  MARKING_DATA_DIR,
} from '../../../test/ai/marking-data';
import { writeOfflineRubric } from './offline-rubric';
import {
  combineRubric,
  parseMarkRange,
  parseRubricSections,
  type TMarkRange,
} from './rubric.format';

function write(question: string, marks: number, low: string, high: string) {
  const lowRange = parseMarkRange(low) as TMarkRange;
  const highRange = parseMarkRange(high) as TMarkRange;
  const rubric = writeOfflineRubric({ question, marks, low: lowRange, high: highRange });
  return { ...rubric, combined: combineRubric(rubric.low, rubric.high, lowRange, highRange) };
}

/** Leftovers of a fill-in template or a broken composition. */
const PLACEHOLDER = /[{}[\]]|_{2,}|\b(?:TODO|undefined|null|NaN)\b|\s,|\.\.\s|\(\)/;

function expectWellFormed(r: ReturnType<typeof write>) {
  expect(r.low.trim()).not.toBe('');
  expect(r.high.trim()).not.toBe('');
  expect(parseRubricSections(r.combined)).toEqual({ low: r.low, high: r.high });
  expect(r.combined).not.toMatch(PLACEHOLDER);
}

describe('writeOfflineRubric on questions a teacher might write', () => {
  it('asks a calculation for working from the given values and a unit', () => {
    const r = write(
      'Calculate the speed of a car that travels 100 m in 20 s. Show your working.',
      3,
      '0-0',
      '2-3',
    );
    expectWellFormed(r);
    expect(r.high).toMatch(/working step by step from the given values \(100 m, 20 s\)/);
    expect(r.high).toMatch(/correct unit/);
    expect(r.high).toMatch(/speed/);
    expect(r.low).toMatch(/no working/);
    expect(r.low).toMatch(/unit/);
  });

  it('names the quantities of a calculation as its terms, never its units or "ball of mass"', () => {
    const r = write(
      'A ball of mass 0.5 kg is dropped from a height of 20 m. Calculate the kinetic energy of the ball just before it hits the ground. Show your working.',
      4,
      '0-1',
      '2-4',
    );
    expectWellFormed(r);
    expect(r.high).toMatch(/Uses the key terms correctly: [^.]*\bmass\b[^.]*kinetic energy/);
    expect(r.combined).not.toMatch(
      /ball of mass|key terms correctly: [^\n]*\bkg\b|names [^;]*\bkg\b/,
    );
    expect(r.low).toMatch(/knowledge of kinetic energy\b/);

    const density = write(
      'A block of wood has a volume of 200 cm³ and a mass of 120 g. Calculate its density.',
      3,
      '0-0',
      '2-3',
    );
    expectWellFormed(density);
    expect(density.high).toContain('from the given values (200 cm³, 120 g)');
    expect(density.low).toMatch(/knowledge of density\b/);
    expect(density.combined).not.toMatch(/\bcm,|names [^;]*\bcm\b/);
  });

  it('asks an equation to solve for working, not for a unit, and names no "step" as its topic', () => {
    const r = write('Solve 2x + 7 = 19, showing each step.', 2, '0-1', '2-2');
    expectWellFormed(r);
    expect(r.combined).not.toMatch(/\bunit\b/);
    expect(r.combined).not.toMatch(/knowledge of step|key terms correctly: step/);
    expect(r.high).toMatch(/with correct working/);
  });

  it('asks a comparison for similarities and differences of both named things', () => {
    const r = write('Compare mitosis and meiosis.', 4, '0-1', '3-4');
    expectWellFormed(r);
    expect(r.high).toMatch(/similarities and differences/);
    expect(r.high).toMatch(/mitosis/);
    expect(r.high).toMatch(/meiosis/);
    expect(r.low).toMatch(/only one side/);
  });

  it('asks an explanation for reasons, not statements', () => {
    const r = write('Explain why the sky appears blue during the day.', 2, '0-1', '2-2');
    expectWellFormed(r);
    expect(r.high).toMatch(/"because"/);
    expect(r.high).toMatch(/sky/);
    expect(r.low).toMatch(/without explaining why or how/);
  });

  it('asks a list for the number of items it names', () => {
    const r = write(
      'List three renewable energy sources and describe how one of them generates electricity.',
      5,
      '0-1',
      '3-5',
    );
    expectWellFormed(r);
    expect(r.high).toMatch(/three correct, distinct renewable energy sources/);
    expect(r.low).toMatch(/fewer than 3 correct renewable energy sources/);
    expect(r.high).toMatch(/electricity/);
    expect(r.low).toMatch(/answers only one part of the question/);
  });

  it('asks an evaluation to weigh both sides', () => {
    const r = write('Evaluate the use of wind turbines to generate electricity.', 6, '0-1', '4-6');
    expectWellFormed(r);
    expect(r.high).toMatch(/weighs both sides/);
    expect(r.high).toMatch(/wind turbines/);
  });

  it('describes every mark of wide ranges, including the marks between them', () => {
    const r = write('Describe the process of photosynthesis in green plants.', 10, '0-3', '6-10');
    expectWellFormed(r);
    expect(r.high).toMatch(/^10 marks \(full marks\):/m);
    expect(r.high).toMatch(/^6 marks \(lower end of the range\):/m);
    expect(r.high).toMatch(/^7-9 marks: in between/m);
    // A single mark between the ends is named as one mark, not as a range such as "4-4".
    const five = write(
      'Explain why a bulb in a series circuit dims when a second bulb is added.',
      5,
      '0-1',
      '3-5',
    );
    expect(five.high).toMatch(/^4 marks: in between/m);
    expect(five.high).not.toContain('4-4');
    expect(r.low).toMatch(/^0 marks:/m);
    expect(r.low).toMatch(/^1-2 marks:/m);
    expect(r.low).toMatch(/^3 marks:/m);
    expect(r.low).toMatch(/^4-5 marks \(between the two ranges\)/m);
    // A low range 0-2 names its single mark below the top as one mark, not as "1-1 marks".
    const seven = write('Explain why ice floats on water.', 7, '0-2', '5-7');
    expect(seven.low).toMatch(/^1 mark: one correct, relevant point/m);
    expect(seven.low).toMatch(/^2 marks: some correct, relevant points/m);
    expect(seven.low).not.toMatch(/\b(\d+)-\1 marks/);
  });

  it("never names the question's own verbs or number as key terms", () => {
    const termsOf = (question: string) =>
      /Uses the key terms correctly: (.*)\./.exec(write(question, 3, '0-1', '2-3').high)?.[1];
    expect(termsOf('A kettle transfers 180 000 J of energy in 60 s. Calculate its power.')).toBe(
      'kettle, energy, power',
    );
    expect(
      termsOf(
        'A student heats water in a beaker. Describe how convection currents form in the water.',
      ),
    ).toBe('water, beaker, convection currents');
    // Nor the question's own number.
    expect(termsOf("Q1: State Newton's first law of motion.")).not.toMatch(/Q1/);
    expect(termsOf('Q2a) Name the gas produced at the anode.')).toBe('gas, anode');
    // Participles and gerunds that name a thing stay part of it.
    expect(
      termsOf('Explain why charged particles move and how the melting point of ice is measured.'),
    ).toContain('charged particles');
  });

  it('handles one-mark questions', () => {
    const r = write('Name the gas that plants absorb for photosynthesis.', 1, '0-0', '1-1');
    expectWellFormed(r);
    expect(r.high).toMatch(/^1 mark:/m);
    expect(r.low).toMatch(/^0 marks:/m);
    expect(r.low).not.toMatch(/between the two ranges/);
  });

  it('still writes a useful rubric for a bare topic', () => {
    const r = write('Photosynthesis', 2, '0-1', '2-2');
    expectWellFormed(r);
    expect(r.high).toMatch(/Photosynthesis/);
  });

  it('is deterministic', () => {
    const question = 'Explain how vaccines protect the body against disease.';
    expect(write(question, 4, '0-1', '3-4')).toEqual(write(question, 4, '0-1', '3-4'));
  });
});

/** Terms a teacher would expect each rubric to name (checked case-insensitively). */
const EXPECTED_TERMS: Record<string, string[]> = {
  'asap-sas-1': ['procedure', 'replicate', 'three pieces of information'],
  'asap-sas-3': ['pandas', 'koalas', 'pythons', 'article'],
  'asap-sas-5': ['mRNA', 'nucleus', 'protein synthesis', '4 correct'],
  'asap-sas-6': ['cell membrane', 'movement of substances', 'fewer than 3'],
  'asap-sas-10': ['doghouse', 'paint color', 'experiment'],
  'saf-en-2.1_DLL': ['service classes', 'Data Link Layer', 'differences', 'fewer than 3'],
  'saf-en-2.2_DLL': ['asynchronous', 'synchronous transmission mode', 'differs'],
  'saf-en-4.1_LM': ['collision domain diameter', 'CSMA/CD', 'direction'],
  'saf-en-6.1_IPP': ['IPv6', 'at least 4 correct'],
  'saf-en-6.3_IPP': ['Dynamic Host Configuration Protocol', 'used for'],
  'saf-en-8.2_MM': ['Reverse Path Forwarding', 'Reverse Path Broadcast', 'step by step'],
  'saf-en-10.2_TC': ['congestion control', 'cwnd', 'Slow Start Threshold', '1-4 sentences'],
  'saf-en-12.2_PE': ['working', 'seconds', 'queue'],
  'saf-en-12.3_PE': ['poisson process', 'internet traffic', 'yes or no'],
};

describe.skipIf(!hasMarkingData)(
  `writeOfflineRubric on the public questions (${MARKING_DATA_DIR})`,
  () => {
    const questions = hasMarkingData ? loadPublicQuestions() : [];

    it('writes two well-formed sections for every question', () => {
      expect(questions).toHaveLength(28);
      for (const q of questions) {
        const r = write(q.question, q.marks, q.lowMarkRange, q.highMarkRange);
        expectWellFormed(r);
        expect(r.high.split('\n').length, q.questionId).toBeGreaterThanOrEqual(4);
        expect(r.low.split('\n').length, q.questionId).toBeGreaterThanOrEqual(4);
      }
    });

    it("names each question's key terms and demands", () => {
      for (const [id, terms] of Object.entries(EXPECTED_TERMS)) {
        const q = questions.find((x) => x.questionId === id);
        if (!q) throw new Error(`question ${id} not in the data`);
        const { combined, low } = write(q.question, q.marks, q.lowMarkRange, q.highMarkRange);
        for (const term of terms)
          expect(combined.toLowerCase(), `${id}: ${term}`).toContain(term.toLowerCase());
        // The low band names the question's own terms too, not only generic faults.
        expect(
          terms.some((t) => low.toLowerCase().includes(t.toLowerCase())),
          id,
        ).toBe(true);
      }
    });

    it('gives different questions different rubrics', () => {
      const texts = new Set(
        questions.map((q) => write(q.question, q.marks, q.lowMarkRange, q.highMarkRange).high),
      );
      expect(texts.size).toBe(questions.length);
    });
  },
);

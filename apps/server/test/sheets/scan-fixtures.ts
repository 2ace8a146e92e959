import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { apiPath, fillPath } from '@stem/contract/api';
import { SCAN_PATHS, type TScanBatchDetails } from '@stem/contract/scans';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import sharp from 'sharp';
import { renderPdfPages } from '../../src/extraction/pdf';
import type { TBookletLayout, TBookletRegion } from '../../src/extraction/sheets/booklet-layout';
import { sheetLayout, type TRect } from '../../src/extraction/sheets/sheet-layout';
import { HANDWRITING_DIR, hasHandwriting } from '../extraction/fixtures';

/** How a filled sheet is spoiled on its way through the scanner. */
export type TScanLook = {
  /** Degrees the page is turned (180 = upside down, 90 = sideways; small values = skew). */
  rotate?: number;
  /** Speckle noise and a grey paper tone. */
  noisy?: boolean;
  /** The code is covered (torn corner, sticker, a sheet without a code). */
  hideCode?: boolean;
  /** Everything above the answer box is cut off (no code, no name, no question). */
  hideHeader?: boolean;
};

/** What a student writes on a sheet: answer text (and a name on a blank sheet). */
export type TFill = { answer: string; name?: string; handwriting?: Buffer };

/**
 * Writes each page's answer (and name) into the sheet's boxes, in a slanted typewriter face standing
 * in for handwriting (pdf-lib's standard fonts: nothing to install), then returns the filled PDF.
 */
export async function fillSheets(pdf: Uint8Array, fills: TFill[], paper: 'a4' | 'letter' = 'a4') {
  const doc = await PDFDocument.load(pdf);
  const font = await doc.embedFont(StandardFonts.CourierBoldOblique);
  const layout = sheetLayout(paper);
  const pages = doc.getPages();
  for (const [i, fill] of fills.entries()) {
    const page = pages[i];
    if (!page) break;
    const words = fill.answer.split(/\s+/);
    const lines: string[] = [];
    let line = '';
    for (const word of words) {
      if (font.widthOfTextAtSize(`${line} ${word}`, 16) > layout.answer.width - 60) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    if (line) lines.push(line);
    if (fill.handwriting) {
      const image = await doc.embedPng(fill.handwriting);
      const width = layout.answer.width - 40;
      const height = Math.min(layout.answer.height - 60, (image.height / image.width) * width);
      page.drawImage(image, {
        x: layout.answer.x + 20,
        y: layout.height - layout.answer.y - 30 - height,
        width,
        height,
      });
    } else {
      lines.forEach((text, n) =>
        page.drawText(text, {
          x: layout.answer.x + 24,
          y: layout.height - layout.answer.y - 48 - n * 30,
          size: 16,
          font,
          color: rgb(0.08, 0.1, 0.35),
        }),
      );
    }
    if (fill.name) {
      page.drawText(fill.name.toUpperCase(), {
        x: layout.nameBox.x + 16,
        y: layout.height - layout.nameBox.y - 46,
        size: 18,
        font,
        color: rgb(0.08, 0.1, 0.35),
      });
    }
  }
  return doc.save();
}

/**
 * A handwriting sample's ink alone (its paper transparent): the synthetic pages are drawn on their
 * own off-white, sometimes ruled paper, whose edges and rules are no part of what a student writes
 * on a printed booklet. Each pixel keeps its colour, with an opacity from how much darker than the
 * sample's paper it is.
 */
async function inkOnly(png: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  for (let i = 0; i < data.length; i += 4) {
    const grey = 0.299 * (data[i] ?? 0) + 0.587 * (data[i + 1] ?? 0) + 0.114 * (data[i + 2] ?? 0);
    data[i + 3] = Math.round(255 * Math.max(0, Math.min(1, (215 - grey) / 110)));
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
    .png()
    .toBuffer();
}

/**
 * Writes `fill` into an answer box of a page: typed in a slanted face, or a handwriting image fitted
 * inside the box (below its printed label), keeping its proportions.
 */
async function writeInBox(doc: PDFDocument, page: PDFPage, font: PDFFont, box: TRect, fill: TFill) {
  const height = page.getHeight();
  if (fill.handwriting) {
    const image = await doc.embedPng(await inkOnly(fill.handwriting));
    const scale = Math.min((box.width - 24) / image.width, (box.height - 26) / image.height);
    page.drawImage(image, {
      x: box.x + 12,
      y: height - box.y - 18 - image.height * scale,
      width: image.width * scale,
      height: image.height * scale,
    });
    return;
  }
  const lines: string[] = [];
  let line = '';
  for (const word of fill.answer.split(/\s+/).filter(Boolean)) {
    if (font.widthOfTextAtSize(`${line} ${word}`, 16) > box.width - 60) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  lines.forEach((text, n) =>
    page.drawText(text, {
      x: box.x + 24,
      y: height - box.y - 44 - n * 28,
      size: 16,
      font,
      color: rgb(0.08, 0.1, 0.35),
    }),
  );
}

/**
 * Fills printed test booklets: `fill` says what is written in each box of each page (the PDF's page
 * index, 0-based: student = index / pages per booklet), or null for a box left blank.
 */
export async function fillBooklets(
  pdf: Uint8Array,
  layout: TBookletLayout,
  fill: (pageIndex: number, region: TBookletRegion) => TFill | null,
) {
  const doc = await PDFDocument.load(pdf);
  const font = await doc.embedFont(StandardFonts.CourierBoldOblique);
  for (const [i, page] of doc.getPages().entries()) {
    const own = layout.pages[i % layout.pages.length];
    for (const region of own?.regions ?? []) {
      const what = fill(i, region);
      if (what && (what.answer || what.handwriting))
        await writeInBox(doc, page, font, region.answer, what);
    }
  }
  return doc.save();
}

/** The page as a scanner would give it back: a greyscale JPEG, turned, noisy or with the code hidden. */
export async function scanLook(png: Buffer, look: TScanLook, paper: 'a4' | 'letter' = 'a4') {
  let image = sharp(png);
  if (look.hideCode || look.hideHeader) {
    const meta = await sharp(png).metadata();
    const layout = sheetLayout(paper);
    const scale = (meta.width ?? 1) / layout.width;
    const box = look.hideHeader
      ? { x: 0, y: 0, width: layout.width, height: layout.answer.y - 4 }
      : {
          x: layout.qr.x - 6,
          y: layout.qr.y - 6,
          width: layout.qr.width + 12,
          height: layout.qr.height + 12,
        };
    const cover = Buffer.from(
      `<svg width="${meta.width}" height="${meta.height}"><rect x="${box.x * scale}" y="${box.y * scale}" width="${box.width * scale}" height="${box.height * scale}" fill="white"/></svg>`,
    );
    image = sharp(
      await image
        .composite([{ input: cover }])
        .png()
        .toBuffer(),
    );
  }
  if (look.noisy) {
    const { data, info } = await image.greyscale().raw().toBuffer({ resolveWithObject: true });
    let seed = 7;
    for (let i = 0; i < data.length; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const r = seed % 1000;
      const v = (data[i] ?? 255) - 18 + (r % 23);
      data[i] = r < 3 ? 40 : Math.max(0, Math.min(255, v));
    }
    image = sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } }).blur(0.6);
  }
  if (look.rotate)
    image = sharp(await image.png().toBuffer()).rotate(look.rotate, { background: '#f4f2ea' });
  return image.greyscale().jpeg({ quality: 80 }).toBuffer();
}

/** A scanner's PDF: one JPEG per page, each filling a page of its own size. */
export async function scannedPdf(jpegs: Buffer[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (const jpeg of jpegs) {
    const image = await doc.embedJpg(jpeg);
    // 150 dpi scans: points = pixels * 72 / 150.
    const width = (image.width * 72) / 150;
    const height = (image.height * 72) / 150;
    const page = doc.addPage([width, height]);
    page.drawImage(image, { x: 0, y: 0, width, height });
  }
  return Buffer.from(await doc.save());
}

/** Renders a sheet PDF's pages as a 150 dpi scanner would (A4: 1240 x 1754 px). */
export async function renderSheets(pdf: Uint8Array, maxPages: number): Promise<Buffer[]> {
  return renderPdfPages(pdf, { maxPages, maxSide: 1754 });
}

/** Synthetic handwriting pages from the public data, with their text (none when the data is absent). */
export function handwritingSamples(count: number): { png: Buffer; text: string; file: string }[] {
  if (!hasHandwriting) return [];
  const folder = path.join(HANDWRITING_DIR, 'synthetic');
  return readdirSync(folder)
    .filter((f) => f.endsWith('.png'))
    .sort()
    .slice(0, count)
    .map((f) => ({
      file: f,
      png: readFileSync(path.join(folder, f)),
      text: readFileSync(path.join(folder, f.replace(/\.png$/, '.txt')), 'utf8'),
    }));
}

/** A multipart form as a browser sends it: fields, then files. */
export function multipart(
  fields: Record<string, string>,
  files: { name: string; bytes: Buffer; type: string }[],
) {
  const boundary = '----stem-scan-test-boundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A scan batch as its teacher reads it (GET /scan/batches/{id}). */
export async function getScanBatch(
  app: FastifyInstance,
  headers: Record<string, string>,
  id: string,
): Promise<TScanBatchDetails> {
  const response = await app.inject({
    method: 'GET',
    url: apiPath(fillPath(SCAN_PATHS.batch, { id })),
    headers,
  });
  if (response.statusCode !== 200) {
    throw new Error(`GET batch ${id}: ${response.statusCode} ${response.body}`);
  }
  return response.json<{ data: TScanBatchDetails }>().data;
}

/**
 * Reads the batch until `done` says so: a wait for the reader and the marker, not a timing (past
 * `ms` the test fails, saying where the batch stood).
 */
export async function waitForScanBatch(
  app: FastifyInstance,
  headers: Record<string, string>,
  id: string,
  done: (batch: TScanBatchDetails) => boolean,
  ms = 200_000,
): Promise<TScanBatchDetails> {
  const deadline = Date.now() + ms;
  for (;;) {
    const batch = await getScanBatch(app, headers, id);
    if (done(batch)) return batch;
    if (Date.now() > deadline) throw new Error(`batch not done: ${JSON.stringify(batch)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { normaliseImage } from '../../src/extraction/normalise';
import { pagePreparation, type OcrPort } from '../../src/extraction/ocr/port';
import { BLANK_INK_PER_MILLE, inkPerMille } from '../../src/extraction/sheets/read-sheet';
import { HANDWRITING_DIR, hasHandwriting } from '../extraction/fixtures';

/**
 * A labelled set of answer-box reads for the OCR debris check (issue 28): what our engine reads from
 * boxes with real writing in them, and from boxes with none (paper grain, smudges, a box's border,
 * scribbles, stray marks, show-through, an upside-down printed page). Each box is drawn as the reader
 * would cut it from a 150 dpi scan, measured for ink as the reader does (a box under the blank
 * threshold never reaches the debris check), prepared for the engine and read.
 *
 * Writing: the public handwriting data (shared/data/handwriting, read from there): the 60 synthetic
 * answer pages (answers in three handwriting fonts) fitted into an answer box, and the 164 real
 * handwritten names written in a box. Held out: synthetic pages whose number is a multiple of 3, the
 * names of the Kaggle test file; the rest tunes. Debris: generated here from seeds, odd seeds held out.
 */
export type TDebrisPart = 'tune' | 'held';
export type TDebrisKind = 'writing' | 'debris';
export type TDebrisCase = {
  id: string;
  kind: TDebrisKind;
  /** synthetic, names, or the debris generator's name. */
  source: string;
  part: TDebrisPart;
  /** Ink per thousand pixels of the box as cut (under BLANK_INK_PER_MILLE: blank, never read). */
  ink: number;
  text: string;
  confidence: number | undefined;
};

/** A box of a 3-4 mark answer on an A4 booklet at 150 dpi, as cut below its label. */
const BOX = { width: 1080, height: 420 };
const PAPER = 238;

/** mulberry32: a small deterministic generator, so each seed draws the same box every time. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Paper as a scanner gives it: a tone, grain of the given strength, and speckles. */
function paper(rand: () => number, width: number, height: number, grain: number, speckle: number) {
  const data = Buffer.alloc(width * height);
  const tone = PAPER - Math.floor(rand() * 12);
  for (let i = 0; i < data.length; i++) {
    // Roughly Gaussian grain: the sum of three uniforms.
    const g = (rand() + rand() + rand() - 1.5) * grain;
    data[i] =
      rand() < speckle ? 40 + Math.floor(rand() * 60) : Math.max(0, Math.min(255, tone + g));
  }
  return data;
}

/** A scanned box: paper, an SVG drawn on it, blurred, turned a little, JPEG'd, cut as the reader does. */
async function scannedBox(
  rand: () => number,
  svg: string,
  options: { grain?: number; speckle?: number; rotate?: number; blur?: number } = {},
): Promise<Buffer> {
  const { width, height } = BOX;
  const raw = paper(rand, width, height, options.grain ?? 10, options.speckle ?? 0.0005);
  let image = sharp(raw, { raw: { width, height, channels: 1 } })
    .toColourspace('srgb')
    .composite([{ input: Buffer.from(svg) }]);
  let png = await image.png().toBuffer();
  image = sharp(png).greyscale();
  if (options.blur) image = image.blur(options.blur);
  if (options.rotate) image = image.rotate(options.rotate, { background: '#eeece4' });
  png = await image.jpeg({ quality: 80 }).toBuffer();
  const meta = await sharp(png).metadata();
  const w = meta.width ?? width;
  const h = meta.height ?? height;
  return sharp(png)
    .extract({
      left: Math.floor((w - width) / 2),
      top: Math.floor((h - height) / 2),
      width,
      height,
    })
    .greyscale()
    .png({ compressionLevel: 0 })
    .toBuffer();
}

const svgOf = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${BOX.width}" height="${BOX.height}">${body}</svg>`;

/** A pen stroke: a smooth path through a few random points. */
function stroke(rand: () => number, points: number, spread: number, ink: string, width: number) {
  let x = 80 + rand() * (BOX.width - 160);
  let y = 60 + rand() * (BOX.height - 120);
  let d = `M${x.toFixed(0)} ${y.toFixed(0)}`;
  for (let i = 0; i < points; i++) {
    const cx = x + (rand() - 0.5) * spread;
    const cy = y + (rand() - 0.5) * spread;
    x = Math.max(20, Math.min(BOX.width - 20, x + (rand() - 0.5) * spread));
    y = Math.max(20, Math.min(BOX.height - 20, y + (rand() - 0.5) * spread));
    d += ` Q${cx.toFixed(0)} ${cy.toFixed(0)} ${x.toFixed(0)} ${y.toFixed(0)}`;
  }
  return `<path d="${d}" fill="none" stroke="${ink}" stroke-width="${width}" stroke-linecap="round"/>`;
}

const INKS = ['#1c1c22', '#162670', '#333333', '#555555'];
const PRINTED = [
  'STEM@Home test booklet',
  'Question 2 of 4 (4 marks)',
  'Describe osmosis in a root hair cell.',
  'Write your answer in the box below.',
  'Amara Okafor Year 9 Biology Page 1 of 3',
  'Continuation of Question 3',
];

/** Debris generators: each draws one box with no writing in it from a seed. */
const DEBRIS: Record<string, (rand: () => number) => Promise<Buffer>> = {
  // Heavy paper grain and scanner noise.
  grain: (rand) =>
    scannedBox(rand, svgOf(''), { grain: 70 + rand() * 60, speckle: 0.01, blur: 0.4 }),
  // A page of dark speckles (dust on the glass, a dirty photocopy).
  speckle: (rand) =>
    scannedBox(rand, svgOf(''), { grain: 20, speckle: 0.01 + rand() * 0.03, blur: 0.5 }),
  // Soft grey smudges: rubbed-out pencil, a thumb, a coffee ring.
  smudge: (rand) => {
    const blobs = Array.from({ length: 1 + Math.floor(rand() * 4) }, () => {
      const grey = 60 + Math.floor(rand() * 90);
      return `<ellipse cx="${(100 + rand() * 880).toFixed(0)}" cy="${(60 + rand() * 300).toFixed(0)}" rx="${(20 + rand() * 160).toFixed(0)}" ry="${(8 + rand() * 60).toFixed(0)}" fill="rgb(${grey},${grey},${grey})" opacity="${(0.4 + rand() * 0.6).toFixed(2)}"/>`;
    }).join('');
    return scannedBox(rand, svgOf(blobs), { grain: 25, blur: 4 + rand() * 6 });
  },
  // The printed border of a skewed box reaching into the crop, and the label line above it.
  border: (rand) => {
    const inset = 2 + rand() * 10;
    const body = `<rect x="${inset}" y="${inset}" width="${BOX.width - 2 * inset}" height="${BOX.height - 2 * inset}" fill="none" stroke="#222" stroke-width="${(2 + rand() * 3).toFixed(1)}"/>${rand() < 0.5 ? `<text x="${(inset + 6).toFixed(0)}" y="${(inset + 4).toFixed(0)}" font-family="sans-serif" font-size="18" fill="#222">Question ${1 + Math.floor(rand() * 4)}</text>` : ''}`;
    return scannedBox(rand, svgOf(body), {
      grain: 20 + rand() * 30,
      rotate: (rand() - 0.5) * 4,
      speckle: 0.002,
    });
  },
  // A scribble: a few random pen strokes.
  scribble: (rand) => {
    const ink = INKS[Math.floor(rand() * INKS.length)] ?? '#222';
    const body = Array.from({ length: 1 + Math.floor(rand() * 3) }, () =>
      stroke(rand, 3 + Math.floor(rand() * 10), 60 + rand() * 200, ink, 2 + rand() * 3),
    ).join('');
    return scannedBox(rand, svgOf(body), { grain: 15 + rand() * 25, blur: 0.6 });
  },
  // Something crossed out: dense zig-zag hatching.
  crossedOut: (rand) => {
    const ink = INKS[Math.floor(rand() * INKS.length)] ?? '#222';
    const x0 = 60 + rand() * 300;
    const y0 = 40 + rand() * 200;
    const w = 200 + rand() * 500;
    const h = 30 + rand() * 120;
    let d = `M${x0.toFixed(0)} ${y0.toFixed(0)}`;
    for (let x = x0; x < x0 + w; x += 8 + rand() * 14) {
      d += ` L${x.toFixed(0)} ${(y0 + (rand() < 0.5 ? 0 : h) + (rand() - 0.5) * 10).toFixed(0)}`;
    }
    return scannedBox(
      rand,
      svgOf(
        `<path d="${d}" fill="none" stroke="${ink}" stroke-width="${(2 + rand() * 2).toFixed(1)}"/>`,
      ),
      { grain: 20, blur: 0.6 },
    );
  },
  // Stray marks: dots, dashes, a tick, a lone arrow.
  marks: (rand) => {
    const body = Array.from({ length: 2 + Math.floor(rand() * 8) }, () => {
      const x = 40 + rand() * 1000;
      const y = 30 + rand() * 360;
      const kind = rand();
      if (kind < 0.4)
        return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${(2 + rand() * 4).toFixed(1)}" fill="#222"/>`;
      const dx = (rand() - 0.5) * 60;
      const dy = (rand() - 0.5) * (kind < 0.8 ? 6 : 60);
      return `<line x1="${x.toFixed(0)}" y1="${y.toFixed(0)}" x2="${(x + dx).toFixed(0)}" y2="${(y + dy).toFixed(0)}" stroke="#222" stroke-width="${(2 + rand() * 2).toFixed(1)}" stroke-linecap="round"/>`;
    }).join('');
    return scannedBox(rand, svgOf(body), { grain: 20 + rand() * 30, blur: 0.5 });
  },
  // Printed text of the sheet upside down (an upside-down blank page read whole), with grain.
  upsideDown: (rand) => {
    const lines = Array.from({ length: 2 + Math.floor(rand() * 4) }, (_, i) => {
      const text = PRINTED[Math.floor(rand() * PRINTED.length)] ?? '';
      return `<text x="${(40 + rand() * 200).toFixed(0)}" y="${(60 + i * 70).toFixed(0)}" font-family="sans-serif" font-size="${(18 + rand() * 14).toFixed(0)}" fill="#222">${text}</text>`;
    }).join('');
    return scannedBox(
      rand,
      svgOf(`<g transform="rotate(180 ${BOX.width / 2} ${BOX.height / 2})">${lines}</g>`),
      {
        grain: 20 + rand() * 40,
        blur: 0.5,
        speckle: 0.003,
      },
    );
  },
  // Faint ruled lines and a margin line on grainy paper.
  ruled: (rand) => {
    const gap = 45 + rand() * 20;
    let body = '';
    for (let y = 30 + rand() * 20; y < BOX.height; y += gap) {
      body += `<line x1="0" y1="${y.toFixed(0)}" x2="${BOX.width}" y2="${y.toFixed(0)}" stroke="#7080c0" stroke-width="2"/>`;
    }
    body += `<line x1="${(60 + rand() * 40).toFixed(0)}" y1="0" x2="${(60 + rand() * 40).toFixed(0)}" y2="${BOX.height}" stroke="#c04040" stroke-width="2"/>`;
    return scannedBox(rand, svgOf(body), {
      grain: 30 + rand() * 40,
      rotate: (rand() - 0.5) * 3,
      speckle: 0.004,
    });
  },
};

/** Writing shown through from the back of the sheet: a handwriting page mirrored and faint. */
async function showThrough(rand: () => number, sample: Buffer): Promise<Buffer> {
  const ink = await sharp(sample)
    .flop()
    .resize({ width: BOX.width - 40, height: BOX.height - 40, fit: 'inside' })
    .greyscale()
    .linear(0.35, 255 * 0.65 - 20 * rand())
    .png()
    .toBuffer();
  const raw = paper(rand, BOX.width, BOX.height, 20, 0.001);
  const png = await sharp(raw, { raw: { width: BOX.width, height: BOX.height, channels: 1 } })
    .composite([{ input: ink, blend: 'multiply', left: 20, top: 20 }])
    .png()
    .toBuffer();
  return sharp(png).blur(0.8).greyscale().png({ compressionLevel: 0 }).toBuffer();
}

/** A handwriting page fitted into an answer box (its own paper dropped), scanned in one of five looks. */
async function writtenBox(rand: () => number, sample: Buffer, look: number): Promise<Buffer> {
  const { data, info } = await sharp(sample)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  for (let i = 0; i < data.length; i += 4) {
    const grey = 0.299 * (data[i] ?? 0) + 0.587 * (data[i + 1] ?? 0) + 0.114 * (data[i + 2] ?? 0);
    data[i + 3] = Math.round(255 * Math.max(0, Math.min(1, (215 - grey) / 110)));
  }
  const ink = await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
    .resize({ width: BOX.width - 24, height: BOX.height - 20, fit: 'inside' })
    .png()
    .toBuffer();
  const inkB64 = ink.toString('base64');
  const meta = await sharp(ink).metadata();
  const svg = svgOf(
    `<image x="12" y="4" width="${meta.width}" height="${meta.height}" href="data:image/png;base64,${inkB64}"/>`,
  );
  const looks = [
    {},
    { rotate: 1.5 },
    { grain: 30, speckle: 0.003, blur: 0.6 },
    { rotate: -2 },
    { rotate: 0.8, grain: 30, speckle: 0.003, blur: 0.6 },
  ];
  return scannedBox(rand, svg, looks[look % looks.length] ?? {});
}

function csvRows(file: string): string[][] {
  return readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .slice(1)
    .filter(Boolean)
    .map((l) => l.split(','));
}

/** A real handwritten name (284 x 31 px) written in a small box, scaled as a 150 dpi scan gives it. */
async function nameBox(rand: () => number, jpeg: Buffer): Promise<Buffer> {
  const width = 700;
  const height = 140;
  const name = await sharp(jpeg)
    .greyscale()
    .resize({ width: 600, height: 90, fit: 'inside' })
    .png()
    .toBuffer();
  const raw = paper(rand, width, height, 10, 0.0005);
  return sharp(raw, { raw: { width, height, channels: 1 } })
    .composite([{ input: name, blend: 'multiply', left: 40, top: 25 }])
    .greyscale()
    .png({ compressionLevel: 0 })
    .toBuffer();
}

type TBox = {
  id: string;
  kind: TDebrisKind;
  source: string;
  part: TDebrisPart;
  png: () => Promise<Buffer>;
};

/** The boxes of the set (drawn lazily), writing and debris, in both parts or one. */
export function debrisBoxes(options: { parts?: TDebrisPart[]; perGenerator?: number } = {}) {
  const parts = new Set(options.parts ?? ['tune', 'held']);
  const boxes: TBox[] = [];
  if (hasHandwriting) {
    const folder = path.join(HANDWRITING_DIR, 'synthetic');
    const files = readdirSync(folder)
      .filter((f) => f.endsWith('.png'))
      .sort();
    files.forEach((file, i) => {
      const n = Number(file.slice(0, 3));
      boxes.push({
        id: `synthetic/${file}`,
        kind: 'writing',
        source: 'synthetic',
        part: n % 3 === 0 ? 'held' : 'tune',
        png: () => writtenBox(random(1000 + n), readFileSync(path.join(folder, file)), i),
      });
    });
    const names = path.join(HANDWRITING_DIR, 'names');
    for (const [file, , split] of csvRows(path.join(names, 'labels.csv'))) {
      if (!file) continue;
      boxes.push({
        id: `names/${file}`,
        kind: 'writing',
        source: 'names',
        part: split === 'test_v2' ? 'held' : 'tune',
        png: () => nameBox(random(file.length * 7919), readFileSync(path.join(names, file))),
      });
    }
    // Show-through of the synthetic pages, mirrored: debris drawn from real writing.
    files.slice(0, options.perGenerator ?? 12).forEach((file, seed) => {
      boxes.push({
        id: `showThrough/${seed}`,
        kind: 'debris',
        source: 'showThrough',
        part: seed % 2 === 1 ? 'held' : 'tune',
        png: () => showThrough(random(seed + 77), readFileSync(path.join(folder, file))),
      });
    });
  }
  for (const [name, draw] of Object.entries(DEBRIS)) {
    for (let seed = 0; seed < (options.perGenerator ?? 12); seed++) {
      boxes.push({
        id: `${name}/${seed}`,
        kind: 'debris',
        source: name,
        part: seed % 2 === 1 ? 'held' : 'tune',
        png: () => draw(random(seed * 131 + name.length)),
      });
    }
  }
  return boxes.filter((b) => parts.has(b.part));
}

/**
 * Reads the set's boxes as the reader does: ink measured on the crop, the crop prepared for the
 * engine and read. Boxes under the blank threshold are kept with empty text (the reader calls them
 * blank and never asks whether they are debris).
 */
export async function readDebrisSet(
  ocr: OcrPort,
  options: { parts?: TDebrisPart[]; perGenerator?: number; onCase?: (c: TDebrisCase) => void } = {},
): Promise<TDebrisCase[]> {
  const preparation = pagePreparation(ocr);
  const boxes = debrisBoxes(options);
  const out: TDebrisCase[] = [];
  let next = 0;
  const worker = async () => {
    for (;;) {
      const box = boxes[next++];
      if (!box) return;
      const crop = await box.png();
      const ink = await inkPerMille(crop);
      let text = '';
      let confidence: number | undefined;
      if (ink >= BLANK_INK_PER_MILLE) {
        const { png } = await normaliseImage(crop, { deskew: true, ...preparation });
        const result = await ocr.recognize(png);
        text = result.text.trim();
        confidence = result.confidence;
      }
      const read: TDebrisCase = {
        id: box.id,
        kind: box.kind,
        source: box.source,
        part: box.part,
        ink,
        text,
        confidence,
      };
      options.onCase?.(read);
      out.push(read);
    }
  };
  await Promise.all([worker(), worker()]);
  return out.sort((a, b) => a.id.localeCompare(b.id));
}

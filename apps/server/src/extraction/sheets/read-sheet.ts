import { createRequire } from 'node:module';
import sharp from 'sharp';
import type jsQRType from 'jsqr';
import { normaliseImage } from '../normalise';
import { type OcrPort, type TOcrResult, type TPagePreparation } from '../ocr/port';
import type { TBookletLayout } from './booklet-layout';
import { decodePageCode, type TBookletCode, type TSheetCode } from './sheet-code';
import { sheetLayout, type TRect } from './sheet-layout';

// jsqr is a CommonJS bundle whose default export is the function itself.
const jsQR = createRequire(import.meta.url)('jsqr') as typeof jsQRType;

/** Longest side the page is worked on: enough for a 40 mm code and a readable answer box. */
const WORK_SIDE = 2000;
/** Longest side QR detection first tries (faster); the full working size is the fallback. */
const QR_SIDES = [1200, WORK_SIDE];

type TPoint = { x: number; y: number };

export type TSheetRead =
  | {
      kind: 'code';
      code: TSheetCode;
      answer: TOcrResult;
      /** The answer box as cut, for the teacher (the whole page when it could not be cut). */
      image: Uint8Array;
      /** The answer box holds no writing: nothing was read from it. */
      blank: boolean;
      /** The answer box could not be cut out of the page (nothing was read from it). */
      uncut: boolean;
      /** The name box's text, read only on a blank sheet (the code names no student). */
      name?: string;
    }
  | {
      kind: 'booklet';
      code: TBookletCode;
      /**
       * Each answer box of the page, top to bottom, with what was read from it; null when the
       * booklet's layout is not known (a booklet of another class, or one deleted since).
       */
      regions: TRegionRead[] | null;
      /** The whole page, for the teacher. */
      image: Uint8Array;
    }
  | {
      /** A code was found but is not a valid STEM@Home sheet code (edited, forged, foreign). */
      kind: 'bad_code';
      reason: 'not_ours' | 'forged';
      page: TOcrResult;
      /** The whole page, for the teacher. */
      image: Uint8Array;
    }
  | { kind: 'no_code'; page: TOcrResult; image: Uint8Array };

/** One answer box of a booklet page: its question, its image as read, and the text read from it. */
export type TRegionRead = {
  /** 1-based place of the box on its page. */
  region: number;
  questionId: string;
  number: number;
  continuation: boolean;
  /** The box as cut, for the teacher (null when it could not be cut). */
  image: Uint8Array | null;
  answer: TOcrResult;
  blank: boolean;
  uncut: boolean;
};

type TWorkImage = { data: Buffer; width: number; height: number };

/** The page as greyscale pixels (EXIF orientation applied), longest side at most WORK_SIDE. */
async function workImage(image: Buffer, maxPixels: number): Promise<TWorkImage> {
  const { data, info } = await sharp(image, { limitInputPixels: maxPixels, failOn: 'error' })
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize({ width: WORK_SIDE, height: WORK_SIDE, fit: 'inside', withoutEnlargement: true })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function rgbaAt(work: TWorkImage, side: number, smooth: boolean) {
  const scale = Math.min(1, side / Math.max(work.width, work.height));
  let pipeline = sharp(work.data, {
    raw: { width: work.width, height: work.height, channels: 1 },
  });
  if (scale < 1) {
    pipeline = pipeline.resize({
      width: Math.round(work.width * scale),
      height: Math.round(work.height * scale),
      fit: 'fill',
    });
  }
  if (smooth) pipeline = pipeline.median(3).normalise();
  const { data, info } = await pipeline
    .toColourspace('srgb')
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    rgba: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
    scale: info.width / work.width,
  };
}

type TFound = { text: string; topLeft: TPoint; topRight: TPoint; bottomLeft: TPoint };

/**
 * Finds the page's QR code: jsQR locates the finder patterns at any rotation, so upside-down and
 * sideways pages need no extra pass; a noisy scan gets a second try smoothed and at full size.
 */
export async function findCode(work: TWorkImage): Promise<TFound | null> {
  for (const smooth of [false, true]) {
    for (const side of QR_SIDES) {
      const img = await rgbaAt(work, side, smooth);
      const found = jsQR(img.rgba, img.width, img.height, { inversionAttempts: 'dontInvert' });
      if (found?.data) {
        const back = (p: TPoint) => ({ x: p.x / img.scale, y: p.y / img.scale });
        return {
          text: found.data,
          topLeft: back(found.location.topLeftCorner),
          topRight: back(found.location.topRightCorner),
          bottomLeft: back(found.location.bottomLeftCorner),
        };
      }
    }
  }
  return null;
}

/** The page turned so its code stands upright, and how to find a layout point on it. */
type TTurnedPage = {
  data: Buffer;
  width: number;
  height: number;
  /** A point of the layout (points) on the turned page (pixels). */
  at: (x: number, y: number) => TPoint;
};

/**
 * Turns the page so the code stands upright (any rotation, upside down included), located by the
 * code's corners: done once per page, however many boxes are cut from it.
 */
async function turnPage(work: TWorkImage, found: TFound, qr: TRect): Promise<TTurnedPage> {
  const ux = {
    x: (found.topRight.x - found.topLeft.x) / qr.width,
    y: (found.topRight.y - found.topLeft.y) / qr.width,
  };
  const uy = {
    x: (found.bottomLeft.x - found.topLeft.x) / qr.height,
    y: (found.bottomLeft.y - found.topLeft.y) / qr.height,
  };
  const theta = Math.atan2(ux.y, ux.x);
  const degrees = (-theta * 180) / Math.PI;
  const turned =
    Math.abs(degrees) < 0.2
      ? { data: work.data, info: { width: work.width, height: work.height } }
      : await sharp(work.data, { raw: { width: work.width, height: work.height, channels: 1 } })
          .rotate(degrees, { background: { r: 255, g: 255, b: 255 } })
          .greyscale()
          .raw()
          .toBuffer({ resolveWithObject: true });
  const { width, height } = turned.info;
  const straight = Math.abs(degrees) < 0.2;
  const cos = Math.cos(straight ? 0 : -theta);
  const sin = Math.sin(straight ? 0 : -theta);
  const cx = work.width / 2;
  const cy = work.height / 2;
  return {
    data: turned.data,
    width,
    height,
    at: (x, y) => {
      const p = {
        x: found.topLeft.x + (x - qr.x) * ux.x + (y - qr.y) * uy.x,
        y: found.topLeft.y + (x - qr.x) * ux.y + (y - qr.y) * uy.y,
      };
      return {
        x: cos * (p.x - cx) - sin * (p.y - cy) + width / 2,
        y: sin * (p.x - cx) + cos * (p.y - cy) + height / 2,
      };
    },
  };
}

/** Cuts a rectangle of the sheet (layout points) out of the turned page, `inset` points inside it. */
async function cropSheetRect(
  page: TTurnedPage,
  target: TRect,
  inset: number,
): Promise<Buffer | null> {
  const moved = [
    page.at(target.x + inset, target.y + inset),
    page.at(target.x + target.width - inset, target.y + inset),
    page.at(target.x + inset, target.y + target.height - inset),
    page.at(target.x + target.width - inset, target.y + target.height - inset),
  ];
  const { width, height } = page;
  const left = Math.max(0, Math.floor(Math.min(...moved.map((p) => p.x))));
  const top = Math.max(0, Math.floor(Math.min(...moved.map((p) => p.y))));
  const right = Math.min(width, Math.ceil(Math.max(...moved.map((p) => p.x))));
  const bottom = Math.min(height, Math.ceil(Math.max(...moved.map((p) => p.y))));
  if (right - left < 16 || bottom - top < 16) return null;
  return sharp(page.data, { raw: { width, height, channels: 1 } })
    .extract({ left, top, width: right - left, height: bottom - top })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/**
 * Ink of a crop, measured before any contrast stretch (which would turn a blank page's paper grain and
 * scanner noise into "writing"): speckles are removed with a 3 px median, the paper's level is the
 * crop's bright end, and a pixel is ink when it is clearly darker than the paper. Counted away from
 * the crop's edges, where a skewed box's printed border can reach in. Per thousand pixels.
 */
export async function inkPerMille(png: Buffer): Promise<number> {
  const { data, info } = await sharp(png)
    .greyscale()
    .median(3)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const histogram = new Array<number>(256).fill(0);
  for (const v of data) histogram[v] = (histogram[v] ?? 0) + 1;
  // The paper: the level 90 % of the pixels are at or below (a page holds far more paper than ink).
  let seen = 0;
  let paper = 255;
  for (let v = 0; v < 256; v++) {
    seen += histogram[v] ?? 0;
    if (seen >= data.length * 0.9) {
      paper = v;
      break;
    }
  }
  const threshold = paper - INK_CONTRAST;
  const edgeX = Math.round(width * 0.03);
  const edgeY = Math.round(height * 0.03);
  let ink = 0;
  let counted = 0;
  for (let y = edgeY; y < height - edgeY; y++) {
    for (let x = edgeX; x < width - edgeX; x++) {
      counted++;
      if ((data[y * width + x] ?? 255) < threshold) ink++;
    }
  }
  return counted === 0 ? 0 : (ink * 1000) / counted;
}

/** How much darker than the paper a pixel must be to count as ink (pen, pencil: 100+ levels). */
const INK_CONTRAST = 80;
/**
 * Below this much ink (per thousand pixels of the box) a box holds no writing: a short answer such as
 * "12 J" written small is about 0.5, a blank box scanned noisy or upside down under 0.05.
 */
export const BLANK_INK_PER_MILLE = 0.15;

/** Longest side of a whole page's image kept for the teacher (a page that needs them). */
const VIEW_PAGE_SIDE = 1400;

/**
 * The image the teacher sees beside what was read (issue 28): the region as cut (or the whole page,
 * smaller), a compact greyscale PNG of 16 levels. The server keeps it only while its batch is open.
 */
async function viewPng(image: Buffer | TWorkImage, side?: number): Promise<Uint8Array> {
  let pipeline = Buffer.isBuffer(image)
    ? sharp(image)
    : sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } });
  if (side !== undefined) {
    pipeline = pipeline.resize({
      width: side,
      height: side,
      fit: 'inside',
      withoutEnlargement: true,
    });
  }
  // Speckles out, and the paper (most of any box) clipped to white: grain and scanner noise would
  // otherwise cost more bytes than the writing.
  return pipeline
    .greyscale()
    .median(3)
    .linear(1.6, -64)
    .png({ compressionLevel: 9, palette: true, colours: 16, dither: 0 })
    .toBuffer();
}

/** A crop prepared for the engine (normalise.ts), straightened or not. */
async function prepared(png: Buffer, deskew: boolean, preparation: TPagePreparation) {
  return (await normaliseImage(png, { deskew, ...preparation })).png;
}

/**
 * A page's image work, done before any OCR (in a worker thread on the server, work/tasks.ts): the
 * code found and checked, and the pieces to read (answer box, name box of a blank sheet, or the
 * whole page when there is no valid code) cut out and prepared for the engine. Plain data only.
 */
export type TSheetPrepared =
  | {
      kind: 'code';
      code: TSheetCode;
      /** null when the answer box could not be cut, or holds no writing (`blank`). */
      answer: Uint8Array | null;
      /** The answer box holds no writing (measured on its ink, before any OCR). */
      blank: boolean;
      /** Only on a blank sheet (the code names no student); null when it could not be cut. */
      name?: Uint8Array | null;
      /** The answer box as cut, for the teacher (the whole page when it could not be cut). */
      view: Uint8Array;
    }
  | {
      kind: 'booklet';
      code: TBookletCode;
      /** Null when the booklet's layout was not given (not this class's booklet). */
      regions: TRegionPrepared[] | null;
      /** The whole page, for the teacher (when the regions are not known). */
      view: Uint8Array;
    }
  | { kind: 'bad_code'; reason: 'not_ours' | 'forged'; page: Uint8Array; view: Uint8Array }
  | { kind: 'no_code'; page: Uint8Array; view: Uint8Array };

/** An answer box of a booklet page, cut and prepared for the engine (null when blank or uncut). */
export type TRegionPrepared = {
  region: number;
  questionId: string;
  number: number;
  continuation: boolean;
  answer: Uint8Array | null;
  blank: boolean;
  /** The box as cut, for the teacher (null when it could not be cut). */
  view: Uint8Array | null;
};

/** The box's printed label sits along its top edge: read below it. */
function belowLabel(box: TRect): TRect {
  return { ...box, y: box.y + 16, height: box.height - 16 };
}

/**
 * Cuts a box out and measures its ink: blank, or prepared for the engine (null when uncut); and its
 * image for the teacher (issue 28, kept while the batch is open; null when uncut).
 */
async function cutAnswer(
  page: TTurnedPage,
  box: TRect,
  preparation: TPagePreparation,
): Promise<{ answer: Uint8Array | null; blank: boolean; view: Uint8Array | null }> {
  const crop = await cropSheetRect(page, belowLabel(box), 8);
  const blank = crop !== null && (await inkPerMille(crop)) < BLANK_INK_PER_MILLE;
  return {
    answer: crop && !blank ? await prepared(crop, true, preparation) : null,
    blank,
    view: crop ? await viewPng(crop) : null,
  };
}

/** The image half of readSheetPage: no OCR, nothing written anywhere. */
export async function prepareSheetPage(
  image: Buffer,
  options: {
    key: string;
    maxPixels: number;
    preparation: TPagePreparation;
    /** The layouts of the booklets the page may belong to, by booklet id (the batch's class's). */
    booklets?: Record<string, TBookletLayout>;
  },
): Promise<TSheetPrepared> {
  const { preparation } = options;
  const work = await workImage(image, options.maxPixels);
  const found = await findCode(work);
  const wholePage = async () =>
    prepared(
      await sharp(work.data, { raw: { width: work.width, height: work.height, channels: 1 } })
        .png({ compressionLevel: 0 })
        .toBuffer(),
      true,
      preparation,
    );
  const pageView = () => viewPng(work, VIEW_PAGE_SIDE);
  if (!found) return { kind: 'no_code', page: await wholePage(), view: await pageView() };
  const decoded = decodePageCode(found.text, options.key);
  if (!decoded.ok) {
    return {
      kind: 'bad_code',
      reason: decoded.reason,
      page: await wholePage(),
      view: await pageView(),
    };
  }
  const layout = sheetLayout(decoded.code.paper);
  const turned = await turnPage(work, found, layout.qr);
  if (decoded.kind === 'booklet') {
    const booklet = options.booklets?.[decoded.code.bookletId];
    const page = booklet?.pages[decoded.code.page - 1];
    if (!booklet || !page || booklet.paper !== decoded.code.paper) {
      return { kind: 'booklet', code: decoded.code, regions: null, view: await pageView() };
    }
    const regions: TRegionPrepared[] = [];
    for (const [i, region] of page.regions.entries()) {
      const cut = await cutAnswer(turned, region.answer, preparation);
      regions.push({
        region: i + 1,
        questionId: region.questionId,
        number: region.number,
        continuation: region.continuation,
        ...cut,
      });
    }
    return { kind: 'booklet', code: decoded.code, regions, view: await pageView() };
  }
  const cut = await cutAnswer(turned, layout.answer, preparation);
  const { answer, blank } = cut;
  const view = cut.view ?? (await pageView());
  if (decoded.code.studentId !== null) {
    return { kind: 'code', code: decoded.code, answer, blank, view };
  }
  // The "Name" label sits in the box's top-left corner: read below it.
  const nameRect = {
    ...layout.nameBox,
    y: layout.nameBox.y + 14,
    height: layout.nameBox.height - 14,
  };
  const nameCrop = await cropSheetRect(turned, nameRect, 3);
  const nameBlank = nameCrop !== null && (await inkPerMille(nameCrop)) < BLANK_INK_PER_MILLE;
  const name = nameCrop && !nameBlank ? await prepared(nameCrop, false, preparation) : null;
  return { kind: 'code', code: decoded.code, answer, blank, name, view };
}

async function ocrText(ocr: OcrPort, png: Uint8Array): Promise<TOcrResult> {
  const result = await ocr.recognize(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
  return {
    text: result.text.trim(),
    ...(result.confidence === undefined ? {} : { confidence: result.confidence }),
  };
}

/** A blank or uncut answer box reads as empty text, not as a failure. */
const EMPTY: TOcrResult = { text: '' };

/** The OCR half of readSheetPage: reads the pieces prepareSheetPage cut out. */
export async function readPreparedSheet(sheet: TSheetPrepared, ocr: OcrPort): Promise<TSheetRead> {
  if (sheet.kind === 'no_code') {
    return { kind: 'no_code', page: await ocrText(ocr, sheet.page), image: sheet.view };
  }
  if (sheet.kind === 'bad_code') {
    const page = await ocrText(ocr, sheet.page);
    return { kind: 'bad_code', reason: sheet.reason, page, image: sheet.view };
  }
  if (sheet.kind === 'booklet') {
    if (!sheet.regions) {
      return { kind: 'booklet', code: sheet.code, regions: null, image: sheet.view };
    }
    const regions: TRegionRead[] = [];
    // Each box yields its question, its image and the text read from it (one answer region).
    for (const region of sheet.regions) {
      const answer = region.answer ? await ocrText(ocr, region.answer) : EMPTY;
      regions.push({
        region: region.region,
        questionId: region.questionId,
        number: region.number,
        continuation: region.continuation,
        image: region.view,
        answer,
        blank: region.blank,
        uncut: !region.blank && region.answer === null,
      });
    }
    return { kind: 'booklet', code: sheet.code, regions, image: sheet.view };
  }
  const answer = sheet.answer ? await ocrText(ocr, sheet.answer) : EMPTY;
  const base = {
    kind: 'code' as const,
    code: sheet.code,
    answer,
    image: sheet.view,
    blank: sheet.blank,
    uncut: !sheet.blank && sheet.answer === null,
  };
  if (sheet.name === undefined) return base;
  const name = sheet.name ? (await ocrText(ocr, sheet.name)).text : '';
  return { ...base, name };
}

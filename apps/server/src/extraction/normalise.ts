import sharp, { type Sharp } from 'sharp';
import { ExtractionError } from './file-type';

/** Largest decoded image accepted: a 40 MP phone photo fits; a decompression bomb does not. */
export const DEFAULT_MAX_PIXELS = 40_000_000;
/** DESIGN §7 and spec 01 §9: pages are worked on at most 2048 px on the longest side. */
export const DEFAULT_MAX_SIDE = 2048;

export type TNormaliseOptions = {
  maxPixels?: number;
  maxSide?: number;
  /** Page of a multi-page TIFF (0-based). */
  page?: number;
  /** Straighten pages tilted by up to ±5° (default on). */
  deskew?: boolean;
  /** What the OCR engine is given beyond the plain page (default `thick`; see TPageStyle). */
  style?: TPageStyle;
  /**
   * Scale the page (down only, to half at most) so the x-height of its text (estimated from the ink
   * profile) is about this many pixels. Undefined: size kept.
   */
  xHeight?: number | undefined;
  /** PNG compression for a page sent over the network (hosted engines); local engines skip it. */
  compress?: boolean;
};

/**
 * How a page is prepared for an engine, after orientation, greyscale, scaling, contrast stretch and
 * deskew: `plain` as it is (hosted engines, PaddleOCR); `thick`: strokes thickened for tesseract's
 * own binarisation (blur 1 px, then mid-greys darkened 2x); `soft`: the same, lighter (0.6 px, 1.5x).
 * Each OCR engine names its style; bench/ocr.ts chooses it on fonts held out of the choice.
 */
export type TPageStyle = 'plain' | 'thick' | 'soft';
export const PAGE_STYLES: readonly TPageStyle[] = ['plain', 'thick', 'soft'];
const STROKES: Record<Exclude<TPageStyle, 'plain'>, { blur: number; curve: number }> = {
  thick: { blur: 1, curve: 2 },
  soft: { blur: 0.6, curve: 1.5 },
};

export type TNormalised = {
  /** Greyscale PNG, in memory only. */
  png: Buffer;
  width: number;
  height: number;
  /** The tilt found and removed, in degrees (0 when none was applied). */
  skewDegrees: number;
  /** Scale applied to reach `xHeight` (1 when none). */
  textScale: number;
};

/** Tilts below this are left alone: rotating resamples the page and costs more than it gains. */
const MIN_DESKEW_DEGREES = 0.3;
/** Text is never shrunk below half its size. */
const MIN_TEXT_SCALE = 0.5;

/**
 * Prepares one image for OCR, in memory: EXIF orientation applied, transparency flattened onto white,
 * greyscale, longest side at most `maxSide`, contrast stretched, tilt removed and (for tesseract)
 * strokes strengthened. Refuses images over `maxPixels` before decoding them (decompression bombs)
 * and damaged files, with an ExtractionError.
 */
export async function normaliseImage(
  input: Buffer,
  options: TNormaliseOptions = {},
): Promise<TNormalised> {
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_PIXELS;
  const maxSide = options.maxSide ?? DEFAULT_MAX_SIDE;
  try {
    const source = () =>
      sharp(input, { limitInputPixels: maxPixels, failOn: 'error', page: options.page ?? 0 });
    const meta = await source().metadata();
    // EXIF orientations 5-8 swap width and height.
    const [width, height] =
      (meta.orientation ?? 1) >= 5 ? [meta.height, meta.width] : [meta.width, meta.height];
    if (!width || !height) throw ExtractionError.unreadable();
    const scale = workingScale(width, height, maxSide);

    let decoded = source().rotate().flatten({ background: '#ffffff' }).greyscale();
    if (scale !== 1) {
      decoded = decoded.resize({
        width: Math.max(1, Math.round(width * scale)),
        height: Math.max(1, Math.round(height * scale)),
        fit: 'fill',
        kernel: scale > 1 ? 'cubic' : 'lanczos3',
      });
    }
    const { data, info } = await decoded
      .toColourspace('b-w')
      .raw()
      .toBuffer({ resolveWithObject: true });

    const layout =
      options.deskew === false && options.xHeight === undefined
        ? { angle: 0, xHeight: undefined }
        : estimateLayout(data, info.width, info.height);
    const angle = options.deskew === false ? 0 : layout.angle;
    const straighten = Math.abs(angle) > MIN_DESKEW_DEGREES;
    const textScale =
      options.xHeight === undefined || layout.xHeight === undefined
        ? 1
        : Math.min(1, Math.max(MIN_TEXT_SCALE, options.xHeight / layout.xHeight));
    const resized = textScale < 0.97;
    // Full-range contrast stretch, darkest ink to black and paper to white, done as one linear map
    // below. (Percentile clipping such as 1-99 % cost 2 points of CER on the synthetic set.)
    const { min, max } = range(data);
    const paper = { r: max, g: max, b: max };
    let pipeline = sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } });
    if (resized) {
      pipeline = sharp(
        await pipeline
          .resize({
            width: Math.max(1, Math.round(info.width * textScale)),
            height: Math.max(1, Math.round(info.height * textScale)),
            fit: 'fill',
            kernel: 'lanczos3',
          })
          .toColourspace('b-w')
          .raw()
          .toBuffer(),
        {
          raw: {
            width: Math.max(1, Math.round(info.width * textScale)),
            height: Math.max(1, Math.round(info.height * textScale)),
            channels: 1,
          },
        },
      );
    }
    if (straighten) pipeline = pipeline.rotate(-angle, { background: paper });
    // A uniform page (min = max) is left as it is.
    const gain = max > min ? 255 / (max - min) : 1;
    const offset = max > min ? -min * gain : 0;
    const style = options.style ?? 'thick';
    pipeline =
      style === 'plain'
        ? pipeline.linear(gain, offset)
        : enhanceStrokes(pipeline, gain, offset, STROKES[style]);
    const { data: png, info: out } = await pipeline
      .toColourspace('b-w')
      // Pages for a local engine stay in this process: no compression is fastest. Pages sent to a
      // hosted engine are compressed to keep the request small.
      .png({ compressionLevel: options.compress ? 6 : 0 })
      .toBuffer({ resolveWithObject: true });
    return {
      png,
      width: out.width,
      height: out.height,
      skewDegrees: straighten ? angle : 0,
      textScale: resized ? textScale : 1,
    };
  } catch (error) {
    throw asExtractionError(error, maxPixels);
  }
}

/** Number of pages (frames) of an image; a multi-page TIFF has more than one. */
export async function countImagePages(input: Buffer, maxPixels = DEFAULT_MAX_PIXELS) {
  try {
    const meta = await sharp(input, { limitInputPixels: maxPixels, failOn: 'error' }).metadata();
    return meta.pages ?? 1;
  } catch (error) {
    throw asExtractionError(error, maxPixels);
  }
}

/**
 * Only large images are scaled (down, to `maxSide`). Scaling small ones up was measured and does not
 * help: on the real handwritten names (284 x 31 px) mean CER was 71.0 % as they are, 71.3 / 71.8 /
 * 72.0 % scaled to 64 / 96 / 128 px high, and the extra pixels made tesseract invent more text.
 */
function workingScale(width: number, height: number, maxSide: number): number {
  const longest = Math.max(width, height);
  return longest > maxSide ? maxSide / longest : 1;
}

/**
 * Thin, faint handwriting loses pixels in tesseract's own binarisation. A slight blur followed by a
 * contrast curve that darkens mid-greys thickens strokes without joining letters. Measured on the
 * synthetic handwriting (mean CER, deskewed): 15.4 % without; blur 1 px + curve 2x: 14.3-14.6 %;
 * blur 0.8-1.6 and curves 1.5-2.5x all lie in 14.5-16 %; a hard threshold 23 %; clipping light greys
 * to white (removes the ruled lines, thins strokes) 17-23 %; sharpening 17 %.
 */
function enhanceStrokes(
  pipeline: Sharp,
  gain: number,
  offset: number,
  strokes: { blur: number; curve: number },
): Sharp {
  // After the stretch v -> gain * v + offset, the curve v -> c*v - (c-1)*255 keeps white white and
  // turns the mid-grey edges of strokes dark. The blur is linear, so both maps fold into one after it.
  const c = strokes.curve;
  return pipeline.blur(strokes.blur).linear(c * gain, c * offset - (c - 1) * 255);
}

function range(data: Uint8Array): { min: number; max: number } {
  let min = 255;
  let max = 0;
  for (const value of data) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return { min, max };
}

function asExtractionError(error: unknown, maxPixels: number): ExtractionError {
  if (error instanceof ExtractionError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return ExtractionError.tooManyPixels(maxPixels, error);
  return ExtractionError.unreadable(error);
}

/** Greyscale level separating ink from paper (Otsu's method). */
export function otsuThreshold(data: Uint8Array): number {
  const hist = new Float64Array(256);
  for (const value of data) hist[value] = (hist[value] ?? 0) + 1;
  let sumAll = 0;
  hist.forEach((count, level) => (sumAll += level * count));
  let sumBelow = 0;
  let countBelow = 0;
  let best = -1;
  let threshold = 127;
  for (const [level, count] of hist.entries()) {
    countBelow += count;
    if (countBelow === 0) continue;
    const countAbove = data.length - countBelow;
    if (countAbove === 0) break;
    sumBelow += level * count;
    const meanBelow = sumBelow / countBelow;
    const meanAbove = (sumAll - sumBelow) / countAbove;
    const between = countBelow * countAbove * (meanBelow - meanAbove) ** 2;
    if (between > best) {
      best = between;
      threshold = level;
    }
  }
  return threshold;
}

const SKEW_SAMPLE_WIDTH = 800;
const SKEW_RANGE_DEGREES = 5;

/**
 * Estimates the tilt of the text lines in a greyscale image, in degrees (positive: lines fall to the
 * right), so that sharp's rotate(-angle) straightens them. Projection profiles: the ink pixels of a
 * downscaled, binarised copy are projected onto the vertical axis at each candidate angle; level
 * lines give the sharpest profile (largest sum of squared row counts). 1° steps over ±5°, then
 * 0.25° and 0.05° steps around the best. On the synthetic handwriting (pages turned by up to ±3°)
 * straightening lowered tesseract's mean CER from 17.9 % to 15.5 % (the true angles gave 15.35 %).
 */
export function estimateSkew(data: Uint8Array, width: number, height: number): number {
  return estimateLayout(data, width, height).angle;
}

/**
 * The tilt of the text lines (estimateSkew) and the x-height of their writing in pixels: the median
 * height of the dense ink bands of the straightened row profile (rows holding at least a fifth of the
 * fullest row's ink: the bodies of the letters, without most ascenders and descenders; bands under
 * 6 px, such as ruled lines, left out). Undefined without text.
 */
export function estimateLayout(
  data: Uint8Array,
  width: number,
  height: number,
): { angle: number; xHeight: number | undefined } {
  const step = Math.max(1, Math.ceil(width / SKEW_SAMPLE_WIDTH));
  const threshold = otsuThreshold(data);
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < height; y += step) {
    const row = y * width;
    for (let x = 0; x < width; x += step) {
      if ((data[row + x] ?? 255) <= threshold) {
        xs.push((x - width / 2) / step);
        ys.push(y / step);
      }
    }
  }
  const count = xs.length;
  // Too little ink (a blank page) or too much (a dark photo) says nothing about lines.
  const sampled = Math.ceil(width / step) * Math.ceil(height / step);
  if (count < 100 || count > sampled * 0.5) return { angle: 0, xHeight: undefined };

  const rows = Math.ceil(height / step);
  const cols = Math.ceil(width / step);
  const offset = Math.ceil(cols / 2) + 1;
  const bins = new Float64Array(rows + 2 * offset + 2);
  const sharpness = (degrees: number) => {
    const a = (degrees * Math.PI) / 180;
    const sin = Math.sin(a);
    const cos = Math.cos(a);
    bins.fill(0);
    xs.forEach((x, i) => {
      const bin = Math.round((ys[i] ?? 0) * cos - x * sin) + offset;
      bins[bin] = (bins[bin] ?? 0) + 1;
    });
    let sum = 0;
    for (const value of bins) sum += value * value;
    return sum;
  };

  let best = 0;
  let bestScore = sharpness(0);
  const search = (from: number, to: number, by: number) => {
    for (let d = from; d <= to + 1e-9; d += by) {
      const score = sharpness(d);
      if (score > bestScore) {
        bestScore = score;
        best = d;
      }
    }
  };
  search(-SKEW_RANGE_DEGREES, SKEW_RANGE_DEGREES, 1);
  const coarse = best;
  search(coarse - 0.75, coarse + 0.75, 0.25);
  const middle = best;
  search(middle - 0.2, middle + 0.2, 0.05);
  sharpness(best);
  return { angle: Math.round(best * 100) / 100, xHeight: bandHeight(bins, step) };
}

/** Median height in pixels of the ink bands of a row profile whose bins are `step` px high. */
function bandHeight(bins: Float64Array, step: number): number | undefined {
  let fullest = 0;
  for (const value of bins) if (value > fullest) fullest = value;
  const floor = fullest / 5;
  const heights: number[] = [];
  let run = 0;
  for (const value of [...bins, 0]) {
    if (value >= floor && value > 0) run++;
    else {
      if (run * step >= 6) heights.push(run * step);
      run = 0;
    }
  }
  if (heights.length === 0) return undefined;
  heights.sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)];
}

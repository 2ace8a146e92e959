import sharp from 'sharp';
import { ExtractionError } from './file-type';

/** Longest side of a stored logo: enough for the shell and the popup, small to serve. */
export const LOGO_MAX_SIDE = 512;
/** A logo's source image may be at most this large once decoded (or drawn, for an SVG). */
const LOGO_MAX_PIXELS = 40_000_000;

/**
 * SVG filter primitives whose cost grows with the radius, kernel or octaves they are given: eight
 * chained `feMorphology` filters (360 bytes) took 32 s of CPU in librsvg (issue 26), and librsvg
 * cannot be stopped in the middle of drawing. A logo never needs them.
 */
const COSTLY_PRIMITIVE =
  /<(?:[\w.-]+:)?fe(?:Morphology|ConvolveMatrix|Turbulence|DisplacementMap|DiffuseLighting|SpecularLighting|Image|Tile)\b/;
const PRIMITIVE = /<(?:[\w.-]+:)?fe[A-Z]\w*/g;
/** More filter primitives than a drop shadow or a glow takes. */
const MAX_PRIMITIVES = 24;
/** An entity whose value holds markup could bring in any of the above after this check. */
const MARKUP_ENTITY = /<!ENTITY\s[^>]*?["'][^"']*</i;

/** Whether an SVG asks for drawing work a logo never needs (refused before anything is drawn). */
export function isCostlySvg(svg: string): boolean {
  return (
    COSTLY_PRIMITIVE.test(svg) ||
    MARKUP_ENTITY.test(svg) ||
    (svg.match(PRIMITIVE)?.length ?? 0) > MAX_PRIMITIVES
  );
}

/**
 * Re-encodes an accepted logo (JPEG, PNG, GIF or SVG, its kind told by the caller from the bytes)
 * as a PNG of at most 512 px a side. An SVG is drawn to pixels here, so no script or external
 * reference in it is ever stored or served; one asking for costly filters is refused, and any
 * drawing is stopped after `timeoutSeconds` (libvips checks between tiles). Refusals are
 * ExtractionErrors: `too-complex` or `unreadable`.
 */
export async function logoPng(
  bytes: Uint8Array,
  options: { svg: boolean; timeoutSeconds: number },
): Promise<Buffer> {
  if (options.svg && isCostlySvg(Buffer.from(bytes).toString('utf8'))) {
    throw ExtractionError.tooComplex();
  }
  try {
    return await sharp(bytes, { limitInputPixels: LOGO_MAX_PIXELS, animated: false })
      .resize(LOGO_MAX_SIDE, LOGO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .png()
      .timeout({ seconds: Math.max(1, Math.ceil(options.timeoutSeconds)) })
      .toBuffer();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/timeout/i.test(message)) throw ExtractionError.tooComplex(error);
    throw ExtractionError.unreadable(error);
  }
}

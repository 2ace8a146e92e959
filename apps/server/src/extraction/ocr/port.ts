import type { TPageStyle } from '../normalise';

export type TOcrOptions = {
  /** Progress of this page's recognition, 0..1 (engines that cannot tell report only 0 and 1). */
  onProgress?: (progress: number) => void;
  abortSignal?: AbortSignal;
};

export type TOcrResult = {
  text: string;
  /** Mean confidence 0..100 where the engine reports one. */
  confidence?: number;
};

/**
 * An OCR engine: reads the text of one normalised page (a greyscale PNG held in memory). Adapters:
 * tesseract (local, default), textract (AWS), vision (the configured AI provider's vision model).
 */
export interface OcrPort {
  readonly name: 'tesseract' | 'paddle' | 'textract' | 'vision';
  /**
   * How pages are prepared for this engine (normalise.ts): `plain` only oriented, straightened and
   * scaled (hosted engines do their own image work); `thick`/`soft` strokes strengthened.
   */
  readonly imageStyle: TPageStyle;
  /** Pages are scaled down so their writing's x-height is about this many pixels (normalise.ts). */
  readonly xHeight?: number | undefined;
  recognize(png: Buffer, options?: TOcrOptions): Promise<TOcrResult>;
  /** Ready to work (for /readyz and start-up checks); throws OcrError when not. */
  health(): Promise<void>;
  /** Frees workers and connections; the port cannot be used afterwards. */
  close(): Promise<void>;
}

/** How an engine wants its pages prepared (normalise.ts), as plain data a worker thread can take. */
export type TPagePreparation = {
  style: TPageStyle;
  xHeight: number | undefined;
  /** PNG compression for pages sent over the network (hosted engines). */
  compress: boolean;
};

export function pagePreparation(ocr: OcrPort): TPagePreparation {
  return {
    style: ocr.imageStyle,
    xHeight: ocr.xHeight,
    compress: ocr.name === 'textract' || ocr.name === 'vision',
  };
}

export class OcrError extends Error {
  readonly kind: 'unavailable' | 'provider' | 'timeout' | 'closed';
  constructor(kind: OcrError['kind'], message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OcrError';
    this.kind = kind;
  }
}

/** Typographic quotes and dashes as the plain ASCII a student writes (no other change). */
export function plainPunctuation(text: string): string {
  return text
    .replace(/[\u2018\u2019\u201a\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb]/g, '"')
    .replace(/[\u2012\u2013\u2014\u2015\u2212]/g, '-')
    .replace(/\u2026/g, '...');
}

/** Trims trailing spaces and blank edge lines of engine output, keeping the line breaks. */
export function tidyLines(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/[ \t]+$/, ''))
    .join('\n')
    .replace(/^\n+|\n+$/g, '');
}

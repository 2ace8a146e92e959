// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { Options } from 'browser-image-compression';
import {
  compressForUpload,
  FIRST_PASS,
  fileToBase64,
  isAllowedUpload,
  isCompressible,
  nextCompressionPass,
  RECOMPRESS_ABOVE_BYTES,
  SECOND_PASS,
} from './images';

/** A file of `size` bytes (its content does not matter to the pass logic). */
const fileOf = (size: number, name = 'page.jpg', type = 'image/jpeg') =>
  new File([new Uint8Array(size)], name, { type });

describe('nextCompressionPass', () => {
  it('starts with at most 9.5 MB, 2048 px and quality 0.8, on the page (no CDN worker)', () => {
    expect(nextCompressionPass(null)).toEqual({
      maxSizeMB: 9.5,
      maxWidthOrHeight: 2048,
      initialQuality: 0.8,
      useWebWorker: false,
    });
  });

  it('compresses again to 5 MB at quality 0.7 only above 9,961,472 bytes', () => {
    expect(RECOMPRESS_ABOVE_BYTES).toBe(9_961_472);
    expect(nextCompressionPass(9_961_473)).toEqual({
      maxSizeMB: 5,
      maxWidthOrHeight: 2048,
      initialQuality: 0.7,
      useWebWorker: false,
    });
    expect(nextCompressionPass(9_961_472)).toBeNull();
    expect(nextCompressionPass(120_000)).toBeNull();
  });
});

describe('compressForUpload', () => {
  it('runs one pass when the first result is small enough', async () => {
    const calls: Options[] = [];
    const result = await compressForUpload(fileOf(20_000_000), async (_file, options) => {
      calls.push(options);
      return fileOf(3_000_000);
    });
    expect(calls).toEqual([{ ...FIRST_PASS, useWebWorker: false }]);
    expect(result.size).toBe(3_000_000);
  });

  it('recompresses a result above 9,961,472 bytes with the second numbers', async () => {
    const calls: { size: number; options: Options }[] = [];
    const sizes = [9_961_473, 4_000_000];
    const result = await compressForUpload(fileOf(30_000_000), async (file, options) => {
      calls.push({ size: file.size, options });
      return fileOf(sizes[calls.length - 1]!);
    });
    expect(calls.map((c) => c.options)).toEqual([
      { ...FIRST_PASS, useWebWorker: false },
      { ...SECOND_PASS, useWebWorker: false },
    ]);
    // The second pass works on the first result.
    expect(calls[1]!.size).toBe(9_961_473);
    expect(result.size).toBe(4_000_000);
  });

  it('sends PDF and TIFF files as they are', async () => {
    const pdf = fileOf(500, 'work.pdf', 'application/pdf');
    const tiff = fileOf(500, 'scan.tiff', 'image/tiff');
    const never = async () => {
      throw new Error('must not compress');
    };
    expect(await compressForUpload(pdf, never)).toBe(pdf);
    expect(await compressForUpload(tiff, never)).toBe(tiff);
  });
});

describe('upload types', () => {
  it('accepts JPEG, JPG, PNG, TIFF and PDF, by type or by extension', () => {
    expect(isAllowedUpload({ name: 'a.jpg', type: 'image/jpeg' })).toBe(true);
    expect(isAllowedUpload({ name: 'a.png', type: 'image/png' })).toBe(true);
    expect(isAllowedUpload({ name: 'a.tif', type: 'image/tiff' })).toBe(true);
    expect(isAllowedUpload({ name: 'a.pdf', type: 'application/pdf' })).toBe(true);
    expect(isAllowedUpload({ name: 'scan.TIFF', type: '' })).toBe(true);
    expect(isAllowedUpload({ name: 'a.gif', type: 'image/gif' })).toBe(false);
    expect(isAllowedUpload({ name: 'a.heic', type: 'image/heic' })).toBe(false);
    expect(isAllowedUpload({ name: 'notes.docx', type: '' })).toBe(false);
    expect(isCompressible({ name: 'a.png', type: 'image/png' })).toBe(true);
    expect(isCompressible({ name: 'a.pdf', type: 'application/pdf' })).toBe(false);
  });
});

describe('fileToBase64', () => {
  it('gives the bytes without the data-URL prefix', async () => {
    const file = new File(['hello'], 'a.png', { type: 'image/png' });
    expect(await fileToBase64(file)).toBe(btoa('hello'));
  });
});

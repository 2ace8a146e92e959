import { MESSAGES } from '@stem/contract/messages';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkUpload, detectFileType, ExtractionError } from './file-type';

const blank = (format: 'png' | 'jpeg' | 'tiff' | 'gif' | 'webp') =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#ffffff' } })
    .toFormat(format)
    .toBuffer();

function refusal(run: () => unknown): ExtractionError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ExtractionError);
    return error as ExtractionError;
  }
  throw new Error('expected a refusal');
}

describe('detectFileType', () => {
  it('recognises JPEG, PNG and TIFF (both byte orders) from their bytes', async () => {
    expect(detectFileType(await blank('jpeg'))).toBe('jpeg');
    expect(detectFileType(await blank('png'))).toBe('png');
    const tiff = await blank('tiff');
    expect(detectFileType(tiff)).toBe('tiff');
    expect(detectFileType(Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8]))).toBe('tiff');
    expect(detectFileType(Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'))).toBe('pdf');
  });

  it('refuses GIF, WebP, text and a PDF header that is not at the start', async () => {
    expect(detectFileType(await blank('gif'))).toBeUndefined();
    expect(detectFileType(await blank('webp'))).toBeUndefined();
    expect(detectFileType(Buffer.from('The mitochondria is the powerhouse of the cell.'))).toBe(
      undefined,
    );
    expect(detectFileType(Buffer.from('hello %PDF-1.4'))).toBeUndefined();
    expect(detectFileType(Buffer.from([0xff, 0xd8]))).toBeUndefined();
  });
});

describe('checkUpload', () => {
  it('decides by the bytes: a PNG whatever it is called is a PNG', async () => {
    // There is no name to pass: the bytes alone decide (a PNG renamed answer.pdf stays a PNG).
    expect(checkUpload(await blank('png'), 1024 * 1024)).toBe('png');
  });

  it('refuses an unsupported type with the spec message and 415', async () => {
    const error = refusal(() => checkUpload(Buffer.from('just some text'), 1024));
    expect(error.kind).toBe('unsupported');
    expect(error.status).toBe(415);
    expect(error.message).toBe(MESSAGES.upload.unsupportedType);
    expect(error.message).toBe('Please upload a supported file type (JPEG/JPG, PNG, PDF, or TIFF)');
  });

  it('refuses a file over the limit with 413 before looking at it', async () => {
    const png = await blank('png');
    const error = refusal(() => checkUpload(png, png.length - 1));
    expect(error.kind).toBe('too-large');
    expect(error.status).toBe(413);
    expect(checkUpload(png, png.length)).toBe('png');
    const tenMb = refusal(() => checkUpload(Buffer.alloc(10 * 1024 * 1024 + 1), 10 * 1024 * 1024));
    expect(tenMb.message).toBe(MESSAGES.upload.tooLarge);
  });

  it('refuses an empty file with 400', () => {
    const error = refusal(() => checkUpload(Buffer.alloc(0), 1024));
    expect(error.kind).toBe('empty');
    expect(error.status).toBe(400);
  });
});

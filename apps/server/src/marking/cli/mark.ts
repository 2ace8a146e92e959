import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { selectAi } from '../../adapters/ai/select-ai';
import { loadConfig } from '../../config';
import { loadExamples, questionKeyOf, readRecords } from '../dataset';
import { createMarker } from '../engine';
import { markOffline } from '../offline/offline-marker';

/**
 * `npm run mark -- --in FILE.jsonl --out OUT.jsonl [--examples N] [--limit N]`
 *
 * Marks every record of a marking-data file (format of ../shared/data/marking/README.md) with the
 * engine AI_PROVIDER configures (offline by default) and writes each record back with
 * `predictedScore`, the feedback fields, `contentModeration` and `engine`. With `--examples N`, N
 * human-marked answers per question (a seeded, repeatable pick) become that question's examples and
 * are not marked themselves.
 */

const USAGE =
  'Usage: npm run mark -- --in FILE.jsonl --out OUT.jsonl [--examples N] [--limit N] [--seed N]';

function positiveInt(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`--${name} must be a whole number, got "${value}"`);
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      in: { type: 'string' },
      out: { type: 'string' },
      examples: { type: 'string' },
      limit: { type: 'string' },
      seed: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help || !values.in || !values.out) {
    console.log(USAGE);
    process.exitCode = values.help ? 0 : 2;
    return;
  }
  const nExamples = positiveInt(values.examples, 'examples', 0);
  const limit = positiveInt(values.limit, 'limit', Number.POSITIVE_INFINITY);
  const seed = positiveInt(values.seed, 'seed', 1);

  // The CLI signs no tokens: a throwaway secret keeps loadConfig from creating one in DATA_DIR.
  const config = loadConfig({
    ...process.env,
    JWT_SECRET: process.env.JWT_SECRET ?? 'x'.repeat(48),
  });
  const ai = selectAi(config);
  const marker = createMarker({ ai });
  const { exampleIds, examples } = await loadExamples(values.in, nExamples, seed);

  const out = createWriteStream(values.out, 'utf8');
  const started = Date.now();
  let marked = 0;
  for await (const record of readRecords(values.in)) {
    if (marked >= limit) break;
    if (exampleIds.has(record.id)) continue;
    const input = {
      question: record.question,
      marks: record.marks,
      lowMarkRange: record.lowMarkRange,
      highMarkRange: record.highMarkRange,
      rubric: record.rubric,
      referenceAnswer: record.referenceAnswer,
      answer: record.answer,
      examples: examples.get(questionKeyOf(record)),
    };
    // Offline, the unrounded score is written too (for correlation figures); hosted marks are integers.
    const offline = ai ? undefined : markOffline(input);
    const result = offline ?? (await marker.mark(input));
    const line = JSON.stringify({
      ...record,
      predictedScore: result.score,
      ...(offline ? { predictedRaw: Number(offline.rawScore.toFixed(4)) } : {}),
      markRange: result.markRange,
      aiComment: result.aiComment,
      suggestion: result.suggestion,
      contentModeration: result.contentModeration,
      engine: result.engine,
    });
    if (!out.write(`${line}\n`)) await once(out, 'drain');
    marked++;
  }
  out.end();
  await once(out, 'finish');
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `Marked ${marked} answers with ${marker.engine}${nExamples > 0 ? ` (${nExamples} examples per question, ${exampleIds.size} examples held out)` : ''} in ${seconds.toFixed(1)} s -> ${values.out}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});

import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { selectAi } from '../../adapters/ai/select-ai';
import { loadConfig } from '../../config';
import { loadExamples, questionKeyOf, readRecords } from '../dataset';
import { markConfidence } from '../confidence';
import { createMarker } from '../engine';
import { loopAnswerOf, runLoopProtocol, type TLoopQuestion } from '../loop/teacher-loop';
import { markOffline } from '../offline/offline-marker';

/**
 * `npm run mark -- --in FILE.jsonl --out OUT.jsonl [--examples N] [--limit N]`
 *
 * Marks every record of a marking-data file (format of ../shared/data/marking/README.md) with the
 * engine AI_PROVIDER configures (offline by default) and writes each record back with
 * `predictedScore`, the feedback fields, `contentModeration` and `engine`. With `--examples N`, N
 * human-marked answers per question (a seeded, repeatable pick) become that question's examples and
 * are not marked themselves. Each record also gets the mark's `confidence` (0..1; null from a hosted
 * model), its doubt `confidenceReason` when low, and `needsReview`.
 *
 * `npm run mark -- --loop --in FILE.jsonl --budget F [--limit N]` (issue 27): a simulated teacher
 * marks the file's answers with the offline marker over stdin and stdout (`loop/teacher-loop.ts`):
 * `{"review":"<id>"}` out, one reply line in, `{"id":"<id>","score":N}` for every final mark,
 * `{"done":true}` last; logs on stderr. At most ceil(F × a question's answers) reviews a question.
 * `--limit N` keeps the first N answers of each question.
 */

const USAGE = [
  'Usage: npm run mark -- --in FILE.jsonl --out OUT.jsonl [--examples N] [--limit N] [--seed N]',
  '       npm run mark -- --loop --in FILE.jsonl --budget F [--limit N]',
].join('\n');

function budgetOf(value: string | undefined): number {
  const n = Number(value);
  if (value === undefined || value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1)
    throw new Error(`--budget must be a share of the answers from 0 to 1, got "${value ?? ''}"`);
  return n;
}

/** The file's records grouped by question (in order of their first answer), without human scores. */
async function questionsOf(file: string, limit: number): Promise<TLoopQuestion[]> {
  const byKey = new Map<string, TLoopQuestion>();
  for await (const r of readRecords(file)) {
    const key = questionKeyOf(r);
    let q = byKey.get(key);
    if (!q) {
      q = { key, answers: [] };
      byKey.set(key, q);
    }
    if (q.answers.length >= limit) continue;
    q.answers.push(loopAnswerOf(r));
  }
  return [...byKey.values()];
}

async function loop(file: string, budget: number, limit: number): Promise<void> {
  const started = Date.now();
  const questions = await questionsOf(file, limit);
  const log = (message: string) => process.stderr.write(`${message}\n`);
  const result = await runLoopProtocol(
    questions,
    { input: process.stdin, output: process.stdout, log },
    { budget },
  );
  log(
    `Loop: ${result.answers} answers in ${questions.length} questions, ${result.reviewed} marked by the teacher (budget ${budget}), ${result.refused} refusals, ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

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
      loop: { type: 'boolean' },
      budget: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.loop && values.in && !values.help) {
    const limit = positiveInt(values.limit, 'limit', Number.POSITIVE_INFINITY);
    await loop(values.in, budgetOf(values.budget), limit);
    return;
  }
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
    const sure = offline ? markConfidence(input, offline) : undefined;
    const line = JSON.stringify({
      ...record,
      predictedScore: result.score,
      ...(offline ? { predictedRaw: Number(offline.rawScore.toFixed(4)) } : {}),
      markRange: result.markRange,
      aiComment: result.aiComment,
      suggestion: result.suggestion,
      contentModeration: result.contentModeration,
      engine: result.engine,
      confidence: sure ? Number(sure.confidence.toFixed(3)) : (result.confidence ?? null),
      ...(sure?.reason ? { confidenceReason: sure.reason } : {}),
      needsReview: sure?.needsReview ?? result.needsReview ?? false,
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

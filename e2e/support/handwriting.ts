import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(e2eDir, '..');

/** A picture of handwritten work and words the OCR should find in it. */
export type THandwriting = { file: string; words: RegExp; source: 'dataset' | 'generated' };

/** The shared handwriting sample (present on the development machine, not in the product). */
const SAMPLE = path.resolve(repoRoot, '../shared/data/handwriting/synthetic/002.png');
const SAMPLE_WORDS = /nucleus|cytoplasm|mitochondria|travels|translation/i;

/** What the generated picture says when the sample is absent. */
const GENERATED_LINES = [
  'The force on the trolley makes it',
  'speed up because the forces are unbalanced.',
];
const GENERATED_WORDS = /force|trolley|speed|unbalanced/i;

let generated: string | undefined;

/** Two lines of dark text on white at about 40 px, drawn with the canvas the server also uses. */
async function generate(): Promise<string> {
  if (generated && existsSync(generated)) return generated;
  const { createCanvas } = await import('@napi-rs/canvas');
  const width = 1200;
  const height = 220;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#1a1a2e';
  context.font = '40px sans-serif';
  context.textBaseline = 'top';
  GENERATED_LINES.forEach((line, index) => context.fillText(line, 40, 50 + index * 70));
  const folder = path.join(e2eDir, 'test-results', 'generated');
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, 'handwriting.png');
  writeFileSync(file, await canvas.encode('png'));
  generated = file;
  return file;
}

/**
 * The handwriting image the upload journeys send: the shared sample 002.png when ../shared is there,
 * else a generated picture of text, so the journeys run wherever the product does.
 */
export async function handwritingImage(): Promise<THandwriting> {
  // E2E_HANDWRITING=generated walks the fallback on a machine that has the sample.
  const forceGenerated = process.env.E2E_HANDWRITING === 'generated';
  if (!forceGenerated && existsSync(SAMPLE))
    return { file: SAMPLE, words: SAMPLE_WORDS, source: 'dataset' };
  return { file: await generate(), words: GENERATED_WORDS, source: 'generated' };
}

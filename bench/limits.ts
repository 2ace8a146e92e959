/**
 * `npm run bench:limits`: how long the server spends on the largest inputs it must refuse or cope
 * with, figures the unit tests used to hold as wall-clock limits (issue 26: a test on a busy shared
 * machine does not race the clock). Each is run `--runs` times (default 5) and the median printed
 * beside its target:
 * - the offline marker on a 1.2 MB answer (target 2 s; it must not be quadratic in the answer);
 * - refusing a PNG whose header declares 50,000 × 50,000 pixels (target 1 s: judged by its header);
 * - refusing a real, highly compressed 7,000 × 7,000 blank PNG (target 1 s: never decoded whole).
 */
import os from 'node:os';
import sharp from 'sharp';
import { normaliseImage } from '../apps/server/src/extraction/normalise';
import { markOffline } from '../apps/server/src/marking/offline/offline-marker';
import { PLANT_QUESTION } from '../apps/server/src/marking/test-support/plant-question';
import { pngBombHeader } from '../apps/server/test/extraction/fixtures';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1] ?? 5) || 5;

async function medianMs(task: () => unknown): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await task();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

/** Resolves when the image is refused (as it must be); throws when it is taken. */
async function refused(image: Buffer): Promise<void> {
  const taken = await normaliseImage(image).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error('the image was taken, not refused');
}

const huge = 'The waxy cuticle stops evaporation and the stomata close. '.repeat(20_000);
const blank = await sharp({
  create: { width: 7000, height: 7000, channels: 3, background: '#ffffff' },
})
  .greyscale()
  .png({ compressionLevel: 9 })
  .toBuffer();
const bomb = pngBombHeader(50_000, 50_000);

const rows: [string, number, number][] = [
  [
    `offline marker, ${(huge.length / 1e6).toFixed(1)} MB answer`,
    await medianMs(() => markOffline({ ...PLANT_QUESTION, answer: huge })),
    2_000,
  ],
  ['refuse a PNG declaring 50,000 × 50,000', await medianMs(() => refused(bomb)), 1_000],
  [
    `refuse a 7,000 × 7,000 blank PNG (${Math.round(blank.length / 1024)} KB)`,
    await medianMs(() => refused(blank)),
    1_000,
  ],
];
console.log(
  `median of ${runs} runs; ${os.availableParallelism()} cores, load ${os.loadavg()[0]?.toFixed(1)}`,
);
for (const [name, ms, target] of rows) {
  console.log(
    `${name.padEnd(48)} ${Math.round(ms).toString().padStart(6)} ms  (target ${target} ms: ${ms < target ? 'met' : 'NOT met'})`,
  );
}

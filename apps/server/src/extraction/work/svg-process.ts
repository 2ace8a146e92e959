import { execFile } from 'node:child_process';
import { ExtractionError } from '../file-type';
import { isCostlySvg } from '../logo';
import { scriptEntry } from './entry';

/** Time the process gets to start (load sharp, or compile under tsx) before its drawing time counts. */
const START_MS = 10_000;

/**
 * Draws an SVG logo as a PNG in a process of its own (svg-child.ts), ended at `seconds` of drawing:
 * librsvg draws on a native thread that neither a worker thread's end nor libvips' timeout stops
 * (20 large blurred circles in 2.5 KB drew for 49 s past a 5 s timeout), but a process can be
 * killed. Started from the event loop's thread, whose timers always run, so the kill always comes.
 * An SVG asking for costly filters is refused before any process starts. Refusals are
 * ExtractionErrors: `too-complex` (refused, or out of time) or `unreadable`.
 */
export function drawSvgLogo(bytes: Uint8Array, seconds: number): Promise<Buffer> {
  if (isCostlySvg(Buffer.from(bytes).toString('utf8'))) {
    return Promise.reject(ExtractionError.tooComplex());
  }
  const entry = scriptEntry(import.meta.url, { relative: './svg-child.ts', built: 'svg-child' });
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [...entry.execArgv, entry.file, String(seconds)],
      {
        encoding: 'buffer',
        timeout: seconds * 1000 + START_MS,
        killSignal: 'SIGKILL',
        maxBuffer: 32 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const kind = stderr.toString('utf8').trim();
        // Ended by its own clock, killed by ours, or refused: too complex.
        reject(
          kind === 'unreadable'
            ? ExtractionError.unreadable(error)
            : ExtractionError.tooComplex(error),
        );
      },
    );
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(bytes);
  });
}

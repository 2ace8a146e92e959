import { ExtractionError } from '../file-type';
import { logoPng } from '../logo';

/**
 * Draws one SVG logo in a process of its own (svg-process.ts): librsvg draws on a native thread
 * that neither a worker thread's end nor libvips' timeout can stop mid-drawing (20 large blurred
 * circles in 2.5 KB drew for 49 s past a 5 s timeout), but a process can be ended. The SVG comes on
 * stdin, the PNG goes to stdout; on refusal the ExtractionError's kind goes to stderr (exit 2). It
 * ends itself after `seconds` (argv), and the parent kills it a little later in any case.
 */
const seconds = Number(process.argv[2] ?? '5');
// SIGKILL, not exit(): an exit waits for libvips' threads, which may be deep in librsvg.
setTimeout(() => process.kill(process.pid, 'SIGKILL'), seconds * 1000).unref();

const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
try {
  const png = await logoPng(Buffer.concat(chunks), { svg: true, timeoutSeconds: seconds });
  process.stdout.write(png);
} catch (error) {
  process.stderr.write(error instanceof ExtractionError ? error.kind : 'unreadable');
  process.exitCode = 2;
}

// Bundles the server (and the contract it imports) into dist/, leaving npm dependencies external.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@stem/'));

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: [
    'src/main.ts',
    'src/worker.ts',
    'src/seed.ts',
    // The image-work threads (adapters/image-work/pool.ts): the extraction engine alone.
    { in: 'src/extraction/work/worker.ts', out: 'image-worker' },
    // PaddleOCR's threads (extraction/ocr/paddle.ts), when OCR_PROVIDER=paddle.
    { in: 'src/extraction/ocr/paddle-thread.ts', out: 'paddle-worker' },
    // ...and the process an SVG logo is drawn in (extraction/work/svg-child.ts).
    { in: 'src/extraction/work/svg-child.ts', out: 'svg-child' },
  ],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
console.log('server built into apps/server/dist');

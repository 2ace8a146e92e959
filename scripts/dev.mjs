// `npm run dev`: the API with reload on change (tsx watch) on PORT 3000 and Vite's dev server on 5173,
// which proxies /api to the API. Open http://localhost:5173.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './build-if-needed.mjs';

const children = [
  spawn(
    process.execPath,
    ['--import', 'tsx', '--watch', path.join(root, 'apps/server/src/main.ts')],
    { cwd: root, stdio: 'inherit', env: { NODE_ENV: 'development', ...process.env } },
  ),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  }),
];
const stop = (signal) => {
  for (const child of children) child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) child.on('exit', () => stop('SIGTERM'));

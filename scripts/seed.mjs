// `npm run seed [-- --json] [-- --scale N]`: demo data. With the built-in database, stop the server first
// (a second process on the same DATA_DIR is refused: apps/server/src/db/client.ts).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfNeeded, root } from './build-if-needed.mjs';

buildIfNeeded();
const child = spawn(
  process.execPath,
  [path.join(root, 'apps/server/dist/seed.js'), ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { NODE_ENV: 'production', ...process.env } },
);
child.on('exit', (code) => process.exit(code ?? 1));

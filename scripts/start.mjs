// `npm start`: builds what is missing, then runs the server in production mode on PORT (3000).
// `npm run worker` (this script with --worker) runs the background worker instead.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfNeeded, root } from './build-if-needed.mjs';

buildIfNeeded();
const entry = process.argv.includes('--worker') ? 'worker.js' : 'main.js';
const child = spawn(process.execPath, [path.join(root, 'apps/server/dist', entry)], {
  cwd: root,
  stdio: 'inherit',
  env: {
    NODE_ENV: 'production',
    WEB_DIST: path.join(root, 'apps/web/dist'),
    ...process.env,
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

import { findChromium, playwrightChromiumPath } from './support/find-chromium';

/**
 * Run by `npm run test:e2e` before anything else: without a browser, one line saying what to install
 * and how, and exit code 1, instead of every browser test failing with a stack trace.
 */
const lookup = findChromium({
  env: process.env,
  playwrightChromium: await playwrightChromiumPath(),
});
if (!lookup.found) {
  process.stderr.write(`${lookup.message}\n`);
  process.exit(1);
}

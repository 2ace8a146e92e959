import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DatabaseInUseError } from './db/client';
import { warmUpMarker } from './marking/engine';

/** The API process: serves the SPA and the API on one port; SIGTERM finishes in-flight requests. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const startedAt = performance.now();
  const app = await buildApp(config);
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    await app.close();
  });
  // The marker's word lists are read now, not while the first student's answer waits.
  const warm = warmUpMarker();
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      url: config.appUrl,
      database: config.databaseUrl ? 'postgres' : 'pglite',
      startupMs: Math.round(performance.now() - startedAt),
      markerWarmUpMs: warm.ms,
    },
    `STEM@Home is ready on ${config.appUrl}`,
  );
}

main().catch((error: unknown) => {
  // Another process holds the built-in database: say so plainly, not as a stack trace.
  if (error instanceof DatabaseInUseError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
});

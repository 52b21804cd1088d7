import { pino } from 'pino';

import { ConfigError, parseEnv } from './config/env.js';
import { REPO_ROOT } from './config/paths.js';
import { prettyLogStream } from './lib/pretty-log.js';
import { startWorker } from './worker-process.js';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** `npm run worker`: runs queued scans and tasks until SIGINT or SIGTERM. */
async function main(): Promise<void> {
  let config;
  try {
    config = parseEnv(process.env, {
      cwd: process.cwd(),
      repoRoot: REPO_ROOT,
      interactive: process.stdout.isTTY,
    });
  } catch (error) {
    if (error instanceof ConfigError) fail(`Invalid configuration: ${error.message}`);
    throw error;
  }
  if (config.redis === null) {
    fail('The worker needs REDIS_URL: without it the server runs scans and tasks itself.');
  }
  const log = pino(
    { level: config.logLevel },
    config.logFormat === 'pretty' ? prettyLogStream(process.stdout) : process.stdout,
  );
  const worker = await startWorker(config, config.redis.url, log);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'worker shutting down');
    const timer = setTimeout(() => {
      log.error('worker shutdown took too long, exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    worker.close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'error during worker shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  fail(`RomShelf worker failed to start: ${message.split('\n')[0] ?? message}`);
});

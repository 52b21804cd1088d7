import { ConfigError, parseEnv } from './config/env.js';
import { REPO_ROOT } from './config/paths.js';
import { buildApp } from './app.js';
import { releaseYoungGeneration } from './lib/start-up-heap.js';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

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

  // On stderr, so stdout stays pure JSON lines for log collectors.
  const app = await buildApp({ config, announce: (line) => process.stderr.write(`${line}\n`) });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  releaseYoungGeneration();
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  fail(`RomShelf failed to start: ${message.split('\n')[0] ?? message}`);
});

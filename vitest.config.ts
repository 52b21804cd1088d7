import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

import { POSTGRES_TEST_FILES } from './server/test/postgres-test-files.js';

const contractSource = fileURLToPath(new URL('./contract/src/index.ts', import.meta.url));
const alias = { '@romshelf/contract': contractSource };
const webAlias = { ...alias, '@': fileURLToPath(new URL('./web/src', import.meta.url)) };

/**
 * The API tests of the modules whose SQL depends on the engine run a second time on PostgreSQL
 * (which modules, and why: server/test/postgres-test-files.ts) when ROMSHELF_TEST_DATABASE_URL
 * names a server (`.ci/run` starts one). In CI the project is always there, so a missing server
 * fails the run instead of skipping these tests.
 */
const postgresTests =
  (process.env.ROMSHELF_TEST_DATABASE_URL ?? '') !== '' || process.env.CI === 'true';
/** Processes sharing a real Redis: where one is given, and always in CI (as PostgreSQL). */
const redisTests = process.env.ROMSHELF_TEST_REDIS_URL !== undefined || process.env.CI === 'true';
const serverTimeouts = {
  testTimeout: 20_000,
  hookTimeout: 30_000,
  // Socket events and background runs land later on a loaded machine than the default 1 s.
  expect: { poll: { timeout: 10_000 } },
};

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker; tests mostly wait on I/O, so two keep both busy.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'contract/src/**/*.test.ts',
            'server/src/**/*.test.ts',
            'server/test/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', '**/*.postgres.test.ts', 'server/test/redis/**'],
          globalSetup: ['server/test/sqlite-global-setup.ts'],
          setupFiles: ['server/test/setup.ts'],
          isolate: false,
          ...serverTimeouts,
        },
      },
      ...(postgresTests
        ? [
            {
              resolve: { alias },
              test: {
                name: 'server-postgres',
                environment: 'node',
                include: POSTGRES_TEST_FILES,
                env: { ROMSHELF_TEST_ENGINE: 'postgres' },
                globalSetup: ['server/test/postgres-global-setup.ts'],
                setupFiles: ['server/test/setup.ts'],
                isolate: false,
                ...serverTimeouts,
              },
            },
          ]
        : []),
      ...(redisTests
        ? [
            {
              resolve: { alias },
              test: {
                name: 'server-redis',
                environment: 'node',
                include: ['server/test/redis/**/*.test.ts'],
                globalSetup: ['server/test/sqlite-global-setup.ts'],
                setupFiles: ['server/test/setup.ts', 'server/test/redis/empty-redis-setup.ts'],
                // One file at a time: they share the Redis, which the multi-process test empties.
                fileParallelism: false,
                // In one process, as the server project: the server's modules load once, not per file.
                isolate: false,
                testTimeout: 120_000,
                hookTimeout: 180_000,
              },
            },
          ]
        : []),
      {
        resolve: { alias: webAlias },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['web/src/test/setup.ts'],
          // Files share their workers (half the time of a fresh jsdom and React per file); the
          // setup file gives each file fresh app modules and a clean window (web/src/test/setup.ts).
          isolate: false,
          // Rendering whole pages in jsdom takes seconds on a busy 2-core machine.
          testTimeout: 20_000,
        },
      },
    ],
  },
});

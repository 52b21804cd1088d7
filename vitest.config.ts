import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const contractSource = fileURLToPath(new URL('./contract/src/index.ts', import.meta.url));
const alias = { '@romshelf/contract': contractSource };
const webAlias = { ...alias, '@': fileURLToPath(new URL('./web/src', import.meta.url)) };

export default defineConfig({
  test: {
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
          exclude: ['server/test/redis/**'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      // Processes sharing a real Redis: run where one is given, and always in CI (where a
      // missing ROMSHELF_TEST_REDIS_URL fails the run instead of skipping it).
      ...(process.env.ROMSHELF_TEST_REDIS_URL !== undefined || process.env.CI === 'true'
        ? [
            {
              resolve: { alias },
              test: {
                name: 'server-redis',
                environment: 'node',
                include: ['server/test/redis/**/*.test.ts'],
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
          // Rendering whole pages in jsdom takes seconds on a busy 2-core machine.
          testTimeout: 20_000,
        },
      },
    ],
  },
});

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
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
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

import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

import { localeBundles } from './scripts/locale-bundles.ts';
import { precompress } from './scripts/precompress.ts';
import { pageChunk, pageChunksFile } from './scripts/route-chunks.ts';
import { webManifests } from './scripts/web-manifest.ts';

/** The absolute path of a file of this package, as the bundler names its modules. */
const sourceFile = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

const localesDir = sourceFile('./public/locales');

const platformPage = sourceFile('./src/features/gallery/components/platform-page.tsx');

const serverTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    react(),
    webManifests(localesDir),
    localeBundles(localesDir),
    pageChunksFile({ platform: platformPage }),
    precompress(),
  ],
  resolve: {
    alias: {
      '@romshelf/contract': fileURLToPath(new URL('../contract/src/index.ts', import.meta.url)),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  server: {
    proxy: {
      '/api': { target: serverTarget, changeOrigin: false },
      '/openapi.json': { target: serverTarget, changeOrigin: false },
      '/ws': { target: serverTarget, ws: true, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // Everything the first page needs in one file beside the entry: dozens of small shared
        // chunks meant as many requests queued on the browser's six connections at start-up.
        // The platform gallery's code (with the menu every card carries) in one more.
        codeSplitting: {
          groups: [
            { name: 'start', tags: ['$initial'] },
            pageChunk('gallery', [
              platformPage,
              sourceFile('./src/features/rom-actions/components/rom-menu.tsx'),
            ]),
          ],
        },
      },
    },
  },
});

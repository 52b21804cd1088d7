/**
 * Build-time translation bundles: each UI language's namespace files
 * (`web/public/locales/<locale>/<namespace>.json`, what translators edit) joined into one file
 * at `localeBundleUrl(locale)`, an object keyed by namespace. The app loads a language with one
 * request (lib/locales-backend.ts) instead of one per namespace queued on the browser's six
 * connections at start-up. A namespace file a language lacks is left out of its bundle; i18next
 * then falls back to the default language's.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { I18N_NAMESPACES, LOCALE_CODES, localeBundleUrl } from '@romshelf/contract';
import type { Plugin } from 'vite';

async function readNamespace(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as unknown;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** One language's bundle: `{ "<namespace>": { ...that file's keys }, ... }`. */
export async function localeBundle(localesDir: string, locale: string): Promise<string> {
  const bundle: Record<string, unknown> = {};
  for (const namespace of I18N_NAMESPACES) {
    const content = await readNamespace(path.join(localesDir, locale, `${namespace}.json`));
    if (content !== undefined) bundle[namespace] = content;
  }
  return JSON.stringify(bundle);
}

/** Writes the bundles into the build, and serves them from the dev server. */
export function localeBundles(localesDir: string): Plugin {
  const byUrl = new Map(LOCALE_CODES.map((locale) => [localeBundleUrl(locale), locale]));
  return {
    name: 'romshelf-locale-bundles',
    async generateBundle() {
      for (const [url, locale] of byUrl) {
        this.emitFile({
          type: 'asset',
          fileName: url.slice(1),
          source: await localeBundle(localesDir, locale),
        });
      }
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const locale = byUrl.get((request.url ?? '').split('?')[0] ?? '');
        if (locale === undefined) return next();
        localeBundle(localesDir, locale).then((source) => {
          response.setHeader('content-type', 'application/json');
          response.end(source);
        }, next);
      });
    },
  };
}

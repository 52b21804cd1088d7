/**
 * Build-time web app manifests (what makes RomShelf installable): one per UI language under
 * `/manifests/<locale>.webmanifest`, and the default language's at `/manifest.webmanifest`,
 * which index.html links. The app points the link at its language's manifest (lib/i18n.ts).
 * Colours come from the theme, shortcut names from the locale files the UI already uses.
 *
 * No service worker goes with it, on purpose: Chromium installs an app without one, and the app
 * is nothing without its server, so a worker could only add stale library data and a layer
 * between the page and the uploads, the emulator's downloads and the socket (README "Keyboard,
 * gamepad and the installed app").
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { DEFAULT_LOCALE, LOCALE_CODES, PRODUCT_NAME, THEME_COLORS } from '@romshelf/contract';
import type { Plugin } from 'vite';

interface ShortcutNames {
  search: string;
  continuePlaying: string;
}

const ICON_SIZES = [192, 512] as const;

export function webManifest(locale: string, names: ShortcutNames): object {
  const icons = ICON_SIZES.flatMap((size) => [
    {
      src: `/icons/icon-${String(size)}.png`,
      sizes: `${String(size)}x${String(size)}`,
      type: 'image/png',
      purpose: 'any',
    },
    {
      src: `/icons/icon-maskable-${String(size)}.png`,
      sizes: `${String(size)}x${String(size)}`,
      type: 'image/png',
      purpose: 'maskable',
    },
  ]);
  const shortcutIcon = [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }];
  return {
    // A stable identity, so the installed app stays one app whichever language manifest it read.
    id: '/',
    name: PRODUCT_NAME,
    short_name: PRODUCT_NAME,
    lang: locale.replace('_', '-'),
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLORS.dark.background,
    background_color: THEME_COLORS.dark.background,
    icons,
    shortcuts: [
      { name: names.search, url: '/search', icons: shortcutIcon },
      { name: names.continuePlaying, url: '/#continue-playing', icons: shortcutIcon },
    ],
  };
}

async function readNames(localesDir: string, locale: string): Promise<ShortcutNames> {
  const read = async (namespace: string): Promise<Record<string, Record<string, string>>> =>
    JSON.parse(
      await readFile(path.join(localesDir, locale, `${namespace}.json`), 'utf8'),
    ) as Record<string, Record<string, string>>;
  const [common, home] = await Promise.all([read('common'), read('home')]);
  const search = common.nav?.search;
  const continuePlaying = home.home?.['continue-playing'];
  if (search === undefined || continuePlaying === undefined) {
    throw new Error(`locale ${locale} lacks nav.search or home.continue-playing`);
  }
  return { search, continuePlaying };
}

/** Writes the manifests into the build, and serves them from the dev server. */
export function webManifests(localesDir: string): Plugin {
  const files = async (): Promise<Map<string, string>> => {
    const byPath = new Map<string, string>();
    for (const locale of LOCALE_CODES) {
      const json = JSON.stringify(
        webManifest(locale, await readNames(localesDir, locale)),
        null,
        2,
      );
      byPath.set(`manifests/${locale}.webmanifest`, json);
      if (locale === DEFAULT_LOCALE) byPath.set('manifest.webmanifest', json);
    }
    return byPath;
  };
  return {
    name: 'romshelf-web-manifests',
    async generateBundle() {
      for (const [fileName, source] of await files()) {
        this.emitFile({ type: 'asset', fileName, source });
      }
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const wanted = (request.url ?? '').split('?')[0]?.slice(1) ?? '';
        if (!wanted.endsWith('.webmanifest')) return next();
        void files().then((byPath) => {
          const source = byPath.get(wanted);
          if (source === undefined) return next();
          response.setHeader('content-type', 'application/manifest+json');
          response.end(source);
        }, next);
      });
    },
  };
}

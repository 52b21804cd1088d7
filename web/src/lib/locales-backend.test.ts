import type { ReadCallback } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { localesBackend } from './locales-backend';

function read(language: string, namespace: string) {
  return new Promise<Parameters<ReadCallback>>((resolve) => {
    localesBackend.read(language, namespace, (...args) => resolve(args));
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('localesBackend', () => {
  it("reads every namespace of a language from that language's one bundle file", async () => {
    const fetchFile = vi.fn(() =>
      Promise.resolve(Response.json({ common: { hello: 'Bonjour' }, home: { title: 'Accueil' } })),
    );
    vi.stubGlobal('fetch', fetchFile);
    const [common, home, rom] = await Promise.all([
      read('fr_FR', 'common'),
      read('fr_FR', 'home'),
      read('fr_FR', 'rom'),
    ]);
    expect(common).toEqual([null, { hello: 'Bonjour' }]);
    expect(home).toEqual([null, { title: 'Accueil' }]);
    // A namespace the bundle lacks is empty: i18next falls back to the default language's.
    expect(rom).toEqual([null, {}]);
    expect(await read('fr_FR', 'common')).toEqual([null, { hello: 'Bonjour' }]);
    expect(fetchFile.mock.calls).toEqual([['/locales/fr_FR.json']]);
  });

  it('reports a missing bundle without retry, and a server or network error with retry', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('', { status: 404 })));
    const [missing, missingRetry] = await read('xx_XX', 'common');
    expect(String(missing)).toBe('Error: /locales/xx_XX.json: HTTP 404');
    expect(missingRetry).toBe(false);

    vi.stubGlobal('fetch', () => Promise.resolve(new Response('', { status: 503 })));
    const [unavailable, unavailableRetry] = await read('de_DE', 'common');
    expect(String(unavailable)).toBe('Error: /locales/de_DE.json: HTTP 503');
    expect(unavailableRetry).toBe(true);

    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const [offline, offlineRetry] = await read('de_DE', 'common');
    expect(String(offline)).toBe('TypeError: Failed to fetch');
    expect(offlineRetry).toBe(true);

    // The retry asks again rather than repeating the failure.
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json({ common: { hello: 'Hallo' } })));
    expect(await read('de_DE', 'common')).toEqual([null, { hello: 'Hallo' }]);
  });
});

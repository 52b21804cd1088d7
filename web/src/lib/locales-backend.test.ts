import type { ReadCallback } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { localeFileUrl, localesBackend } from './locales-backend';

function read(language: string, namespace: string) {
  return new Promise<Parameters<ReadCallback>>((resolve) => {
    localesBackend.read(language, namespace, (...args) => resolve(args));
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('localesBackend', () => {
  it('fetches the namespace file of the language', async () => {
    const fetchFile = vi.fn(() => Promise.resolve(Response.json({ hello: 'Bonjour' })));
    vi.stubGlobal('fetch', fetchFile);
    expect(await read('fr_FR', 'common')).toEqual([null, { hello: 'Bonjour' }]);
    expect(fetchFile).toHaveBeenCalledWith('/locales/fr_FR/common.json');
    expect(localeFileUrl('pt_BR', 'home')).toBe('/locales/pt_BR/home.json');
  });

  it('reports a missing file without retry, and a server or network error with retry', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('', { status: 404 })));
    const [missing, missingRetry] = await read('xx_XX', 'common');
    expect(String(missing)).toBe('Error: /locales/xx_XX/common.json: HTTP 404');
    expect(missingRetry).toBe(false);

    vi.stubGlobal('fetch', () => Promise.resolve(new Response('', { status: 503 })));
    expect((await read('en_US', 'common'))[1]).toBe(true);

    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const [offline, offlineRetry] = await read('en_US', 'common');
    expect(String(offline)).toBe('TypeError: Failed to fetch');
    expect(offlineRetry).toBe(true);
  });
});

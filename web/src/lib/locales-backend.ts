import type { BackendModule, ReadCallback } from 'i18next';

/** Where the build serves each language's namespace files. */
export function localeFileUrl(language: string, namespace: string): string {
  return `/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}.json`;
}

/**
 * The i18next backend of the app: each namespace is a static JSON file fetched from this server.
 * A missing file (4xx) is final; a network or server error is retried by i18next (the second
 * argument of the callback asks for a retry).
 */
export const localesBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const url = localeFileUrl(language, namespace);
    fetch(url)
      .then(async (response) => {
        if (!response.ok) {
          callback(new Error(`${url}: HTTP ${String(response.status)}`), response.status >= 500);
          return;
        }
        callback(null, (await response.json()) as Record<string, unknown>);
      })
      .catch((error: unknown) => {
        callback(error instanceof Error ? error : new Error(String(error)), true);
      });
  },
};

import { localeBundleUrl } from '@romshelf/contract';
import type { BackendModule, ReadCallback } from 'i18next';

/** Thrown for an answer that is not a language's bundle; `retry` when asking again may help. */
class BundleError extends Error {
  readonly retry: boolean;

  constructor(message: string, retry: boolean) {
    super(message);
    this.retry = retry;
  }
}

async function fetchBundle(language: string): Promise<Record<string, unknown>> {
  const url = localeBundleUrl(language);
  const response = await fetch(url);
  if (!response.ok) {
    throw new BundleError(`${url}: HTTP ${String(response.status)}`, response.status >= 500);
  }
  return (await response.json()) as Record<string, unknown>;
}

/** Each language's bundle, asked for once however many namespaces i18next reads from it. */
const bundles = new Map<string, Promise<Record<string, unknown>>>();

function bundleOf(language: string): Promise<Record<string, unknown>> {
  let bundle = bundles.get(language);
  if (bundle === undefined) {
    bundle = fetchBundle(language);
    bundles.set(language, bundle);
    // A failed load is asked for again when i18next retries, not answered from the failure.
    bundle.catch(() => bundles.delete(language));
  }
  return bundle;
}

/**
 * The i18next backend of the app: a language's namespaces come from its one bundle file
 * (web/scripts/locale-bundles.ts). A namespace the bundle lacks reads as empty, so i18next uses
 * the fallback language's. A missing bundle (4xx) is final; a network or server error is retried
 * by i18next (the second argument of the callback asks for a retry).
 */
export const localesBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    bundleOf(language).then(
      (namespaces) => callback(null, (namespaces[namespace] ?? {}) as Record<string, unknown>),
      (error: unknown) => {
        if (error instanceof BundleError) callback(error, error.retry);
        else callback(error instanceof Error ? error : new Error(String(error)), true);
      },
    );
  },
};

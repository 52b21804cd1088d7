import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { platformGalleryPreloads, signedInStartPreloads } from '@romshelf/contract';

/** The build's list of each page's code files (web/scripts/route-chunks.ts). */
export const PAGE_CHUNKS_FILE = 'page-chunks.json';

/** A platform's gallery with nothing after its id: no sort, filter or search in the address. */
const PLATFORM_GALLERY = /^\/platform\/([1-9][0-9]{0,9})$/;

/** Page name → its code files, as the build listed them; none when the build wrote no list. */
export function readPageChunks(webDir: string): Record<string, string[]> {
  const file = path.join(webDir, PAGE_CHUNKS_FILE);
  if (!existsSync(file)) return {};
  const listed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  if (typeof listed !== 'object' || listed === null) return {};
  return Object.fromEntries(
    Object.entries(listed).filter(
      (entry): entry is [string, string[]] =>
        Array.isArray(entry[1]) && entry[1].every((item) => typeof item === 'string'),
    ),
  );
}

function escapeAttribute(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/**
 * The `<link>` tags that start what a signed-in visitor's page needs while the browser still
 * fetches and runs the app's start bundle: for a platform's gallery, its code, the answers it
 * shows first and what the app loads before any page (start-up answers, translations). Empty
 * for any other address, or signed out (the app then opens the sign-in page and the answers
 * would be 401s). Only digits of the address reach the links, escaped all the same.
 */
export function pagePreloadLinks(
  url: string,
  signedIn: boolean,
  pageChunks: Readonly<Record<string, readonly string[]>>,
): string {
  const platform = PLATFORM_GALLERY.exec(url)?.[1];
  if (!signedIn || platform === undefined) return '';
  const code = (pageChunks.platform ?? []).map(
    (file) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(file)}" />`,
  );
  const answers = [...platformGalleryPreloads(Number(platform)), ...signedInStartPreloads()];
  const data = answers.map(
    (address) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(address)}" />`,
  );
  // The code first: it is the largest, and the browser asks in this order.
  return [...code, ...data].join('');
}

/** index.html with `links` placed last in its head. */
export function withPreloadLinks(indexHtml: string, links: string): string {
  return indexHtml.replace('</head>', `${links}</head>`);
}

import { BULK_DOWNLOAD_PAUSE_MS, DOWNLOAD_LINK_LIFETIME_MS } from '@romshelf/contract';

import { API_BASE } from '@/lib/api-client';

/** Most games a selection zip names in its address (about 7 KB of ids, under servers' limits). */
export const ZIP_SELECTION_MAX = 1000;

/** The selected games as one zip (`GET /api/roms/download?rom_ids=`), in id order. */
export function selectionZipUrl(ids: ReadonlySet<number>): string {
  const sorted = [...ids].sort((a, b) => a - b);
  return `${API_BASE}/roms/download?rom_ids=${sorted.join(',')}`;
}

/** A temporary link: clicked once, removed shortly after. */
export interface DownloadLink {
  click: () => void;
  remove: () => void;
}

export interface BulkDownloadDeps {
  sleep: (ms: number) => Promise<void>;
  createLink: (url: string, fileName?: string) => DownloadLink;
  /** Schedules the link's removal; setTimeout in the browser. */
  later: (callback: () => void, ms: number) => void;
}

export interface DownloadTarget {
  url: string;
  fileName?: string;
}

const sleep = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

function createAnchor(url: string, fileName?: string): DownloadLink {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? '';
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  return { click: () => link.click(), remove: () => link.remove() };
}

export const browserDownloadDeps: BulkDownloadDeps = {
  sleep,
  createLink: createAnchor,
  later: (callback, ms) => window.setTimeout(callback, ms),
};

/**
 * Downloads files one after another (SPEC §9): each through a temporary link removed
 * DOWNLOAD_LINK_LIFETIME_MS after its click, with BULK_DOWNLOAD_PAUSE_MS between files, so
 * browsers do not drop all but the first download. Resolves once the last one has started.
 */
export async function downloadSequentially(
  targets: readonly DownloadTarget[],
  deps: BulkDownloadDeps = browserDownloadDeps,
  signal?: AbortSignal,
): Promise<number> {
  let started = 0;
  for (const [index, target] of targets.entries()) {
    if (index > 0) await deps.sleep(BULK_DOWNLOAD_PAUSE_MS);
    if (signal?.aborted) break;
    const link = deps.createLink(target.url, target.fileName);
    link.click();
    deps.later(() => link.remove(), DOWNLOAD_LINK_LIFETIME_MS);
    started++;
  }
  return started;
}

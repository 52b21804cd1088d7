import { DOWNLOAD_LINK_LIFETIME_MS } from '@romshelf/contract';

import { API_BASE } from './api-client';

/** The content URL of a ROM: the whole ROM, or only the given files (`?file_ids=1,2`). */
export function romContentUrl(
  rom: { id: number; fs_name: string },
  fileIds: readonly number[] = [],
): string {
  const base = `${API_BASE}/roms/${String(rom.id)}/content/${encodeURIComponent(rom.fs_name)}`;
  return fileIds.length > 0 ? `${base}?file_ids=${fileIds.join(',')}` : base;
}

/**
 * Starts a browser download of a same-origin URL with a temporary link, removed shortly after
 * (SPEC §9). The session cookie goes with it, so protected content downloads too.
 */
export function startDownload(url: string, fileName?: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? '';
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  window.setTimeout(() => link.remove(), DOWNLOAD_LINK_LIFETIME_MS);
}

import { BULK_DOWNLOAD_PAUSE_MS, DOWNLOAD_LINK_LIFETIME_MS } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { downloadSequentially, selectionZipUrl } from './bulk-download';
import type { BulkDownloadDeps } from './bulk-download';

function recorder() {
  const log: string[] = [];
  const pending: (() => void)[] = [];
  const deps: BulkDownloadDeps = {
    sleep: (ms) => {
      log.push(`sleep ${String(ms)}`);
      return Promise.resolve();
    },
    createLink: (url) => {
      log.push(`create ${url}`);
      return {
        click: () => log.push(`click ${url}`),
        remove: () => log.push(`remove ${url}`),
      };
    },
    later: (callback, ms) => {
      log.push(`later ${String(ms)}`);
      pending.push(callback);
    },
  };
  return { log, pending, deps };
}

describe('downloadSequentially (SPEC §9)', () => {
  it('downloads one file after another with pauses, removing each link later', async () => {
    const { log, pending, deps } = recorder();
    const started = await downloadSequentially([{ url: '/a' }, { url: '/b' }, { url: '/c' }], deps);
    expect(started).toBe(3);
    expect(log).toEqual([
      'create /a',
      'click /a',
      `later ${String(DOWNLOAD_LINK_LIFETIME_MS)}`,
      `sleep ${String(BULK_DOWNLOAD_PAUSE_MS)}`,
      'create /b',
      'click /b',
      `later ${String(DOWNLOAD_LINK_LIFETIME_MS)}`,
      `sleep ${String(BULK_DOWNLOAD_PAUSE_MS)}`,
      'create /c',
      'click /c',
      `later ${String(DOWNLOAD_LINK_LIFETIME_MS)}`,
    ]);
    for (const callback of pending) callback();
    expect(log.filter((line) => line.startsWith('remove'))).toEqual([
      'remove /a',
      'remove /b',
      'remove /c',
    ]);
  });

  it('uses 300 ms pauses and 100 ms link lifetimes', () => {
    expect(BULK_DOWNLOAD_PAUSE_MS).toBe(300);
    expect(DOWNLOAD_LINK_LIFETIME_MS).toBe(100);
  });

  it('does not pause for a single file and stops when aborted', async () => {
    const single = recorder();
    await downloadSequentially([{ url: '/only' }], single.deps);
    expect(single.log.some((line) => line.startsWith('sleep'))).toBe(false);

    const aborted = recorder();
    const controller = new AbortController();
    const deps: BulkDownloadDeps = {
      ...aborted.deps,
      sleep: (ms) => {
        controller.abort();
        return aborted.deps.sleep(ms);
      },
    };
    const started = await downloadSequentially(
      [{ url: '/a' }, { url: '/b' }],
      deps,
      controller.signal,
    );
    expect(started).toBe(1);
  });
});

describe('selectionZipUrl', () => {
  it('names the selected games in id order', () => {
    expect(selectionZipUrl(new Set([42, 7, 19]))).toBe('/api/roms/download?rom_ids=7,19,42');
  });
});

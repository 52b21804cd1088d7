import { describe, expect, it } from 'vitest';

import { taskSummary } from './task-text';

describe('taskSummary', () => {
  it('sums up a DAT verification: good dumps under any name, incomplete, not in a set', () => {
    expect(
      taskSummary({
        task_key: 'verify_dats',
        meta: {
          update_stats: {
            platforms: 2,
            dats: 2,
            roms_checked: 9,
            verified: 5,
            renamed: 1,
            unknown: 2,
            incomplete: 1,
          },
        },
      }),
    ).toEqual({
      key: 'tasks.summary.verify-dats',
      values: { checked: 9, verified: 6, incomplete: 1, unknown: 2 },
    });
  });

  it('sums up the sync tasks: devices synced, failed, skipped; files taken in', () => {
    expect(
      taskSummary({
        task_key: 'sync_push_pull',
        meta: {
          update_stats: { devices: 3, synced_devices: 1, failed_devices: 1, skipped_devices: 1 },
        },
      }),
    ).toEqual({
      key: 'tasks.summary.sync-push-pull',
      values: { devices: 3, synced: 1, failed: 1, skipped: 1 },
    });
    expect(
      taskSummary({
        task_key: 'sync_folder_scan',
        meta: { update_stats: { devices: 2, files: 5 } },
      }),
    ).toEqual({ key: 'tasks.summary.sync-folder-scan', values: { files: 5, devices: 2 } });
  });
});

import { TASK_NAMES } from '@romshelf/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { buildTestApp } from '../../../test/build-test-app.js';
import { startFakeLaunchbox } from '../../../test/fakes/launchbox.js';
import { TaskScheduler } from './task-scheduler.js';

const dumpDownloads = (dump: { requests: { path: string }[] }) =>
  dump.requests.filter((request) => request.path === '/Metadata.zip').length;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('scheduled LaunchBox refresh', () => {
  it('downloads the dump on its schedule and stops with the server', async () => {
    // Watched, not replaced: the app's scheduler runs as usual.
    const stop = vi.spyOn(TaskScheduler.prototype, 'stop');
    const dump = await startFakeLaunchbox([
      { id: 1, name: 'Wave Race 64', platform: 'Nintendo 64' },
    ]);
    const { app } = await buildTestApp({
      env: {
        LAUNCHBOX_API_ENABLED: 'true',
        LAUNCHBOX_METADATA_URL: `${dump.origin}/Metadata.zip`,
        ENABLE_SCHEDULED_UPDATE_LAUNCHBOX_METADATA: 'true',
        SCHEDULED_UPDATE_LAUNCHBOX_METADATA_CRON: '* * * * * *',
      },
    });
    await expect
      .poll(() => dumpDownloads(dump), { timeout: 4000, interval: 50 })
      .toBeGreaterThanOrEqual(1);
    expect(stop).not.toHaveBeenCalled();
    await app.close();
    expect(stop).toHaveBeenCalledTimes(1);
    const scheduler = stop.mock.contexts[0] as TaskScheduler;
    expect(scheduler.scheduled()).toEqual([]);
    expect(scheduler.nextRun(TASK_NAMES.updateLaunchboxMetadata)).toBeNull();
  });

  it('is off unless enabled', async () => {
    const schedule = vi.spyOn(TaskScheduler.prototype, 'schedule');
    const dump = await startFakeLaunchbox([]);
    await buildTestApp({
      env: {
        LAUNCHBOX_API_ENABLED: 'true',
        LAUNCHBOX_METADATA_URL: `${dump.origin}/Metadata.zip`,
        SCHEDULED_UPDATE_LAUNCHBOX_METADATA_CRON: '* * * * * *',
      },
    });
    expect(schedule).not.toHaveBeenCalled();
    expect(dumpDownloads(dump)).toBe(0);
  });
});

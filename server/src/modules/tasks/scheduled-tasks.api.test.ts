import type { TaskStatus } from '@romshelf/contract';
import { TASK_NAMES } from '@romshelf/contract';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { addUser, bearer } from '../../../test/accounts.js';
import { buildTestApp, createFirstAdmin } from '../../../test/build-test-app.js';
import { startFakeLaunchbox } from '../../../test/fakes/launchbox.js';
import { handheldToken, registerDevice } from '../../../test/handheld.js';
import { asAdmin } from '../../../test/tasks.js';
import { SaveHistory } from '../play-assets/save-history.js';
import { SyncModesService } from '../sync/sync-modes.service.js';
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

async function runsOf(app: FastifyInstance): Promise<TaskStatus[]> {
  const response = await app.inject({ method: 'GET', url: '/api/tasks/status', headers: asAdmin });
  expect(response.statusCode).toBe(200);
  return response.json<TaskStatus[]>();
}

describe('push-pull sync and save-history prune on their schedules', () => {
  it('run in two apps of one process, and a due run with nothing to do leaves no run', async () => {
    const everySecond = {
      ENABLE_SYNC_PUSH_PULL: 'true',
      SYNC_PUSH_PULL_CRON: '* * * * * *',
      ENABLE_SCHEDULED_PRUNE_SAVE_HISTORY: 'true',
      SCHEDULED_PRUNE_SAVE_HISTORY_CRON: '* * * * * *',
    };
    const askedDevices = vi.spyOn(SyncModesService.prototype, 'hasPushPullDevices');
    const askedVersions = vi.spyOn(SaveHistory.prototype, 'hasVersions');
    const idle = await buildTestApp({ env: everySecond });
    const busy = await buildTestApp({ env: everySecond });
    await createFirstAdmin(idle.app);
    await createFirstAdmin(busy.app);
    // Each app's schedules fired at least twice, with no device to sync and no version kept.
    await expect
      .poll(() => askedDevices.mock.calls.length, { timeout: 10_000, interval: 50 })
      .toBeGreaterThanOrEqual(4);
    await expect
      .poll(() => askedVersions.mock.calls.length, { timeout: 10_000, interval: 50 })
      .toBeGreaterThanOrEqual(4);
    expect(await runsOf(idle.app)).toEqual([]);
    expect(await runsOf(busy.app)).toEqual([]);

    const player = await addUser(busy.app, 'player', 'viewer');
    const token = await handheldToken(busy.app, player);
    const deviceId = await registerDevice(busy.app, token, 'miyoo');
    const update = await busy.app.inject({
      method: 'PUT',
      url: `/api/devices/${deviceId}`,
      headers: { authorization: bearer(token) },
      payload: { sync_mode: 'push_pull', sync_config: {} },
    });
    expect(update.statusCode, update.body).toBe(200);
    const scheduledPushPull = async () =>
      (await runsOf(busy.app)).find(
        (run) => run.task_key === TASK_NAMES.syncPushPull && run.ended_at !== null,
      );
    await expect.poll(scheduledPushPull, { timeout: 10_000, interval: 50 }).toBeDefined();
    expect(await scheduledPushPull()).toMatchObject({
      trigger: 'scheduled',
      status: 'finished',
      meta: {
        update_stats: { devices: 1, synced_devices: 0, failed_devices: 0, skipped_devices: 1 },
      },
    });
    expect(await runsOf(idle.app)).toEqual([]);
  });
});

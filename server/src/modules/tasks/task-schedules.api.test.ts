import type { GroupedTasks, TaskInfo } from '@romshelf/contract';
import { TASK_NAMES } from '@romshelf/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';

import { seedRoles } from '../../../test/accounts.js';
import { basic, buildTestApp, closeTestApp } from '../../../test/build-test-app.js';
import { startFakeLaunchbox } from '../../../test/fakes/launchbox.js';
import { asAdmin } from '../../../test/tasks.js';

const LAUNCHBOX = TASK_NAMES.updateLaunchboxMetadata;

function putSchedule(
  app: FastifyInstance,
  name: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = asAdmin,
) {
  return app.inject({ method: 'PUT', url: `/api/tasks/${name}/schedule`, headers, payload });
}

async function launchboxInfo(app: FastifyInstance): Promise<TaskInfo | undefined> {
  const response = await app.inject({ method: 'GET', url: '/api/tasks', headers: asAdmin });
  return response.json<GroupedTasks>().scheduled.find((task) => task.name === LAUNCHBOX);
}

describe('PUT /api/tasks/{task_name}/schedule', () => {
  it('re-arms the schedule at once and keeps it over a restart', async () => {
    const dump = await startFakeLaunchbox([
      { id: 1, name: 'Wave Race 64', platform: 'Nintendo 64' },
    ]);
    const env = {
      LAUNCHBOX_API_ENABLED: 'true',
      LAUNCHBOX_METADATA_URL: `${dump.origin}/Metadata.zip`,
    };
    const { app, dataDir } = await buildTestApp({ env });
    await seedRoles(app);
    const downloads = () => dump.requests.filter((request) => request.path === '/Metadata.zip');
    expect(downloads()).toEqual([]);

    const saved = await putSchedule(app, LAUNCHBOX, { enabled: true, cron: ' * * * * * * ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<TaskInfo>()).toMatchObject({ enabled: true, cron_string: '* * * * * *' });
    await expect
      .poll(() => downloads().length, { timeout: 4000, interval: 50 })
      .toBeGreaterThanOrEqual(1);

    const manual = await putSchedule(app, LAUNCHBOX, { enabled: false, cron: '30 2 * * 1' });
    expect(manual.json<TaskInfo>()).toMatchObject({ enabled: false, cron_string: '30 2 * * 1' });
    await closeTestApp(app);

    const restarted = await buildTestApp({ env, dataDir });
    expect(await launchboxInfo(restarted.app)).toMatchObject({
      enabled: false,
      cron_string: '30 2 * * 1',
    });
  });

  it('answers 400 with the reason for a bad cron, 400 without a schedule, 404 unknown', async () => {
    const { app } = await buildTestApp();
    await seedRoles(app);
    const bad = await putSchedule(app, LAUNCHBOX, { enabled: true, cron: '0 25 * * *' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: "Invalid cron expression '0 25 * * *': invalid hours" });
    const short = await putSchedule(app, LAUNCHBOX, { enabled: true, cron: '0 3 *' });
    expect(short.json()).toEqual({
      detail: "Invalid cron expression '0 3 *': fewer than 5 parts",
    });
    const noSchedule = await putSchedule(app, TASK_NAMES.cleanupMissingRoms, {
      enabled: true,
      cron: '0 3 * * *',
    });
    expect(noSchedule.statusCode).toBe(400);
    expect(noSchedule.json()).toEqual({ detail: "Task 'cleanup_missing_roms' has no schedule" });
    const unknown = await putSchedule(app, 'nope', { enabled: true, cron: '0 3 * * *' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: "Task 'nope' not found" });
    expect(await launchboxInfo(app)).toMatchObject({ enabled: false, cron_string: '0 4 * * *' });
  });

  it('is refused to a viewer', async () => {
    const { app } = await buildTestApp();
    const { viewer } = await seedRoles(app);
    const response = await putSchedule(
      app,
      LAUNCHBOX,
      { enabled: true, cron: '0 3 * * *' },
      { authorization: basic(viewer.username, viewer.password) },
    );
    expect(response.statusCode).toBe(403);
  });
});

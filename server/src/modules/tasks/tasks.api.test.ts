import type { GroupedTasks, TaskStatus } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { seedRoles } from '../../../test/accounts.js';
import { basic, buildTestApp, login } from '../../../test/build-test-app.js';
import { connectSocket } from '../../../test/library-fixtures.js';
import { asAdmin, runTask, waitForTaskEnd } from '../../../test/tasks.js';

describe('GET /api/tasks', () => {
  it("lists RomM's tasks with their defaults, grouped", async () => {
    // Blank is unset: the server's own defaults, not the two schedules test apps turn off.
    const { app } = await buildTestApp({
      env: { ENABLE_SYNC_PUSH_PULL: '', ENABLE_SCHEDULED_PRUNE_SAVE_HISTORY: '' },
    });
    await seedRoles(app);
    const response = await app.inject({ method: 'GET', url: '/api/tasks', headers: asAdmin });
    expect(response.statusCode).toBe(200);
    const grouped = response.json<GroupedTasks>();
    const brief = (group: keyof GroupedTasks) =>
      grouped[group].map(({ name, type, enabled, manual_run, cron_string }) => ({
        name,
        type,
        enabled,
        manual_run,
        cron_string,
      }));
    expect(brief('scheduled')).toEqual([
      {
        name: 'scan_library',
        type: 'scan',
        enabled: false,
        manual_run: false,
        cron_string: '0 3 * * *',
      },
      {
        name: 'update_launchbox_metadata',
        type: 'update',
        enabled: false,
        manual_run: true,
        cron_string: '0 4 * * *',
      },
      {
        name: 'convert_images_to_webp',
        type: 'conversion',
        enabled: false,
        manual_run: true,
        cron_string: '0 4 * * *',
      },
      {
        name: 'sync_retroachievements_progress',
        type: 'update',
        enabled: false,
        manual_run: false,
        cron_string: '0 4 * * *',
      },
      {
        name: 'prune_save_history',
        type: 'cleanup',
        enabled: true,
        manual_run: true,
        cron_string: '30 4 * * *',
      },
      {
        name: 'sync_push_pull',
        type: 'sync',
        enabled: true,
        manual_run: true,
        cron_string: '*/30 * * * *',
      },
    ]);
    expect(brief('manual')).toEqual([
      {
        name: 'cleanup_orphaned_resources',
        type: 'cleanup',
        enabled: false,
        manual_run: true,
        cron_string: '0 5 * * *',
      },
      {
        name: 'cleanup_missing_roms',
        type: 'cleanup',
        enabled: true,
        manual_run: true,
        cron_string: '',
      },
      { name: 'verify_dats', type: 'update', enabled: true, manual_run: true, cron_string: '' },
      { name: 'sync_folder_scan', type: 'sync', enabled: true, manual_run: true, cron_string: '' },
    ]);
    expect(grouped.watcher).toEqual([
      {
        name: 'filesystem_watcher',
        type: 'watcher',
        enabled: false,
        manual_run: false,
        title: 'Rescan on filesystem change',
        description:
          'Runs a scan when a change is detected in the library path, with a 5 minute delay',
        cron_string: '',
      },
    ]);
    expect(grouped.manual[1]).toMatchObject({
      title: 'Cleanup missing ROMs',
      description: 'Delete all ROMs flagged as missing from the filesystem from the database',
    });
  });

  it('shows the schedules and the watcher the environment turns on', async () => {
    const { app } = await buildTestApp({
      env: {
        ENABLE_SCHEDULED_RESCAN: 'true',
        SCHEDULED_RESCAN_CRON: '30 2 * * 1-5',
        ENABLE_RESCAN_ON_FILESYSTEM_CHANGE: 'true',
        RESCAN_ON_FILESYSTEM_CHANGE_DELAY: '10',
      },
    });
    await seedRoles(app);
    const grouped = (
      await app.inject({ method: 'GET', url: '/api/tasks', headers: asAdmin })
    ).json<GroupedTasks>();
    expect(grouped.scheduled[0]).toMatchObject({ enabled: true, cron_string: '30 2 * * 1-5' });
    expect(grouped.watcher[0]).toMatchObject({
      enabled: true,
      description:
        'Runs a scan when a change is detected in the library path, with a 10 minute delay',
    });
    const heartbeat = (await app.inject({ method: 'GET', url: '/api/heartbeat' })).json<{
      TASKS: Record<string, unknown>;
    }>();
    expect(heartbeat.TASKS).toMatchObject({
      ENABLE_SCHEDULED_RESCAN: true,
      SCHEDULED_RESCAN_CRON: '30 2 * * 1-5',
    });
  });
});

describe('tasks.run scope', () => {
  const routes = [
    { method: 'GET' as const, url: '/api/tasks' },
    { method: 'GET' as const, url: '/api/tasks/status' },
    { method: 'GET' as const, url: '/api/tasks/00000000-0000-0000-0000-000000000000' },
    { method: 'POST' as const, url: '/api/tasks/run/cleanup_missing_roms' },
  ];

  it('refuses anonymous callers, viewers and editors on every route, and lets admins in', async () => {
    const { app } = await buildTestApp();
    const { viewer, editor } = await seedRoles(app);
    for (const route of routes) {
      const anonymous = await app.inject(route);
      expect(anonymous.statusCode, route.url).toBe(401);
      for (const user of [viewer, editor]) {
        const refused = await app.inject({
          ...route,
          headers: { authorization: basic(user.username, user.password) },
        });
        expect(refused.statusCode, `${user.username} ${route.url}`).toBe(403);
        expect(refused.json()).toEqual({ detail: 'Forbidden' });
      }
    }
    const list = await app.inject({ ...routes[0], headers: asAdmin });
    expect(list.statusCode).toBe(200);
    const history = await app.inject({ ...routes[1], headers: asAdmin });
    expect(history.json()).toEqual([]);
    const unknownRun = await app.inject({ ...routes[2], headers: asAdmin });
    expect(unknownRun.statusCode).toBe(404);
    expect(unknownRun.json()).toEqual({
      detail: "Task with ID '00000000-0000-0000-0000-000000000000' not found",
    });
  });
});

describe('POST /api/tasks/run/{task_name}', () => {
  it('answers 404 for an unknown task and 400 for one that cannot be run by hand', async () => {
    const { app } = await buildTestApp();
    await seedRoles(app);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/tasks/run/defrag_everything',
      headers: asAdmin,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      detail:
        "Task 'defrag_everything' not found, available tasks are scan_library, update_launchbox_metadata, convert_images_to_webp, sync_retroachievements_progress, prune_save_history, cleanup_orphaned_resources, cleanup_missing_roms, verify_dats, sync_push_pull, sync_folder_scan, filesystem_watcher",
    });
    for (const name of [
      'scan_library',
      'sync_retroachievements_progress',
      'filesystem_watcher',
      'update_launchbox_metadata',
    ]) {
      const refused = await app.inject({
        method: 'POST',
        url: `/api/tasks/run/${name}`,
        headers: asAdmin,
      });
      expect(refused.statusCode, name).toBe(400);
      expect(refused.json()).toEqual({ detail: `Task '${name}' cannot be run` });
    }
    const badKwargs = await app.inject({
      method: 'POST',
      url: '/api/tasks/run/cleanup_missing_roms',
      headers: asAdmin,
      payload: { platform_ids: ['n64'] },
    });
    expect(badKwargs.statusCode).toBe(400);
    expect(badKwargs.json<{ detail: string }>().detail).toMatch(
      /^Invalid parameters for 'cleanup_missing_roms': platform_ids\.0 /,
    );
    expect(
      (await app.inject({ method: 'GET', url: '/api/tasks/status', headers: asAdmin })).json(),
    ).toEqual([]);
  });

  it("starts a run in RomM's shape; its status and history follow, and the socket tells admins", async () => {
    const { app } = await buildTestApp();
    await seedRoles(app);
    const admin = await connectSocket(app, await login(app));
    const viewer = await connectSocket(app, await login(app, 'viewer', 'viewer-pass'));
    const adminEvents: [string, TaskStatus][] = [];
    const viewerEvents: string[] = [];
    for (const name of ['task:progress', 'task:end']) {
      admin.on(name, (status: TaskStatus) => adminEvents.push([name, status]));
      viewer.on(name, () => viewerEvents.push(name));
    }
    const response = await app.inject({
      method: 'POST',
      url: '/api/tasks/run/cleanup_missing_roms',
      headers: asAdmin,
    });
    expect(response.statusCode).toBe(200);
    const execution = response.json<Record<string, unknown>>();
    expect(Object.keys(execution).sort()).toEqual([
      'created_at',
      'enqueued_at',
      'status',
      'task_id',
      'task_key',
      'task_name',
    ]);
    expect(execution).toMatchObject({
      task_name: 'Cleanup missing ROMs',
      task_key: 'cleanup_missing_roms',
      status: 'started',
    });
    const ended = await waitForTaskEnd(app, execution.task_id as string);
    expect(ended).toMatchObject({
      task_id: execution.task_id,
      status: 'finished',
      task_type: 'cleanup',
      trigger: 'manual',
      meta: { cleanup_stats: { platform_ids: null, roms_found: 0, roms_deleted: 0, errors: 0 } },
      error: null,
    });
    expect(ended.started_at).not.toBeNull();
    expect(ended.duration_ms).toBeGreaterThanOrEqual(0);
    const history = (
      await app.inject({ method: 'GET', url: '/api/tasks/status', headers: asAdmin })
    ).json<TaskStatus[]>();
    expect(history).toEqual([ended]);
    await expect
      .poll(() => adminEvents.map(([name]) => name))
      .toEqual(['task:progress', 'task:progress', 'task:end']);
    expect(adminEvents.at(-1)?.[1]).toEqual(ended);
    // The second run's events reached the viewer's socket neither.
    await runTask(app, 'cleanup_missing_roms');
    await expect.poll(() => adminEvents.length).toBe(6);
    expect(viewerEvents).toEqual([]);
  });
});

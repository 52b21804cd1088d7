import { describe, expect, it } from 'vitest';

import { ADMIN_AUTH, buildTestApp, createFirstAdmin } from '../../../test/build-test-app.js';
import { ROMM_CONFIG, ROMM_HEARTBEAT, ROMM_TASK_INFO } from '../../../test/romm-models.js';
import { expectRommShape } from '../../../test/romm-shape.js';

describe('server answers carry RomM 5 fields, names, types and nullability', () => {
  it('the heartbeat, the configuration and the task list', async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    const headers = { authorization: ADMIN_AUTH };
    expectRommShape(
      (await app.inject({ url: '/api/heartbeat' })).json(),
      ROMM_HEARTBEAT,
      'GET /api/heartbeat',
    );
    expectRommShape(
      (await app.inject({ url: '/api/config', headers })).json(),
      ROMM_CONFIG,
      'GET /api/config',
    );
    const tasks = (await app.inject({ url: '/api/tasks', headers })).json<
      Record<string, unknown[]>
    >();
    expect(Object.keys(tasks).sort()).toEqual(['manual', 'scheduled', 'watcher']);
    for (const [group, list] of Object.entries(tasks)) {
      expect(list.length, group).toBeGreaterThan(0);
      for (const task of list) expectRommShape(task, ROMM_TASK_INFO, `GET /api/tasks ${group}`);
    }
  });
});

import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { SyncSession } from '@romshelf/contract';
import { afterEach, describe, expect, it } from 'vitest';

import { registerDevice } from '../../../test/handheld.js';
import type { TestSftpServer } from '../../../test/sftp-server.js';
import { startSftpServer } from '../../../test/sftp-server.js';
import type { SyncModeSetup } from '../../../test/sync-modes-fixtures.js';
import { syncModeSetup } from '../../../test/sync-modes-fixtures.js';
import { runTask } from '../../../test/tasks.js';

const servers: TestSftpServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A handheld's disk served over SFTP, its host key known and its key in the keys folder. */
async function handheld(t: SyncModeSetup, deviceId: string) {
  const disk = await mkdtemp(path.join(tmpdir(), 'romshelf-handheld-'));
  const sftp = await startSftpServer(disk, { user: 'root', password: 'muos' });
  servers.push(sftp);
  mkdirSync(t.config.sshFiles.keysDir, { recursive: true });
  appendFileSync(t.config.sshFiles.knownHostsPath, sftp.knownHosts);
  writeFileSync(path.join(t.config.sshFiles.keysDir, `${deviceId}.pem`), sftp.clientKey);
  return {
    config: {
      ssh_host: '127.0.0.1',
      ssh_port: sftp.port,
      save_directories: [{ platform_slug: 'gba', path: '/saves/gba', extension: '.srm' }],
    },
    saveOnDisk: path.join(disk, 'saves', 'gba', 'Game (USA).srm'),
  };
}

async function setDevice(t: SyncModeSetup, deviceId: string, payload: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/devices/${deviceId}`,
    headers: t.headers,
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function sessionsOf(t: SyncModeSetup, deviceId: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/sync/sessions?device_id=${deviceId}`,
    headers: t.headers,
  });
  return response.json<SyncSession[]>();
}

describe('sync_push_pull task (RomM scheduled push-pull)', () => {
  it('syncs every push_pull device with sync on, one after another, skipping an incomplete one', async () => {
    const t = await syncModeSetup('push_pull');
    const first = await handheld(t, t.deviceId);
    await setDevice(t, t.deviceId, { sync_config: first.config });
    const secondId = await registerDevice(t.app, t.token, 'rg35xx');
    const second = await handheld(t, secondId);
    await setDevice(t, secondId, { sync_mode: 'push_pull', sync_config: second.config });
    const incompleteId = await registerDevice(t.app, t.token, 'trimui');
    await setDevice(t, incompleteId, { sync_mode: 'push_pull', sync_config: {} });
    const offId = await registerDevice(t.app, t.token, 'anbernic');
    const off = await handheld(t, offId);
    await setDevice(t, offId, {
      sync_mode: 'push_pull',
      sync_enabled: false,
      sync_config: off.config,
    });
    await t.storeSave('server-1');

    const run = await runTask(t.app, 'sync_push_pull');

    expect(run).toMatchObject({
      status: 'finished',
      task_type: 'sync',
      task_key: 'sync_push_pull',
      error: null,
    });
    expect(run.meta).toEqual({
      update_stats: { devices: 3, synced_devices: 2, failed_devices: 0, skipped_devices: 1 },
    });
    expect(readFileSync(first.saveOnDisk, 'utf8')).toBe('server-1');
    expect(readFileSync(second.saveOnDisk, 'utf8')).toBe('server-1');
    expect(existsSync(off.saveOnDisk)).toBe(false);
    for (const deviceId of [t.deviceId, secondId]) {
      expect(await sessionsOf(t, deviceId)).toMatchObject([
        { device_id: deviceId, status: 'completed', operations_completed: 1 },
      ]);
    }
    expect(await sessionsOf(t, incompleteId)).toEqual([]);
    expect(await sessionsOf(t, offId)).toEqual([]);
  });
});

describe('sync_folder_scan task (RomM manual sync folder scan)', () => {
  it('makes the folders when a device is switched to file_transfer, and takes in a dropped file now', async () => {
    const t = await syncModeSetup('api');
    const syncDir = path.join(t.dataDir, 'sync', t.deviceId);
    expect(existsSync(syncDir)).toBe(false);
    await setDevice(t, t.deviceId, { sync_mode: 'file_transfer' });
    expect(existsSync(path.join(syncDir, 'incoming'))).toBe(true);
    expect(existsSync(path.join(syncDir, 'outgoing'))).toBe(true);
    await t.storeSave('server-1');
    t.tick(60);
    const dropped = path.join(syncDir, 'incoming', 'gba', 'Game (USA).srm');
    mkdirSync(path.dirname(dropped));
    writeFileSync(dropped, 'device-2');

    const run = await runTask(t.app, 'sync_folder_scan');

    expect(run).toMatchObject({ status: 'finished', task_type: 'sync', error: null });
    expect(run.meta).toEqual({ update_stats: { devices: 1, files: 1 } });
    expect(existsSync(dropped)).toBe(false);
    expect((await t.saves()).map((save) => save.file_name).sort()).toEqual([
      'Game (USA) [2026-11-26_10-00-00].srm',
      'Game (USA) [2026-11-26_10-01-00].srm',
    ]);
    expect(await t.sessions()).toMatchObject([
      { status: 'completed', operations_planned: 1, operations_completed: 1 },
    ]);
  });
});

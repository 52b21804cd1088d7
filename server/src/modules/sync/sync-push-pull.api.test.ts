import { mkdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { SyncSession } from '@romshelf/contract';
import { afterEach, describe, expect, it } from 'vitest';

import { bearer } from '../../../test/accounts.js';
import type { TestSftpServer } from '../../../test/sftp-server.js';
import { startSftpServer } from '../../../test/sftp-server.js';
import { syncModeSetup } from '../../../test/sync-modes-fixtures.js';

const servers: TestSftpServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A push_pull handheld: an SSH server over a folder standing in for its disk. */
async function setup(config: Record<string, unknown> = {}) {
  const disk = await mkdtemp(path.join(tmpdir(), 'romshelf-handheld-'));
  const sftp = await startSftpServer(disk, { user: 'root', password: 'muos' });
  servers.push(sftp);
  const t = await syncModeSetup('push_pull', {
    ssh_host: '127.0.0.1',
    ssh_port: sftp.port,
    save_directories: [{ platform_slug: 'gba', path: '/saves/gba', extension: '.srm' }],
    ...config,
  });
  const keysDir = t.config.sshFiles.keysDir;
  mkdirSync(keysDir, { recursive: true });
  writeFileSync(t.config.sshFiles.knownHostsPath, sftp.knownHosts);
  writeFileSync(path.join(keysDir, `${t.deviceId}.pem`), sftp.clientKey);
  const onDevice = path.join(disk, 'saves', 'gba', 'Game (USA).srm');
  return {
    ...t,
    sftp,
    onDevice,
    pushPull: (token?: string, deviceId = t.deviceId) =>
      t.app.inject({
        method: 'POST',
        url: `/api/sync/devices/${deviceId}/push-pull`,
        headers: token === undefined ? t.headers : { authorization: bearer(token) },
      }),
    /** The handheld writes its save, last changed at `at`. */
    play: (content: string, at: string) => {
      writeFileSync(onDevice, content);
      utimesSync(onDevice, new Date(at), new Date(at));
    },
  };
}

// Each test runs whole SSH sessions (key exchange, login, SFTP) besides a scan: on a loaded
// machine that takes longer than the default 20 s.
describe('POST /api/sync/devices/{id}/push-pull', { timeout: 60_000 }, () => {
  it('pushes the server save the device lacks, then pulls its newer one as a new version', async () => {
    const t = await setup();
    const first = await t.storeSave('server-1');

    const started = await t.pushPull();
    expect(started.statusCode, started.body).toBe(200);
    const session = started.json<SyncSession>();
    expect(session).toMatchObject({
      device_id: t.deviceId,
      status: 'in_progress',
      operations_planned: 0,
      operations_completed: 0,
    });
    expect(await t.endedSession(1)).toMatchObject({
      id: session.id,
      operations_planned: 0,
      operations_completed: 1,
      operations_failed: 0,
      completed_at: '2026-11-26T10:00:00.000+00:00',
    });
    expect(readFileSync(t.onDevice, 'utf8')).toBe('server-1');
    expect(t.sftp.logins).toEqual(['publickey']);
    const who = { device_id: t.deviceId, session_id: session.id };
    await expect
      .poll(() => t.mine.map((event) => event.name))
      .toEqual(['sync:started', 'sync:completed']);
    expect(t.mine).toEqual([
      { name: 'sync:started', payload: { ...who, sync_mode: 'push_pull' } },
      {
        name: 'sync:completed',
        payload: { ...who, operations_completed: 1, operations_failed: 0 },
      },
    ]);

    t.tick(60);
    t.play('device-2', '2026-11-26T10:00:30.000Z');
    const second = (await t.pushPull()).json<SyncSession>();
    expect(await t.endedSession(2)).toMatchObject({
      id: second.id,
      operations_planned: 1,
      operations_completed: 1,
    });
    const saves = await t.saves();
    expect(saves.map((save) => save.file_name).sort()).toEqual([
      first.file_name,
      'Game (USA) [2026-11-26_10-01-00].srm',
    ]);
    // The run marks its session completed before it tells the sockets: wait for the event.
    await expect
      .poll(() => t.mine.slice(2).map((event) => event.name))
      .toEqual(['sync:started', 'sync:progress', 'sync:completed']);
    expect(t.mine[3]?.payload).toEqual({
      device_id: t.deviceId,
      session_id: second.id,
      operations_completed: 1,
      operations_planned: 1,
      current_file: 'Game (USA).srm',
    });
    expect(t.others).toEqual([]);
  });

  it('logs in with the password when the device has no key, and writes newer server saves', async () => {
    const t = await setup({ ssh_password: 'muos', ssh_key_path: 'elsewhere.pem' });
    rmSync(path.join(t.config.sshFiles.keysDir, `${t.deviceId}.pem`));
    await t.storeSave('server-1');
    await t.pushPull();
    await t.endedSession(1);
    // The settings page sends the masked secret back as shown: the stored password stays.
    const device = await t.app.inject({
      method: 'GET',
      url: `/api/devices/${t.deviceId}`,
      headers: t.headers,
    });
    const shown = device.json<{ sync_config: Record<string, unknown> }>().sync_config;
    expect(shown.ssh_password).toBe('********');
    const resent = await t.app.inject({
      method: 'PUT',
      url: `/api/devices/${t.deviceId}`,
      headers: t.headers,
      payload: { sync_config: shown },
    });
    expect(resent.statusCode).toBe(200);
    t.tick(60);
    await t.storeSave('server-2');
    await t.pushPull();
    await t.endedSession(2);
    expect(readFileSync(t.onDevice, 'utf8')).toBe('server-2');
    // Dated as the save, so the next run does not take the device's copy for a change.
    expect(statSync(t.onDevice).mtime.toISOString()).toBe('2026-11-26T10:01:00.000Z');
    expect(t.sftp.logins).toEqual(['password', 'password']);
  });

  it('fails the session with the reason when the host key is not a known one', async () => {
    const t = await setup();
    writeFileSync(t.config.sshFiles.knownHostsPath, '');
    const session = (await t.pushPull()).json<SyncSession>();
    const failed = await t.endedSession(1, 'failed');
    expect(failed.id).toBe(session.id);
    expect(failed.error_message).toMatch(/host/i);
    await expect
      .poll(() => t.mine.at(-1))
      .toEqual({
        name: 'sync:error',
        payload: { device_id: t.deviceId, session_id: session.id, error: failed.error_message },
      });
  });

  it('answers 400 for a device not in push_pull mode, sync off or without a host, 404 for others', async () => {
    const t = await setup();
    const change = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/devices/${t.deviceId}`,
        headers: t.headers,
        payload,
      });
    const detail = async () => {
      const response = await t.pushPull();
      return { status: response.statusCode, detail: response.json<{ detail: string }>().detail };
    };
    expect((await t.pushPull(t.otherToken)).json()).toEqual({
      detail: `Device with ID ${t.deviceId} not found`,
    });
    expect((await t.pushPull(t.otherToken)).statusCode).toBe(404);
    await change({ sync_config: { save_directories: [] } });
    expect(await detail()).toEqual({
      status: 400,
      detail: "The device's sync_config is incomplete: ssh_host",
    });
    await change({ sync_enabled: false });
    expect(await detail()).toEqual({ status: 400, detail: 'Sync is disabled for this device' });
    await change({ sync_mode: 'api', sync_enabled: true });
    expect(await detail()).toEqual({ status: 400, detail: 'Device is not in push_pull sync mode' });
    expect(await t.sessions()).toEqual([]);
  });
});

import type { LogEntry } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { addUser } from '../../../test/accounts.js';
import {
  ADMIN_AUTH,
  basic,
  buildTestApp,
  createFirstAdmin,
  login,
} from '../../../test/build-test-app.js';
import { connectSocket, nextTerminal, writeTree } from '../../../test/library-fixtures.js';

async function setup(env: Record<string, string> = {}) {
  const test = await buildTestApp({ env: { LOG_LEVEL: 'info', ...env } });
  await createFirstAdmin(test.app);
  return test;
}

async function logs(app: Awaited<ReturnType<typeof setup>>['app'], query = '') {
  const response = await app.inject({
    url: `/api/logs${query}`,
    headers: { authorization: ADMIN_AUTH },
  });
  expect(response.statusCode).toBe(200);
  return response.json<LogEntry[]>();
}

describe('GET /api/logs', () => {
  it('answers the recent lines oldest first, as RomM shapes them, secrets redacted', async () => {
    const { app } = await setup();
    await app.inject({
      url: '/api/roms/999999?token=s3cret-link&page=2',
      headers: { authorization: basic('admin', 'wrong-password') },
    });
    await app.inject({ url: '/api/platforms/888888', headers: { authorization: ADMIN_AUTH } });

    const lines = (await logs(app)).filter((entry) => entry.module === 'http');
    expect(lines.map((entry) => entry.message)).toEqual([
      expect.stringMatching(
        /^request refused method=GET url=\/api\/roms\/999999\?token=\[redacted\]&page=2 statusCode=401 responseTime=\d/,
      ),
      expect.stringMatching(
        /^request refused method=GET url=\/api\/platforms\/888888 statusCode=404 responseTime=\d/,
      ),
    ]);
    for (const entry of lines) {
      expect(Object.keys(entry).sort()).toEqual(['level', 'message', 'module', 'ts']);
      expect(entry.level).toBe('WARNING');
      expect(Date.now() - entry.ts).toBeLessThan(60_000);
    }
    const everything = JSON.stringify(await logs(app));
    expect(everything).not.toContain('s3cret-link');
    expect(everything).not.toContain('wrong-password');
  });

  it('keeps `limit` within 1–1000 and answers the newest lines', async () => {
    const { app } = await setup();
    for (const id of [101, 102, 103]) {
      await app.inject({ url: `/api/platforms/${id}`, headers: { authorization: ADMIN_AUTH } });
    }
    const last = await logs(app, '?limit=2');
    expect(last.map((entry) => /url=(\S+)/.exec(entry.message)?.[1])).toEqual([
      '/api/platforms/102',
      '/api/platforms/103',
    ]);
    expect((await logs(app, '?limit=0')).map((entry) => entry.message)).toEqual([last[1]?.message]);
    expect((await logs(app, '?limit=5000')).length).toBeGreaterThanOrEqual(3);
  });

  it('is for users holding logs.read: 401 anonymous, 403 for an editor', async () => {
    const { app } = await setup();
    await addUser(app, 'eddie', 'editor');
    expect((await app.inject({ url: '/api/logs' })).statusCode).toBe(401);
    const editor = await app.inject({
      url: '/api/logs',
      headers: { authorization: basic('eddie', 'eddie-pass') },
    });
    expect(editor.statusCode).toBe(403);
  });

  it('answers 404 with DISABLE_LOGS_VIEWER, and the heartbeat says so', async () => {
    const { app } = await setup({ DISABLE_LOGS_VIEWER: 'true' });
    const response = await app.inject({ url: '/api/logs', headers: { authorization: ADMIN_AUTH } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Logs viewer is disabled' });
    const heartbeat = (await app.inject({ url: '/api/heartbeat' })).json<{
      FRONTEND: { DISABLE_LOGS_VIEWER: boolean };
    }>();
    expect(heartbeat.FRONTEND.DISABLE_LOGS_VIEWER).toBe(true);
  });
});

describe('logs:entry on the socket', () => {
  it("streams a scan's lines live to admins, not to other users", async () => {
    const { app, config } = await setup();
    await addUser(app, 'eddie', 'editor');
    writeTree(config.libraryDir, { 'roms/nes/Alpha (USA).nes': 'a' });
    const adminSocket = await connectSocket(app, await login(app));
    const editorSocket = await connectSocket(app, await login(app, 'eddie', 'eddie-pass'));
    const adminLines: LogEntry[] = [];
    const editorLines: LogEntry[] = [];
    adminSocket.on('logs:entry', (entry: LogEntry) => adminLines.push(entry));
    editorSocket.on('logs:entry', (entry: LogEntry) => editorLines.push(entry));

    const done = nextTerminal(adminSocket);
    adminSocket.emit('scan', { platforms: [], type: 'quick', apis: [] });
    expect((await done).name).toBe('scan:done');
    await expect
      .poll(() => adminLines.map((entry) => entry.message.split(' stats=')[0]))
      .toEqual([
        'scan started user=admin request={"platforms":[],"type":"quick","apis":[],"roms_ids":[]}',
        'scanning Nintendo Entertainment System (nes)',
        'scan finished',
      ]);
    expect(adminLines.map((entry) => [entry.level, entry.module])).toEqual([
      ['INFO', 'scan'],
      ['INFO', 'scan'],
      ['INFO', 'scan'],
    ]);
    // The editor may scan too, so it saw the scan's events, but no log line.
    expect(editorLines).toEqual([]);
    expect((await logs(app)).slice(-3)).toEqual(adminLines);
  });
});

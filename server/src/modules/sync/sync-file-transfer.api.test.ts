import { existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { Save } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import type { SyncModeSetup } from '../../../test/sync-modes-fixtures.js';
import { syncModeSetup } from '../../../test/sync-modes-fixtures.js';

/** A file_transfer handheld whose files arrive in its sync folder. */
async function setup() {
  const t = await syncModeSetup('file_transfer');
  const syncDir = path.join(t.dataDir, 'sync', t.deviceId);
  return {
    ...t,
    syncDir,
    /** The device drops its file, last written at `at`. */
    drop: (content: string, at: string) => {
      const folder = path.join(syncDir, 'incoming', 'gba');
      mkdirSync(folder, { recursive: true });
      const file = path.join(folder, 'Game (USA).srm');
      writeFileSync(file, content);
      utimesSync(file, new Date(at), new Date(at));
      return file;
    },
  };
}

type Setup = SyncModeSetup & { syncDir: string };

const contentOf = (t: Setup, save: Save) =>
  readFileSync(path.join(t.dataDir, 'assets', save.full_path), 'utf8');

describe('file_transfer sync (RomM sync folder)', { timeout: 60_000 }, () => {
  it('takes in a newer device save as a new version, telling only the owner', async () => {
    const t = await setup();
    const first = await t.storeSave('server-1');
    t.tick(60);
    const dropped = t.drop('device-2', '2026-11-26T10:00:30.000Z');

    const session = await t.endedSession(1);
    expect(session).toMatchObject({
      device_id: t.deviceId,
      status: 'completed',
      operations_planned: 1,
      operations_completed: 1,
      operations_failed: 0,
      error_message: null,
    });
    expect(existsSync(dropped)).toBe(false);
    const saves = await t.saves();
    expect(saves.map((save) => save.slot)).toEqual(['main', 'main']);
    const newest = saves.find((save) => save.id !== first.id);
    expect(newest?.file_name).toMatch(/^Game \(USA\) \[2026-11-26_10-01-00\]\.srm$/);
    expect(newest === undefined ? '' : contentOf(t, newest)).toBe('device-2');
    expect(contentOf(t, first)).toBe('server-1');

    const who = { device_id: t.deviceId, session_id: session.id };
    await expect.poll(() => t.mine.length).toBe(3);
    expect(t.mine).toEqual([
      { name: 'sync:started', payload: { ...who, sync_mode: 'file_transfer' } },
      {
        name: 'sync:progress',
        payload: {
          ...who,
          operations_completed: 1,
          operations_planned: 1,
          current_file: 'Game (USA).srm',
        },
      },
      {
        name: 'sync:completed',
        payload: { ...who, operations_completed: 1, operations_failed: 0 },
      },
    ]);
    expect(t.others).toEqual([]);
  });

  it('writes a newer server save to outgoing, and keeps a conflict aside with an event', async () => {
    const t = await setup();
    await t.storeSave('server-1');
    t.tick(60);
    // First sync: the device holds the same bytes; its record is now the server's save.
    t.drop('server-1', '2026-11-26T09:00:00.000Z');
    await t.endedSession(1);

    t.tick(60);
    await t.storeSave('server-2');
    t.drop('server-1', '2026-11-26T09:00:00.000Z');
    await t.endedSession(2);
    const outgoing = path.join(t.syncDir, 'outgoing', 'gba', 'Game (USA).srm');
    expect(readFileSync(outgoing, 'utf8')).toBe('server-2');

    // Both sides change after the device took server-2: nothing is overwritten.
    t.tick(60);
    await t.storeSave('server-3');
    t.tick(60);
    t.drop('device-3', '2026-11-26T10:03:30.000Z');
    const session = await t.endedSession(3);
    const kept = path.join(t.syncDir, 'conflicts', 'gba', 'Game (USA).srm');
    expect(readFileSync(kept, 'utf8')).toBe('device-3');
    expect((await t.saves()).map((save) => contentOf(t, save)).sort()).toEqual([
      'server-1',
      'server-2',
      'server-3',
    ]);
    await expect
      .poll(() => t.mine.filter((e) => e.name === 'sync:conflict'))
      .toEqual([
        {
          name: 'sync:conflict',
          payload: {
            device_id: t.deviceId,
            session_id: session.id,
            file_name: 'Game (USA).srm',
            rom_id: t.romId,
            rom_name: 'Game',
            reason: 'Both sides changed since last sync',
          },
        },
      ]);
    expect(t.others).toEqual([]);
  });
});

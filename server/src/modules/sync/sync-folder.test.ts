import { mkdirSync, readFileSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { SyncFolder } from './sync-folder.js';

const DEVICE = '0b7c6c1e-6d0e-4d43-9a53-0d7c1f0e2a11';

async function folderWith(files: Record<string, string>) {
  const root = await mkdtemp(path.join(tmpdir(), 'romshelf-sync-folder-'));
  for (const [name, content] of Object.entries(files)) {
    const full = path.join(root, DEVICE, 'incoming', name);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, content);
    utimesSync(full, new Date('2026-11-26T10:00:00Z'), new Date('2026-11-26T10:00:00Z'));
  }
  return { root, folder: new SyncFolder(root, DEVICE) };
}

describe('SyncFolder', () => {
  it('lists the incoming files per platform folder, never links or files outside one', async () => {
    const { root, folder } = await folderWith({
      'gba/Game (USA).srm': 'save',
      'loose.srm': 'no platform',
    });
    const secret = path.join(root, 'secret.txt');
    writeFileSync(secret, 'secret');
    symlinkSync(secret, path.join(root, DEVICE, 'incoming', 'gba', 'link.srm'));
    symlinkSync(path.dirname(secret), path.join(root, DEVICE, 'incoming', 'snes'));
    expect(await folder.list()).toEqual([
      {
        platformSlug: 'gba',
        fileName: 'Game (USA).srm',
        mtimeMs: Date.parse('2026-11-26T10:00:00Z'),
        size: 4,
      },
    ]);
  });

  it('keeps a conflict aside, clears a taken file, and writes outgoing files dated as the save', async () => {
    const { root, folder } = await folderWith({ 'gba/A.srm': 'a', 'gba/B.srm': 'b' });
    const [a, b] = await folder.list();
    if (a === undefined || b === undefined) throw new Error('files missing');
    await folder.settle(a, 'conflict');
    await folder.settle(b, 'pulled');
    expect(readFileSync(path.join(root, DEVICE, 'conflicts', 'gba', 'A.srm'), 'utf8')).toBe('a');
    expect(await folder.list()).toEqual([]);

    const source = path.join(root, 'server.srm');
    writeFileSync(source, 'server');
    const savedAt = new Date('2026-11-26T09:00:00.000Z');
    await folder.send('gba', 'A.srm', source, savedAt);
    await expect(folder.send('..', 'A.srm', source, savedAt)).rejects.toThrow('Unsafe name');
    const outgoing = path.join(root, DEVICE, 'outgoing', 'gba', 'A.srm');
    expect(readFileSync(outgoing, 'utf8')).toBe('server');
    expect(statSync(outgoing).mtime.toISOString()).toBe('2026-11-26T09:00:00.000Z');
  });
});

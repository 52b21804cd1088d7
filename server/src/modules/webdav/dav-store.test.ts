import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { parseManifest } from './dav-manifest.js';
import { DavStore, type DavChange } from './dav-store.js';

const md5 = (value: string) => createHash('md5').update(value).digest('hex');
const body = (value: string) => Readable.from([Buffer.from(value)]);

let root: string;
let store: DavStore;
let changes: DavChange[];

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'dav-store-'));
  store = new DavStore({ root, maxFileBytes: 256 });
  changes = [];
  store.onClientChange((change) => {
    changes.push(change);
  });
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function manifestOf(userId: number) {
  const { stream } = await store.read(userId, 'manifest.server');
  return parseManifest(await text(stream));
}

describe('DavStore', () => {
  it('writes, reads and lists files, telling listeners about client writes', async () => {
    await store.mkcol(1, 'saves');
    const { entry, created } = await store.write(1, 'saves/Game (USA).srm', body('SAVE'));
    expect(created).toBe(true);
    expect(entry).toMatchObject({
      relPath: 'saves/Game (USA).srm',
      name: 'Game (USA).srm',
      size: 4,
    });
    expect(entry.etag).toMatch(/^"[0-9a-f]+-4-[0-9a-f]+"$/);
    const read = await store.read(1, 'saves/Game (USA).srm');
    expect(await text(read.stream)).toBe('SAVE');
    expect(read.entry.etag).toBe(entry.etag);
    expect((await store.list(1, '')).map((child) => [child.name, child.collection])).toEqual([
      ['saves', true],
    ]);
    expect(changes).toEqual([
      { userId: 1, relPath: 'saves/Game (USA).srm', kind: 'written', etag: entry.etag, size: 4 },
    ]);
  });

  it('keeps users apart and refuses paths that leave the tree', async () => {
    await store.write(1, 'a.srm', body('ONE'));
    expect(await store.stat(2, 'a.srm')).toBeNull();
    await expect(store.stat(1, '../2/a.srm')).rejects.toMatchObject({ statusCode: 403 });
    await expect(store.write(1, 'x\\y.srm', body('X'))).rejects.toMatchObject({ statusCode: 400 });
    await symlink(path.join(root, 'users', '2'), path.join(root, 'users', '1', 'link'));
    await expect(store.stat(1, 'link/a.srm')).rejects.toMatchObject({ statusCode: 403 });
    await expect(store.write(1, 'link', body('X'))).rejects.toMatchObject({ statusCode: 403 });
  });

  it('answers 409 without the folder above, 413 past the size limit, leaving no temp file', async () => {
    await expect(store.write(1, 'saves/a.srm', body('A'))).rejects.toMatchObject({
      statusCode: 409,
    });
    await expect(store.write(1, 'big.srm', body('x'.repeat(257)))).rejects.toMatchObject({
      statusCode: 413,
    });
    expect(await store.stat(1, 'big.srm')).toBeNull();
    expect(await readdir(path.join(root, 'tmp'))).toEqual([]);
    expect(changes).toEqual([]);
  });

  it('checks If-Match and If-None-Match against the current ETag', async () => {
    const first = await store.write(1, 'a.srm', body('ONE'));
    await expect(store.write(1, 'a.srm', body('TWO'), { ifNoneMatch: '*' })).rejects.toMatchObject({
      statusCode: 412,
    });
    const second = await store.write(1, 'a.srm', body('TWO'), { ifMatch: first.entry.etag ?? '' });
    expect(second.created).toBe(false);
    expect(second.entry.etag).not.toBe(first.entry.etag);
    await expect(
      store.write(1, 'a.srm', body('OLD'), { ifMatch: first.entry.etag ?? '' }),
    ).rejects.toMatchObject({ statusCode: 412 });
    await expect(store.remove(1, 'a.srm', { ifMatch: '"nope"' })).rejects.toMatchObject({
      statusCode: 412,
    });
    expect(await text((await store.read(1, 'a.srm')).stream)).toBe('TWO');
  });

  it('lets one of two devices writing over the same ETag at once win, the other gets 412', async () => {
    const { entry } = await store.write(1, 'a.srm', body('BASE'));
    const ifMatch = entry.etag ?? '';
    const outcomes = await Promise.allSettled([
      store.write(1, 'a.srm', body('DECK'), { ifMatch }),
      store.write(1, 'a.srm', body('PHONE'), { ifMatch }),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const lost = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(lost?.reason).toMatchObject({ statusCode: 412 });
    const winner = ['DECK', 'PHONE'][
      outcomes.findIndex((outcome) => outcome.status === 'fulfilled')
    ];
    expect(await text((await store.read(1, 'a.srm')).stream)).toBe(winner);
    expect(changes.filter((change) => change.relPath === 'a.srm')).toHaveLength(2);
  });

  it('moves a file as RetroArch deletes one (to deleted/), reporting both sides', async () => {
    await store.mkcol(1, 'saves');
    const { entry } = await store.write(1, 'saves/a.srm', body('A'));
    await store.mkcol(1, 'deleted');
    await store.mkcol(1, 'deleted/saves');
    changes = [];
    const moved = await store.move(1, 'saves/a.srm', 'deleted/saves/a.srm-261129-101500', {
      overwrite: true,
    });
    expect(moved).toEqual({ created: true });
    expect(changes).toEqual([
      { userId: 1, relPath: 'saves/a.srm', kind: 'removed', etag: null, size: 0 },
      {
        userId: 1,
        relPath: 'deleted/saves/a.srm-261129-101500',
        kind: 'written',
        etag: entry.etag,
        size: 1,
      },
    ]);
    await expect(
      store.move(1, 'deleted', 'deleted/inner', { overwrite: true }),
    ).rejects.toMatchObject({ statusCode: 403 });
  });

  it('enters server writes in manifest.server without calling client listeners', async () => {
    await store.writeFromServer(1, 'saves/Nes/Game.srm', Buffer.from('FROM-BROWSER'));
    expect(changes).toEqual([]);
    expect([...(await manifestOf(1))]).toEqual([['saves/Nes/Game.srm', md5('FROM-BROWSER')]]);
    expect(await readFile(path.join(root, 'users', '1', 'manifest.server'), 'utf8')).toBe(
      `[\n  {\n    "path": "saves/Nes/Game.srm",\n    "hash": "${md5('FROM-BROWSER')}"\n  }\n]\n`,
    );
  });

  it('puts a server write back into a manifest a client uploads without it', async () => {
    await store.writeFromServer(1, 'saves/b.srm', Buffer.from('SERVER'));
    // RetroArch read the manifest before the server write; it uploads its own copy at the end.
    const stale = `[\n  {\n    "path": "states/a.state",\n    "hash": "${md5('STATE')}"\n  }\n]\n`;
    await store.write(1, 'manifest.server', body(stale));
    expect([...(await manifestOf(1))]).toEqual([
      ['saves/b.srm', md5('SERVER')],
      ['states/a.state', md5('STATE')],
    ]);
    // Once a client replaced the file, its own manifest is the truth again.
    await store.write(1, 'saves/b.srm', body('CLIENT'));
    await store.write(1, 'manifest.server', body(stale));
    expect([...(await manifestOf(1))]).toEqual([['states/a.state', md5('STATE')]]);
  });

  it('removes temp files of crashed writers on sweep', async () => {
    await store.write(1, 'a.srm', body('A'));
    await writeFile(path.join(root, 'tmp', 'left-over'), 'x');
    const old = Date.now() + 2 * 60 * 60 * 1000;
    await store.sweep(old);
    expect(await readdir(path.join(root, 'tmp'))).toEqual([]);
  });
});

import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

import type { DetailedRom, Platform, RomListPage, UploadStatus } from '@romshelf/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';

import { addUser } from '../../../test/accounts.js';
import type { TestAppOptions } from '../../../test/build-test-app.js';
import {
  ADMIN_AUTH,
  basic,
  buildTestApp,
  closeTestApp,
  createFirstAdmin,
  login,
} from '../../../test/build-test-app.js';
import { scanLibrary, writeTree } from '../../../test/library-fixtures.js';

const CHUNKS_DIR = 'upload-chunks';

async function setup(options: TestAppOptions = {}) {
  const test = await buildTestApp(options);
  if (options.dataDir === undefined) {
    await createFirstAdmin(test.app);
    writeTree(test.config.libraryDir, { 'roms/nes/Existing (USA).nes': 'existing-bytes' });
    await scanLibrary(test.app, await login(test.app));
  }
  const platforms = (
    await test.app.inject({ url: '/api/platforms', headers: { authorization: ADMIN_AUTH } })
  ).json<Platform[]>();
  const nes = platforms.find((platform) => platform.fs_slug === 'nes')?.id ?? 0;
  return { ...test, nes, nesDir: path.join(test.config.libraryDir, 'roms', 'nes') };
}

function start(
  app: FastifyInstance,
  headers: { platform: number | string; name: string; size: number; chunks: number },
  auth = ADMIN_AUTH,
) {
  return app.inject({
    method: 'POST',
    url: '/api/roms/upload/start',
    headers: {
      authorization: auth,
      'x-upload-platform': String(headers.platform),
      'x-upload-filename': headers.name,
      'x-upload-total-size': String(headers.size),
      'x-upload-total-chunks': String(headers.chunks),
    },
  });
}

async function started(
  app: FastifyInstance,
  nes: number,
  name: string,
  size: number,
  chunks: number,
  auth = ADMIN_AUTH,
) {
  const response = await start(app, { platform: nes, name, size, chunks }, auth);
  expect(response.statusCode).toBe(201);
  return response.json<{ upload_id: string }>().upload_id;
}

function putChunk(
  app: FastifyInstance,
  uploadId: string,
  index: number | string,
  bytes: Buffer,
  auth = ADMIN_AUTH,
) {
  return app.inject({
    method: 'PUT',
    url: `/api/roms/upload/${uploadId}`,
    headers: {
      authorization: auth,
      'content-type': 'application/octet-stream',
      'x-chunk-index': String(index),
    },
    payload: bytes,
  });
}

function post(
  app: FastifyInstance,
  uploadId: string,
  action: 'complete' | 'cancel',
  auth = ADMIN_AUTH,
) {
  return app.inject({
    method: 'POST',
    url: `/api/roms/upload/${uploadId}/${action}`,
    headers: { authorization: auth },
  });
}

function status(app: FastifyInstance, uploadId: string, auth = ADMIN_AUTH) {
  return app.inject({ url: `/api/roms/upload/${uploadId}`, headers: { authorization: auth } });
}

async function romNames(app: FastifyInstance): Promise<string[]> {
  const page = (
    await app.inject({ url: '/api/roms?limit=100', headers: { authorization: ADMIN_AUTH } })
  ).json<RomListPage>();
  return page.items.map((rom) => rom.fs_name).sort();
}

const detail = (response: LightMyRequestResponse) => response.json<{ detail: string }>().detail;
const NONE = Buffer.alloc(0);

/** `bytes` cut into `count` chunks of ceil(size / count) bytes, the last one shorter. */
function chunksOf(bytes: Buffer, count: number): Buffer[] {
  const size = Math.ceil(bytes.length / count);
  return Array.from({ length: count }, (_, index) =>
    bytes.subarray(index * size, Math.min((index + 1) * size, bytes.length)),
  );
}

describe('chunked upload (/api/roms/upload/*)', () => {
  it('assembles chunks sent out of order into the ROM folder and stores the ROM', async () => {
    const { app, dataDir, nes, nesDir } = await setup();
    const bytes = randomBytes(10_000);
    const parts = chunksOf(bytes, 3);
    const id = await started(app, nes, encodeURIComponent('Chunky Quest (Europe).nes'), 10_000, 3);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await expect(status(app, id).then((r) => r.json<UploadStatus>())).resolves.toEqual({
      upload_id: id,
      platform_id: nes,
      filename: 'Chunky Quest (Europe).nes',
      total_size: 10_000,
      total_chunks: 3,
      received_chunks: [],
      received_bytes: 0,
    });
    expect((await putChunk(app, id, 2, parts[2] ?? NONE)).json()).toEqual({
      received: 1,
      total: 3,
    });
    expect((await putChunk(app, id, 0, parts[0] ?? NONE)).json()).toEqual({
      received: 2,
      total: 3,
    });
    const halfway = (await status(app, id)).json<UploadStatus>();
    expect(halfway.received_chunks).toEqual([0, 2]);
    expect(halfway.received_bytes).toBe(3334 + 3332);
    // Nothing reaches the library before completion.
    expect(existsSync(path.join(nesDir, 'Chunky Quest (Europe).nes'))).toBe(false);
    expect((await putChunk(app, id, 1, parts[1] ?? NONE)).json()).toEqual({
      received: 3,
      total: 3,
    });

    const done = await post(app, id, 'complete');
    expect(done.statusCode).toBe(201);
    const rom = done.json<DetailedRom>();
    expect(rom.fs_name).toBe('Chunky Quest (Europe).nes');
    expect(rom.platform_id).toBe(nes);
    expect(rom.fs_size_bytes).toBe(10_000);
    expect(readFileSync(path.join(nesDir, 'Chunky Quest (Europe).nes')).equals(bytes)).toBe(true);
    expect(await romNames(app)).toEqual(['Chunky Quest (Europe).nes', 'Existing (USA).nes']);
    expect(readdirSync(path.join(dataDir, CHUNKS_DIR))).toEqual([]);
    expect((await status(app, id)).statusCode).toBe(404);
  });

  it('answers 400 with the missing chunks and completes once they arrive', async () => {
    const { app, nes, nesDir } = await setup();
    const bytes = randomBytes(3000);
    const parts = chunksOf(bytes, 3);
    const id = await started(app, nes, 'Gaps.nes', 3000, 3);
    await putChunk(app, id, 1, parts[1] ?? NONE);
    const early = await post(app, id, 'complete');
    expect(early.statusCode).toBe(400);
    expect(detail(early)).toBe('Missing chunks: [0, 2]');
    expect(existsSync(path.join(nesDir, 'Gaps.nes'))).toBe(false);
    await putChunk(app, id, 0, parts[0] ?? NONE);
    await putChunk(app, id, 2, parts[2] ?? NONE);
    expect((await post(app, id, 'complete')).statusCode).toBe(201);
    expect(readFileSync(path.join(nesDir, 'Gaps.nes')).equals(bytes)).toBe(true);
  });

  it('refuses a repeated chunk, an empty one, a bad index and keeps the first bytes', async () => {
    const { app, nes, nesDir } = await setup();
    const id = await started(app, nes, 'Twice.nes', 4, 2);
    expect((await putChunk(app, id, 0, Buffer.from('ab'))).statusCode).toBe(200);
    const again = await putChunk(app, id, 0, Buffer.from('XY'));
    expect([again.statusCode, detail(again)]).toEqual([400, 'Chunk 0 was already received']);
    const empty = await putChunk(app, id, 1, Buffer.alloc(0));
    expect([empty.statusCode, detail(empty)]).toEqual([400, 'Chunk 1 is empty']);
    for (const index of ['2', '-1', 'x', '']) {
      const bad = await putChunk(app, id, index, Buffer.from('cd'));
      expect([bad.statusCode, detail(bad)]).toEqual([
        400,
        'Header x-chunk-index must be a chunk index from 0 to 1',
      ]);
    }
    expect((await status(app, id)).json<UploadStatus>().received_chunks).toEqual([0]);
    await putChunk(app, id, 1, Buffer.from('cd'));
    expect((await post(app, id, 'complete')).statusCode).toBe(201);
    expect(readFileSync(path.join(nesDir, 'Twice.nes'), 'utf8')).toBe('abcd');
  });

  it('refuses chunks past the declared size, and discards an upload whose chunks fall short', async () => {
    const { app, dataDir, nes, nesDir } = await setup();
    const over = await started(app, nes, 'Over.nes', 5, 2);
    await putChunk(app, over, 0, Buffer.from('abc'));
    const past = await putChunk(app, over, 1, Buffer.from('def'));
    expect([past.statusCode, detail(past)]).toEqual([
      400,
      'Size mismatch: chunk 1 would bring the upload to 6 bytes, more than the declared 5',
    ]);
    expect((await status(app, over)).json<UploadStatus>().received_chunks).toEqual([0]);

    const short = await started(app, nes, 'Short.nes', 10, 2);
    await putChunk(app, short, 0, Buffer.from('abc'));
    await putChunk(app, short, 1, Buffer.from('de'));
    const done = await post(app, short, 'complete');
    expect([done.statusCode, detail(done)]).toEqual([
      400,
      'Size mismatch: the chunks hold 5 bytes, 10 were declared; the upload was discarded',
    ]);
    expect((await status(app, short)).statusCode).toBe(404);
    expect(readdirSync(path.join(dataDir, CHUNKS_DIR))).toEqual([over]);
    expect(existsSync(path.join(nesDir, 'Short.nes'))).toBe(false);
    expect(await romNames(app)).toEqual(['Existing (USA).nes']);
  });

  it('keeps an upload to its owner: others get 404, viewers 403, strangers 401', async () => {
    const { app, nes, nesDir } = await setup();
    const alice = await addUser(app, 'alice', 'editor');
    const bob = await addUser(app, 'bob', 'editor');
    await addUser(app, 'vera', 'viewer');
    const aliceAuth = basic(alice.username, alice.password);
    const bobAuth = basic(bob.username, bob.password);
    const id = await started(app, nes, 'Mine.nes', 4, 2, aliceAuth);
    await putChunk(app, id, 0, Buffer.from('ab'), aliceAuth);

    const notFound = { detail: 'Upload session not found or expired' };
    for (const response of [
      await status(app, id, bobAuth),
      await putChunk(app, id, 1, Buffer.from('zz'), bobAuth),
      await post(app, id, 'complete', bobAuth),
      await post(app, id, 'cancel', bobAuth),
      await status(app, id, ADMIN_AUTH),
    ]) {
      expect([response.statusCode, response.json()]).toEqual([404, notFound]);
    }
    const viewer = await start(
      app,
      { platform: nes, name: 'V.nes', size: 1, chunks: 1 },
      basic('vera', 'vera-pass'),
    );
    expect(viewer.statusCode).toBe(403);
    const stranger = await app.inject({ method: 'PUT', url: `/api/roms/upload/${id}` });
    expect(stranger.statusCode).toBe(401);

    await putChunk(app, id, 1, Buffer.from('cd'), aliceAuth);
    expect((await post(app, id, 'complete', aliceAuth)).statusCode).toBe(201);
    expect(readFileSync(path.join(nesDir, 'Mine.nes'), 'utf8')).toBe('abcd');
  });

  it('validates the platform, the file name, the sizes and an existing file at start', async () => {
    const { app, config, dataDir, nes } = await setup({ env: { MAX_UPLOAD_SIZE_BYTES: '1000' } });
    const before = readdirSync(path.join(config.libraryDir, 'roms', 'nes')).sort();
    const cases: [Parameters<typeof start>[1], number, string][] = [
      [{ platform: 999, name: 'x.nes', size: 1, chunks: 1 }, 400, 'Platform with id 999 not found'],
      [
        { platform: 'abc', name: 'x.nes', size: 1, chunks: 1 },
        400,
        'Header x-upload-platform must be a platform id',
      ],
      [
        { platform: nes, name: '../../x.nes', size: 1, chunks: 1 },
        400,
        'File name must not contain path separators (/ or \\)',
      ],
      [
        { platform: nes, name: '%2e%2e%2fescape.nes', size: 1, chunks: 1 },
        400,
        'File name must not contain path separators (/ or \\)',
      ],
      [{ platform: nes, name: '..', size: 1, chunks: 1 }, 400, 'File name must not be "." or ".."'],
      [
        { platform: nes, name: 'Existing (USA).nes', size: 1, chunks: 1 },
        409,
        'Existing (USA).nes already exists in roms/nes',
      ],
      [
        { platform: nes, name: 'Big.nes', size: 1001, chunks: 1 },
        413,
        'Uploads must be at most 1000 bytes',
      ],
      [
        { platform: nes, name: 'x.nes', size: 0, chunks: 1 },
        400,
        'Header x-upload-total-size must be a whole number from 1 to 9007199254740991',
      ],
      [
        { platform: nes, name: 'x.nes', size: 3, chunks: 4 },
        400,
        '4 chunks cannot carry 3 bytes (chunks hold 1 to 67108864 bytes)',
      ],
    ];
    for (const [headers, code, text] of cases) {
      const response = await start(app, headers);
      expect(`${headers.name}: ${response.statusCode} ${detail(response)}`).toBe(
        `${headers.name}: ${code} ${text}`,
      );
    }
    expect(readdirSync(path.join(config.libraryDir, 'roms', 'nes')).sort()).toEqual(before);
    expect(
      existsSync(path.join(dataDir, CHUNKS_DIR)) ? readdirSync(path.join(dataDir, CHUNKS_DIR)) : [],
    ).toEqual([]);
    const badId = await status(app, '..%2F..%2Fetc');
    expect([badId.statusCode, detail(badId)]).toEqual([400, 'Invalid upload ID']);
  });

  it('cancel removes the chunks and ends the upload', async () => {
    const { app, dataDir, nes } = await setup();
    const id = await started(app, nes, 'Cancelled.nes', 4, 2);
    await putChunk(app, id, 0, Buffer.from('ab'));
    const folder = path.join(dataDir, CHUNKS_DIR, id);
    expect(readdirSync(folder).sort()).toEqual(['00000', 'session.json']);
    const cancelled = await post(app, id, 'cancel');
    expect(cancelled.statusCode).toBe(204);
    expect(existsSync(folder)).toBe(false);
    expect((await putChunk(app, id, 1, Buffer.from('cd'))).statusCode).toBe(404);
    expect((await post(app, id, 'complete')).statusCode).toBe(404);
  });

  it('keeps uploads across a restart and sweeps those untouched for a day', async () => {
    const first = await setup();
    const stale = await started(first.app, first.nes, 'Stale.nes', 4, 2);
    await putChunk(first.app, stale, 0, Buffer.from('ab'));
    const fresh = await started(first.app, first.nes, 'Fresh.nes', 4, 2);
    await putChunk(first.app, fresh, 0, Buffer.from('ab'));
    const chunks = path.join(first.dataDir, CHUNKS_DIR);
    const dayAndMinuteAgo = new Date(Date.now() - 86_460_000);
    utimesSync(path.join(chunks, stale, 'session.json'), dayAndMinuteAgo, dayAndMinuteAgo);
    mkdirSync(path.join(chunks, 'not-an-upload'));
    await closeTestApp(first.app);

    const second = await setup({ dataDir: first.dataDir });
    expect(readdirSync(chunks)).toEqual([fresh]);
    expect((await status(second.app, stale)).statusCode).toBe(404);
    expect((await status(second.app, fresh)).json<UploadStatus>().received_chunks).toEqual([0]);
    await putChunk(second.app, fresh, 1, Buffer.from('cd'));
    expect((await post(second.app, fresh, 'complete')).statusCode).toBe(201);
    expect(readFileSync(path.join(second.nesDir, 'Fresh.nes'), 'utf8')).toBe('abcd');
  });

  it('an expired upload answers 404 even before the sweep runs', async () => {
    const { app, dataDir, nes } = await setup();
    const id = await started(app, nes, 'Late.nes', 4, 2);
    const session = path.join(dataDir, CHUNKS_DIR, id, 'session.json');
    const old = new Date(Date.now() - 86_460_000);
    utimesSync(session, old, old);
    expect((await putChunk(app, id, 0, Buffer.from('ab'))).statusCode).toBe(404);
    expect(existsSync(path.dirname(session))).toBe(false);
  });

  it('completes atomically: a failure leaves no file in the library and no ROM', async () => {
    const { app, dataDir, nes, nesDir } = await setup();
    const id = await started(app, nes, 'Broken.nes', 6_000, 3);
    const parts = chunksOf(randomBytes(6_000), 3);
    for (const [index, part] of parts.entries()) {
      expect((await putChunk(app, id, index, part)).statusCode).toBe(200);
    }
    // The last chunk becomes unreadable (a dangling link of the same size) after the first two
    // were copied.
    const last = path.join(dataDir, CHUNKS_DIR, id, '00002');
    rmSync(last);
    symlinkSync('a/'.repeat(1000), last);
    const failed = await post(app, id, 'complete');
    expect(failed.statusCode).toBe(500);
    expect(detail(failed)).toBe(
      'The received chunks could not be read back; nothing was added to the library. Try completing again, or cancel and upload the file again',
    );
    expect(readdirSync(nesDir)).toEqual(['Existing (USA).nes']);
    expect(
      existsSync(path.join(dataDir, 'tmp')) ? readdirSync(path.join(dataDir, 'tmp')) : [],
    ).toEqual([]);
    expect(await romNames(app)).toEqual(['Existing (USA).nes']);

    // The name taken in the meantime: 409, the other file untouched, no ROM.
    const taken = await started(app, nes, 'Taken.nes', 2, 1);
    await putChunk(app, taken, 0, Buffer.from('up'));
    writeFileSync(path.join(nesDir, 'Taken.nes'), 'someone else');
    const conflict = await post(app, taken, 'complete');
    expect([conflict.statusCode, detail(conflict)]).toEqual([
      409,
      'Taken.nes already exists in roms/nes',
    ]);
    expect(readFileSync(path.join(nesDir, 'Taken.nes'), 'utf8')).toBe('someone else');
    expect(await romNames(app)).toEqual(['Existing (USA).nes']);
  });
});

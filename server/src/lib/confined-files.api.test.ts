import {
  existsSync,
  mkdirSync,
  readdirSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createHash, randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { hostname } from 'node:os';
import path from 'node:path';

import type { Platform, RomListPage } from '@romshelf/contract';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';

import {
  ADMIN_AUTH,
  buildTestApp,
  closeTestApp,
  createFirstAdmin,
  login,
  makeTempDir,
} from '../../test/build-test-app.js';
import { listenOnce, scanLibrary, writeTree } from '../../test/library-fixtures.js';
import { ABANDONED_AFTER_MS } from './confined-files.js';

const BOUNDARY = '----romshelf-confined';

/** A multipart body of text fields and files. */
function form(
  fields: Record<string, string>,
  files: { field: string; name: string; content: Buffer }[],
) {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: {
      authorization: ADMIN_AUTH,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
  };
}

async function setup() {
  const test = await buildTestApp();
  await createFirstAdmin(test.app);
  writeTree(test.config.libraryDir, { 'roms/nes/Game (USA).nes': 'game-bytes' });
  await scanLibrary(test.app, await login(test.app));
  const platform = (
    await test.app.inject({ url: '/api/platforms', headers: { authorization: ADMIN_AUTH } })
  ).json<Platform[]>()[0];
  const rom = (
    await test.app.inject({ url: '/api/roms', headers: { authorization: ADMIN_AUTH } })
  ).json<RomListPage>().items[0];
  if (platform === undefined || rom === undefined) throw new Error('library not scanned');
  const outside = makeTempDir('romshelf-outside-');
  /** Replaces `root/relative` by a symlink to the outside folder. */
  const redirect = (root: string, relative: string) => {
    const link = path.join(root, ...relative.split('/'));
    rmSync(link, { recursive: true, force: true });
    mkdirSync(path.dirname(link), { recursive: true });
    symlinkSync(outside, link, 'dir');
  };
  return { ...test, platform, rom, outside, redirect };
}

const refused = (response: { statusCode: number; json: () => unknown }) => {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({
    detail: expect.stringMatching(/^Folder .+ lies outside its root folder$/) as unknown,
  });
};

async function png(): Promise<Buffer> {
  return sharp({
    create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 10, b: 10 } },
  })
    .png()
    .toBuffer();
}

describe('writes through a symlinked target folder are refused', () => {
  it('ROM uploads (roms/<platform>)', async () => {
    const { app, config, platform, outside, redirect } = await setup();
    redirect(config.libraryDir, 'roms/nes');
    const body = form({}, [{ field: 'file', name: 'x.nes', content: Buffer.from('new') }]);
    refused(
      await app.inject({
        method: 'POST',
        url: '/api/roms',
        payload: body.payload,
        headers: {
          ...body.headers,
          'x-upload-platform': String(platform.id),
          'x-upload-filename': 'New (USA).nes',
        },
      }),
    );
    expect(readdirSync(outside)).toEqual([]);
  });

  it('firmware uploads (bios/<platform>)', async () => {
    const { app, config, platform, outside, redirect } = await setup();
    redirect(config.libraryDir, 'bios/nes');
    const body = form({}, [{ field: 'files', name: 'disksys.rom', content: Buffer.from('b') }]);
    refused(
      await app.inject({
        method: 'POST',
        url: `/api/firmware?platform_id=${platform.id}`,
        ...body,
      }),
    );
    expect(readdirSync(outside)).toEqual([]);
  });

  it('manuals, covers and renames', async () => {
    const { app, dataDir, config, platform, rom, outside, redirect } = await setup();
    const romFolder = `resources/roms/${platform.id}/${rom.id}`;
    redirect(dataDir, `${romFolder}/manual`);
    const manual = form({}, [
      { field: 'file', name: 'm.pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n') },
    ]);
    refused(await app.inject({ method: 'POST', url: `/api/roms/${rom.id}/manuals`, ...manual }));

    redirect(dataDir, `${romFolder}/cover`);
    const cover = form({}, [{ field: 'artwork', name: 'c.png', content: await png() }]);
    refused(await app.inject({ method: 'PUT', url: `/api/roms/${rom.id}`, ...cover }));
    expect(readdirSync(outside)).toEqual([]);

    // The platform folder now leads elsewhere (holding a copy of the game): no rename there.
    writeFileSync(path.join(outside, 'Game (USA).nes'), 'game-bytes');
    redirect(config.libraryDir, 'roms/nes');
    const rename = form({ fs_name: 'Renamed (USA).nes' }, []);
    refused(await app.inject({ method: 'PUT', url: `/api/roms/${rom.id}`, ...rename }));
    expect(readdirSync(outside)).toEqual(['Game (USA).nes']);
  });

  it('saves, states, their screenshots and avatars', async () => {
    const { app, dataDir, rom, outside, redirect } = await setup();
    const userFolder = 'assets/users/1';
    for (const [kind, field] of [
      ['saves', 'saveFile'],
      ['states', 'stateFile'],
    ] as const) {
      redirect(dataDir, `${userFolder}/${kind}/nes/${rom.id}`);
      const body = form({}, [{ field, name: `slot.${kind}`, content: Buffer.from('data') }]);
      refused(await app.inject({ method: 'POST', url: `/api/${kind}?rom_id=${rom.id}`, ...body }));
    }
    rmSync(path.join(dataDir, userFolder), { recursive: true, force: true });
    redirect(dataDir, `${userFolder}/screenshots/nes/${rom.id}`);
    const withShot = form({}, [
      { field: 'saveFile', name: 'slot.srm', content: Buffer.from('data') },
      { field: 'screenshotFile', name: 'shot.png', content: await png() },
    ]);
    refused(await app.inject({ method: 'POST', url: `/api/saves?rom_id=${rom.id}`, ...withShot }));

    redirect(dataDir, userFolder);
    const avatar = form({}, [{ field: 'avatar', name: 'me.png', content: await png() }]);
    refused(await app.inject({ method: 'PUT', url: '/api/users/1', ...avatar }));
    expect(readdirSync(outside)).toEqual([]);
  });
});

describe('the upload temp area', () => {
  it('lives under the data folder, and files untouched for an hour go at start-up', async () => {
    const first = await buildTestApp();
    const leftovers = [
      path.join(first.dataDir, 'tmp', 'crashed-upload'),
      path.join(first.config.libraryDir, '.romshelf-tmp', 'crashed-copy'),
    ];
    const recent = path.join(first.dataDir, 'tmp', 'recent-upload');
    await closeTestApp(first.app);
    const anHourAgo = new Date(Date.now() - ABANDONED_AFTER_MS - 60_000);
    for (const file of [...leftovers, recent]) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, 'half a file');
      if (file !== recent) utimesSync(file, anHourAgo, anHourAgo);
    }
    await buildTestApp({ dataDir: first.dataDir });
    for (const file of leftovers) expect(existsSync(file), file).toBe(false);
    expect(existsSync(recent)).toBe(true);
  });

  it('loses at start-up, however recent, the files of a writer known to be gone', async () => {
    const first = await buildTestApp();
    await closeTestApp(first.app);
    const tag = createHash('sha256').update(hostname()).digest('hex').slice(0, 12);
    const uuid = () => randomUUID();
    const temp = path.join(first.dataDir, 'tmp');
    // An earlier run of this very process id (a container restarted as PID 1), and a writer on
    // another host sharing the data folder, which may still be writing.
    const crashed = path.join(temp, `${tag}.${String(process.pid)}.${uuid()}.${uuid()}`);
    const elsewhere = path.join(
      temp,
      `${'0'.repeat(12)}.${String(process.pid)}.${uuid()}.${uuid()}`,
    );
    mkdirSync(temp, { recursive: true });
    for (const file of [crashed, elsewhere]) writeFileSync(file, 'half a file');
    await buildTestApp({ dataDir: first.dataDir });
    expect(existsSync(crashed)).toBe(false);
    expect(existsSync(elsewhere)).toBe(true);
  });

  it('is swept every hour while the server runs, not only at start-up', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const { dataDir } = await buildTestApp();
      const temp = path.join(dataDir, 'tmp');
      const abandoned = path.join(temp, 'abandoned-upload');
      mkdirSync(temp, { recursive: true });
      writeFileSync(abandoned, 'half a file');
      const anHourAgo = new Date(Date.now() - ABANDONED_AFTER_MS - 60_000);
      utimesSync(abandoned, anHourAgo, anHourAgo);
      vi.advanceTimersByTime(60 * 60 * 1000);
      await expect.poll(() => existsSync(abandoned), { timeout: 3000 }).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is left alone, uploads in progress included, by another process starting on the same data folder', async () => {
    const { app, dataDir, config, platform } = await setup();
    const port = Number(new URL(await listenOnce(app)).port);
    const body = form({}, [{ field: 'files', name: 'big.bin', content: Buffer.alloc(4 << 20, 7) }]);
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    let answer = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      `POST /api/firmware?platform_id=${platform.id} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Authorization: ${ADMIN_AUTH}\r\nContent-Type: ${body.headers['content-type']}\r\n` +
        `Content-Length: ${body.payload.length}\r\nConnection: close\r\n\r\n`,
    );
    socket.write(body.payload.subarray(0, body.payload.length / 2));
    const temp = path.join(dataDir, 'tmp');
    await expect
      .poll(() => (existsSync(temp) ? readdirSync(temp) : []), { timeout: 10_000, interval: 20 })
      .toHaveLength(1);

    await buildTestApp({ dataDir });
    socket.write(body.payload.subarray(body.payload.length / 2));
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(readdirSync(path.join(config.libraryDir, 'bios', 'nes'))).toEqual(['big.bin']);
  });

  it('holds firmware and save uploads in progress, beside none of the stored files', async () => {
    const { app, dataDir, config, platform, rom } = await setup();
    const port = Number(new URL(await listenOnce(app)).port);
    const entries = (folder: string) => (existsSync(folder) ? readdirSync(folder) : []);
    const cases = [
      {
        url: `/api/firmware?platform_id=${platform.id}`,
        field: 'files',
        folder: path.join(config.libraryDir, 'bios', 'nes'),
      },
      {
        url: `/api/saves?rom_id=${rom.id}`,
        field: 'saveFile',
        folder: path.join(dataDir, 'assets/users/1/saves/nes', String(rom.id)),
      },
    ];
    for (const { url, field, folder } of cases) {
      const body = form({}, [{ field, name: 'big.bin', content: Buffer.alloc(4 << 20, 1) }]);
      const socket = connect(port, '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write(
        `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${ADMIN_AUTH}\r\n` +
          `Content-Type: ${body.headers['content-type']}\r\n` +
          `Content-Length: ${body.payload.length}\r\n\r\n`,
      );
      socket.write(body.payload.subarray(0, body.payload.length / 2));
      const temp = path.join(dataDir, 'tmp');
      await expect
        .poll(() => entries(temp), { timeout: 10_000, interval: 20, message: url })
        .toHaveLength(1);
      expect(entries(folder), url).toEqual([]);
      socket.destroy();
      await expect
        .poll(() => entries(temp), { timeout: 10_000, interval: 20, message: url })
        .toEqual([]);
      expect(entries(folder), url).toEqual([]);
    }
  });
});

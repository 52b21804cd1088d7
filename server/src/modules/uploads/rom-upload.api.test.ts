import { existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';

import type { DetailedRom, RomListPage } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { ADMIN_AUTH } from '../../../test/build-test-app.js';
import { hashesOf, listenOnce } from '../../../test/library-fixtures.js';
import {
  filesUnder,
  multipart,
  setupManagedLibrary,
  uploadRom,
} from '../../../test/rom-manage-fixtures.js';

describe('POST /api/roms (upload)', () => {
  it('stores the file in the platform folder, hashes it and lists it without a rescan', async () => {
    const { app, config, nes } = await setupManagedLibrary();
    const content = Buffer.from('a brand new rom image');
    const response = await uploadRom(app, nes, 'New Game (Europe) (En,Fr).nes', content);
    expect(response.statusCode, response.body).toBe(201);
    const rom = response.json<DetailedRom>();
    const hashes = hashesOf(content);
    expect(rom).toMatchObject({
      fs_name: 'New Game (Europe) (En,Fr).nes',
      fs_path: 'roms/nes',
      name: 'New Game',
      regions: ['Europe'],
      languages: ['English', 'French'],
      fs_size_bytes: content.length,
      crc_hash: hashes.crc,
      md5_hash: hashes.md5,
      sha1_hash: hashes.sha1,
      platform_id: nes,
    });
    expect(rom.files.map((file) => file.file_name)).toEqual(['New Game (Europe) (En,Fr).nes']);
    expect(
      readFileSync(path.join(config.libraryDir, 'roms/nes/New Game (Europe) (En,Fr).nes')),
    ).toEqual(content);
    expect(filesUnder(path.join(config.dataDir, 'tmp'))).toEqual([]);
    const list = await app.inject({
      url: `/api/roms?platform_ids=${nes}`,
      headers: { authorization: ADMIN_AUTH },
    });
    expect(list.json<RomListPage>().items.map((item) => item.fs_name)).toContain(
      'New Game (Europe) (En,Fr).nes',
    );
  });

  it('decodes percent-encoded names and keeps raw UTF-8 ones; zips stay zips', async () => {
    const { app, config, nes } = await setupManagedLibrary();
    const encoded = await uploadRom(app, nes, encodeURIComponent('Pokémon 100% (Japan).nes'), 'p1');
    expect(encoded.statusCode, encoded.body).toBe(201);
    expect(encoded.json<DetailedRom>().fs_name).toBe('Pokémon 100% (Japan).nes');
    const raw = await uploadRom(app, nes, Buffer.from('Ökö Quest.nes').toString('latin1'), 'p2');
    expect(raw.statusCode, raw.body).toBe(201);
    expect(raw.json<DetailedRom>().fs_name).toBe('Ökö Quest.nes');
    const zip = await uploadRom(app, nes, 'Packed.zip', 'PK\u0003\u0004not really');
    expect(zip.statusCode, zip.body).toBe(201);
    expect(zip.json<DetailedRom>().fs_extension).toBe('zip');
    expect(filesUnder(path.join(config.libraryDir, 'roms/nes'))).toEqual([
      'Existing (USA).nes',
      'Packed.zip',
      'Pokémon 100% (Japan).nes',
      'Ökö Quest.nes',
    ]);
  });

  it('refuses an existing name with 409 and never overwrites it', async () => {
    const { app, config, nes } = await setupManagedLibrary();
    const response = await uploadRom(app, nes, 'Existing (USA).nes', 'replacement');
    expect(response.statusCode).toBe(409);
    expect(response.json<{ detail: string }>().detail).toBe(
      'Existing (USA).nes already exists in roms/nes',
    );
    expect(readFileSync(path.join(config.libraryDir, 'roms/nes/Existing (USA).nes'), 'utf8')).toBe(
      'existing-bytes',
    );
  });

  it('answers 413 above MAX_UPLOAD_SIZE_BYTES and keeps nothing', async () => {
    const { app, config, nes } = await setupManagedLibrary({
      env: { MAX_UPLOAD_SIZE_BYTES: '100' },
    });
    const before = filesUnder(config.libraryDir);
    const ok = await uploadRom(app, nes, 'Small.nes', Buffer.alloc(100, 1));
    expect(ok.statusCode, ok.body).toBe(201);
    const big = await uploadRom(app, nes, 'Big.nes', Buffer.alloc(101, 1));
    expect(big.statusCode).toBe(413);
    expect(big.json<{ detail: string }>().detail).toBe('Uploads must be at most 100 bytes');
    const huge = await uploadRom(app, nes, 'Huge.nes', Buffer.alloc(200_000, 1));
    expect(huge.statusCode).toBe(413);
    expect(filesUnder(config.libraryDir)).toEqual([...before, 'roms/nes/Small.nes'].sort());
  });

  it('refuses path tricks and bad names with clear 400s and writes nothing', async () => {
    const { app, config, nes } = await setupManagedLibrary();
    const before = filesUnder(path.dirname(config.libraryDir));
    const cases: [string, string][] = [
      ['../../x', 'File name must not contain path separators (/ or \\)'],
      ['a/../../b', 'File name must not contain path separators (/ or \\)'],
      ['/etc/passwd', 'File name must not contain path separators (/ or \\)'],
      ['C:\\x', 'File name must not contain path separators (/ or \\)'],
      ['C:x.nes', 'File name must not start with a drive letter'],
      ['..', 'File name must not be "." or ".."'],
      ['.', 'File name must not be "." or ".."'],
      ['.hidden.nes', 'File name must not start with a dot (hidden files are never scanned)'],
      ['%2e%2e%2fescape.nes', 'File name must not contain path separators (/ or \\)'],
      ['..%2f..%2fx', 'File name must not contain path separators (/ or \\)'],
      ['bad%00name.nes', 'File name must not contain NUL or control characters'],
      ['tab%09name.nes', 'File name must not contain NUL or control characters'],
      [`${'é'.repeat(128)}.nes`, 'File name must be at most 255 bytes of UTF-8'],
      [`${'a'.repeat(252)}.nes`, 'File name must be at most 255 bytes of UTF-8'],
      ['gamelist.xml', 'gamelist.xml is excluded by the library configuration'],
    ];
    for (const [name, detail] of cases) {
      const response = await uploadRom(app, nes, name, 'evil');
      expect(`${name}: ${response.statusCode} ${response.json<{ detail: string }>().detail}`).toBe(
        `${name}: 400 ${detail}`,
      );
    }
    // Exactly 255 bytes is fine; so are non-Latin names.
    const longest = await uploadRom(app, nes, encodeURIComponent(`${'日'.repeat(83)}.nes`), 'ok');
    expect(longest.statusCode, longest.body).toBe(201);
    const after = filesUnder(path.dirname(config.libraryDir));
    expect(
      after.filter((file) => !before.includes(file) && !file.startsWith('romshelf.db')),
    ).toEqual([`library/roms/nes/${'日'.repeat(83)}.nes`]);
  });

  it('checks the headers, the platform and the body', async () => {
    const { app, nes } = await setupManagedLibrary();
    expect((await uploadRom(app, 999, 'x.nes', 'x')).statusCode).toBe(404);
    expect((await uploadRom(app, 'abc', 'x.nes', 'x')).json()).toEqual({
      detail: 'Header x-upload-platform must be a platform id',
    });
    const noName = await app.inject({
      method: 'POST',
      url: '/api/roms',
      headers: { authorization: ADMIN_AUTH, 'x-upload-platform': String(nes) },
    });
    expect(noName.json()).toEqual({ detail: 'Header x-upload-filename is required' });
    const notMultipart = await app.inject({
      method: 'POST',
      url: '/api/roms',
      headers: {
        authorization: ADMIN_AUTH,
        'x-upload-platform': String(nes),
        'x-upload-filename': 'x.nes',
        'content-type': 'application/json',
      },
      payload: '{}',
    });
    expect(notMultipart.statusCode).toBe(400);
  });

  it('leaves no file and no temporary file when the client disconnects mid-upload', async () => {
    const { app, config, nes } = await setupManagedLibrary();
    const baseUrl = await listenOnce(app);
    const port = Number(new URL(baseUrl).port);
    const { body, contentType } = multipart(Buffer.alloc(4 * 1024 * 1024, 7));
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `POST /api/roms HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${ADMIN_AUTH}\r\n` +
        `Content-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n` +
        `x-upload-platform: ${nes}\r\nx-upload-filename: Dropped.nes\r\n\r\n`,
    );
    socket.write(body.subarray(0, body.length / 2));
    const temp = path.join(config.dataDir, 'tmp');
    // Wait until the server is writing the temporary file, then drop the connection.
    await expect.poll(() => filesUnder(temp).length, { timeout: 10_000, interval: 20 }).toBe(1);
    socket.destroy();
    await expect.poll(() => filesUnder(temp), { timeout: 10_000, interval: 20 }).toEqual([]);
    expect(existsSync(path.join(config.libraryDir, 'roms/nes/Dropped.nes'))).toBe(false);
    const list = await app.inject({ url: '/api/roms', headers: { authorization: ADMIN_AUTH } });
    expect(list.json<RomListPage>().items.map((item) => item.fs_name)).not.toContain('Dropped.nes');
  });
});

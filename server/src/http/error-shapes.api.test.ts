import { connect } from 'node:net';

import type { Platform, RomListPage } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { ADMIN_AUTH, buildTestApp, createFirstAdmin, login } from '../../test/build-test-app.js';
import { listenOnce, scanLibrary, writeTree } from '../../test/library-fixtures.js';

/** Sends raw bytes to the listening app and returns everything it answers. */
async function rawExchange(port: number, request: string): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(request);
  await new Promise<void>((resolve) => {
    socket.once('close', () => resolve());
  });
  return Buffer.concat(chunks).toString('utf8');
}

function bodyOf(raw: string): unknown {
  return JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
}

describe('framework errors answer JSON {detail}', () => {
  it('414 for an over-long path parameter', async () => {
    const { app } = await buildTestApp();
    // GET falls through to the web app's catch-all (a 404); other methods meet the router's limit.
    const response = await app.inject({ method: 'DELETE', url: `/api/users/${'9'.repeat(300)}` });
    expect(response.statusCode).toBe(414);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ detail: 'A path segment of the URL is too long' });
  });

  it('400 for an undecodable URL', async () => {
    const { app } = await buildTestApp();
    const response = await app.inject({ url: '/api/roms/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'The URL is not validly encoded' });
  });

  it('400 for broken chunked encoding and other unreadable requests', async () => {
    const { app } = await buildTestApp();
    const port = Number(new URL(await listenOnce(app)).port);
    const chunked = await rawExchange(
      port,
      'POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
    );
    expect(chunked).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(chunked).toMatch(/\r\nContent-Type: application\/json\r\n/i);
    expect(bodyOf(chunked)).toEqual({ detail: 'Malformed HTTP request' });

    const garbage = await rawExchange(port, 'HELLO THERE\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(bodyOf(garbage)).toEqual({ detail: 'Malformed HTTP request' });
  });

  it('404 for unknown API routes', async () => {
    const { app } = await buildTestApp();
    const response = await app.inject({ method: 'DELETE', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not Found' });
  });
});

describe('multipart bodies cut before their closing boundary', () => {
  it('answer 400 {detail} on ROM and manual uploads', async () => {
    const { app, config } = await buildTestApp();
    await createFirstAdmin(app);
    writeTree(config.libraryDir, { 'roms/nes/Existing (USA).nes': 'existing-bytes' });
    await scanLibrary(app, await login(app));
    const nes = (
      await app.inject({ url: '/api/platforms', headers: { authorization: ADMIN_AUTH } })
    ).json<Platform[]>()[0]?.id;
    const romId = (
      await app.inject({ url: '/api/roms', headers: { authorization: ADMIN_AUTH } })
    ).json<RomListPage>().items[0]?.id;
    const boundary = '----romshelf-cut';
    const cut = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\n%PDF-1.4 some bytes and then nothing`,
    );
    const contentType = `multipart/form-data; boundary=${boundary}`;

    const rom = await app.inject({
      method: 'POST',
      url: '/api/roms',
      headers: {
        authorization: ADMIN_AUTH,
        'content-type': contentType,
        'x-upload-platform': String(nes),
        'x-upload-filename': 'Cut (USA).nes',
      },
      payload: cut,
    });
    expect(rom.statusCode).toBe(400);
    expect(rom.json()).toEqual({ detail: 'Malformed multipart body' });

    const manual = await app.inject({
      method: 'POST',
      url: `/api/roms/${romId}/manuals`,
      headers: { authorization: ADMIN_AUTH, 'content-type': contentType },
      payload: cut,
    });
    expect(manual.statusCode).toBe(400);
    expect(manual.json()).toEqual({ detail: 'Malformed multipart body' });
  });
});

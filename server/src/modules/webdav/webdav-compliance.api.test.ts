import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { FastifyInstance } from 'fastify';
import { createClient, type FileStat } from 'webdav';
import { describe, expect, it } from 'vitest';

import { addUser } from '../../../test/accounts.js';
import { basic, buildTestApp, createFirstAdmin, login } from '../../../test/build-test-app.js';
import { handheldToken } from '../../../test/handheld.js';

interface DavOptions {
  headers?: Record<string, string>;
  payload?: string | Buffer;
  as?: string;
}

/** An app with users luigi and peach, each holding a client token; `dav` calls as luigi. */
async function davApp(env: Record<string, string> = {}) {
  const { app } = await buildTestApp({ env });
  await createFirstAdmin(app);
  const luigi = await addUser(app, 'luigi', 'viewer');
  const peach = await addUser(app, 'peach', 'viewer');
  const tokens = { luigi: await handheldToken(app, luigi), peach: await handheldToken(app, peach) };
  const dav = (method: string, url: string, options: DavOptions = {}) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: {
        authorization: options.as ?? basic('luigi', tokens.luigi),
        ...options.headers,
      },
      ...(options.payload === undefined ? {} : { payload: options.payload }),
    });
  return { app, dav, tokens, luigi };
}

async function readOnlyToken(app: FastifyInstance, username: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/client-tokens',
    headers: { authorization: basic(username, `${username}-pass`) },
    payload: { name: 'reader', scopes: ['assets.read'] },
  });
  return response.json<{ raw_token: string }>().raw_token;
}

describe('WebDAV authentication and confinement', () => {
  it('asks for Basic credentials and takes only a client token of the named user', async () => {
    const { app, dav, tokens } = await davApp();
    const anonymous = await dav('PROPFIND', '/dav/luigi/', { as: '', headers: { depth: '0' } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toBe('Basic realm="RomShelf", charset="UTF-8"');
    for (const as of [
      basic('luigi', 'luigi-pass'),
      basic('luigi', tokens.peach),
      basic('luigi', 'rmm_unknown'),
    ]) {
      expect((await dav('OPTIONS', '/dav/luigi/', { as })).statusCode).toBe(401);
    }
    const session = await login(app, 'luigi', 'luigi-pass');
    const cookieOnly = await dav('PUT', '/dav/luigi/a.srm', {
      as: '',
      headers: { cookie: session.cookie },
      payload: 'X',
    });
    expect(cookieOnly.statusCode).toBe(401);
    expect((await dav('OPTIONS', '/dav/peach/')).statusCode).toBe(403);
    expect((await dav('PUT', '/dav/peach/a.srm', { payload: 'X' })).statusCode).toBe(403);
    expect((await dav('OPTIONS', '/dav/LUIGI/')).statusCode).toBe(200);
  });

  it('needs assets.write to change the tree and assets.read to read it', async () => {
    const { app, dav } = await davApp();
    const reader = basic('luigi', await readOnlyToken(app, 'luigi'));
    expect((await dav('PUT', '/dav/luigi/a.srm', { payload: 'A' })).statusCode).toBe(201);
    const refused = await dav('PUT', '/dav/luigi/a.srm', { as: reader, payload: 'B' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'This client token needs the assets.write scope' });
    expect((await dav('GET', '/dav/luigi/a.srm', { as: reader })).body).toBe('A');
  });

  it('refuses paths that leave the tree, however they are spelled', async () => {
    const { dav } = await davApp();
    expect((await dav('PUT', '/dav/peach/x.srm', { payload: 'X' })).statusCode).toBe(403);
    expect((await dav('GET', '/dav/luigi/%2e%2e/peach/x.srm')).statusCode).toBe(403);
    expect((await dav('GET', '/dav/luigi/saves/../../peach/x.srm')).statusCode).toBe(403);
    expect((await dav('PUT', '/dav/luigi/a%2F..%2F..%2Fb', { payload: 'X' })).statusCode).toBe(400);
    expect((await dav('GET', '/dav/luigi/..%5C..%5Cpeach%5Cx.srm')).statusCode).toBe(403);
    // Older RetroArch builds on Windows send "saves\\Game.srm": the backslash separates folders.
    await dav('MKCOL', '/dav/luigi/saves');
    expect((await dav('PUT', '/dav/luigi/saves%5CWin.srm', { payload: 'W' })).statusCode).toBe(201);
    expect((await dav('GET', '/dav/luigi/saves/Win.srm')).body).toBe('W');
    expect((await dav('GET', '/dav/luigi/%E0%A4%A')).statusCode).toBe(400);
    const moved = await dav('MOVE', '/dav/luigi/x', {
      headers: { destination: 'http://localhost/dav/luigi/%2e%2e/peach/x' },
    });
    expect(moved.statusCode).toBe(403);
  });

  it('leaves /dav out of the web app fallback and the OpenAPI document', async () => {
    const { app, dav } = await davApp();
    const bare = await dav('GET', '/dav', { as: '' });
    expect(bare.statusCode).toBe(404);
    expect(bare.json()).toEqual({ detail: 'Not Found' });
    const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(Object.keys(document.paths).filter((url) => url.startsWith('/dav'))).toEqual([]);
  });
});

describe('WebDAV methods (litmus-style)', () => {
  it('OPTIONS tells the class and the methods', async () => {
    const { dav } = await davApp();
    const response = await dav('OPTIONS', '/dav/luigi/');
    expect(response.statusCode).toBe(200);
    expect(response.headers.dav).toBe('1');
    expect(response.headers.allow).toBe(
      'OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, MKCOL, MOVE, COPY',
    );
  });

  it('PUT, GET, HEAD, DELETE and MKCOL answer as RFC 4918 says', async () => {
    const { dav } = await davApp();
    const created = await dav('PUT', '/dav/luigi/res.srm', { payload: 'CONTENT' });
    expect(created.statusCode).toBe(201);
    const etag = created.headers.etag;
    expect(etag).toMatch(/^"[0-9a-f]+-7-[0-9a-f]+"$/);
    const got = await dav('GET', '/dav/luigi/res.srm');
    expect([got.statusCode, got.body, got.headers.etag]).toEqual([200, 'CONTENT', etag]);
    expect(got.headers['content-type']).toBe('application/octet-stream');
    expect(got.headers['last-modified']).toBe(created.headers['last-modified']);
    const head = await dav('HEAD', '/dav/luigi/res.srm');
    expect([head.statusCode, head.body, head.headers['content-length']]).toEqual([200, '', '7']);
    expect((await dav('PUT', '/dav/luigi/res.srm', { payload: 'NEW' })).statusCode).toBe(204);
    expect((await dav('PUT', '/dav/luigi/none/res.srm', { payload: 'X' })).statusCode).toBe(409);

    expect((await dav('MKCOL', '/dav/luigi/coll')).statusCode).toBe(201);
    expect((await dav('MKCOL', '/dav/luigi/coll')).statusCode).toBe(405);
    expect((await dav('MKCOL', '/dav/luigi/a/b')).statusCode).toBe(409);
    expect((await dav('MKCOL', '/dav/luigi/body', { payload: '<x/>' })).statusCode).toBe(415);
    const putOnFolder = await dav('PUT', '/dav/luigi/coll', { payload: 'X' });
    expect([putOnFolder.statusCode, putOnFolder.headers.allow]).toEqual([
      405,
      'OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, MKCOL, MOVE, COPY',
    ]);
    expect((await dav('GET', '/dav/luigi/coll')).statusCode).toBe(405);

    expect((await dav('DELETE', '/dav/luigi/res.srm')).statusCode).toBe(204);
    const gone = await dav('GET', '/dav/luigi/res.srm');
    expect([gone.statusCode, gone.body]).toEqual([404, '']);
    expect((await dav('DELETE', '/dav/luigi/res.srm')).statusCode).toBe(404);
    expect((await dav('DELETE', '/dav/luigi/coll')).statusCode).toBe(204);
    expect((await dav('DELETE', '/dav/luigi/')).statusCode).toBe(403);
  });

  it('checks If-Match / If-None-Match (412) and answers 304 to a matching GET', async () => {
    const { dav } = await davApp();
    const etag = (await dav('PUT', '/dav/luigi/a.srm', { payload: 'ONE' })).headers.etag as string;
    const stale = await dav('PUT', '/dav/luigi/a.srm', {
      headers: { 'if-match': '"0-0-0"' },
      payload: 'LOST',
    });
    expect([stale.statusCode, stale.json()]).toEqual([
      412,
      { detail: 'The file changed since you read it (If-Match)' },
    ]);
    const createOnly = await dav('PUT', '/dav/luigi/a.srm', {
      headers: { 'if-none-match': '*' },
      payload: 'LOST',
    });
    expect(createOnly.statusCode).toBe(412);
    expect(
      (await dav('GET', '/dav/luigi/a.srm', { headers: { 'if-none-match': etag } })).statusCode,
    ).toBe(304);
    const fresh = await dav('PUT', '/dav/luigi/a.srm', {
      headers: { 'if-match': etag },
      payload: 'TWO',
    });
    expect(fresh.statusCode).toBe(204);
    expect(fresh.headers.etag).not.toBe(etag);
    expect(
      (await dav('DELETE', '/dav/luigi/a.srm', { headers: { 'if-match': etag } })).statusCode,
    ).toBe(412);
    expect((await dav('GET', '/dav/luigi/a.srm')).body).toBe('TWO');
  });

  it('refuses files over WEBDAV_MAX_FILE_SIZE_BYTES with 413, storing nothing', async () => {
    const { dav } = await davApp({ WEBDAV_MAX_FILE_SIZE_BYTES: '8' });
    expect((await dav('PUT', '/dav/luigi/a.srm', { payload: '12345678' })).statusCode).toBe(201);
    const big = await dav('PUT', '/dav/luigi/b.srm', { payload: '123456789' });
    expect([big.statusCode, big.json()]).toEqual([413, { detail: 'Files may be at most 8 bytes' }]);
    expect((await dav('GET', '/dav/luigi/b.srm')).statusCode).toBe(404);
  });

  it('PROPFIND answers depth 0 and 1 as multistatus, refuses infinity and bad bodies', async () => {
    const { dav } = await davApp();
    await dav('MKCOL', '/dav/luigi/saves');
    const put = await dav('PUT', '/dav/luigi/saves/A%20%26%20B.srm', { payload: 'AB' });
    const depth0 = await dav('PROPFIND', '/dav/luigi/saves/A%20%26%20B.srm', {
      headers: { depth: '0' },
    });
    expect(depth0.statusCode).toBe(207);
    expect(depth0.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(depth0.body).toBe(
      '<?xml version="1.0" encoding="utf-8"?>\n<D:multistatus xmlns:D="DAV:"><D:response>' +
        '<D:href>/dav/luigi/saves/A%20%26%20B.srm</D:href><D:propstat><D:prop>' +
        '<D:displayname>A &amp; B.srm</D:displayname><D:resourcetype/>' +
        `<D:getlastmodified>${String(put.headers['last-modified'])}</D:getlastmodified>` +
        '<D:getcontentlength>2</D:getcontentlength>' +
        '<D:getcontenttype>application/octet-stream</D:getcontenttype>' +
        `<D:getetag>${String(put.headers.etag).replace(/"/g, '&quot;')}</D:getetag>` +
        '</D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response></D:multistatus>\n',
    );
    const allprop = '<?xml version="1.0"?><propfind xmlns="DAV:"><allprop/></propfind>';
    const depth1 = await dav('PROPFIND', '/dav/luigi/', {
      headers: { depth: '1', 'content-type': 'application/xml' },
      payload: allprop,
    });
    expect(depth1.statusCode).toBe(207);
    expect([...depth1.body.matchAll(/<D:href>([^<]*)<\/D:href>/g)].map((m) => m[1])).toEqual([
      '/dav/luigi/',
      '/dav/luigi/saves/',
    ]);
    const infinity = await dav('PROPFIND', '/dav/luigi/');
    expect([infinity.statusCode, infinity.body]).toEqual([
      403,
      '<?xml version="1.0" encoding="utf-8"?>\n<D:error xmlns:D="DAV:"><D:propfind-finite-depth/></D:error>\n',
    ]);
    const malformed = await dav('PROPFIND', '/dav/luigi/', {
      headers: { depth: '0' },
      payload: 'this is not xml',
    });
    expect(malformed.statusCode).toBe(400);
    expect(
      (await dav('PROPFIND', '/dav/luigi/nothing', { headers: { depth: '0' } })).statusCode,
    ).toBe(404);
  });

  it('COPY and MOVE honour Overwrite, Depth and the destination tree (behind a proxy too)', async () => {
    const { dav } = await davApp();
    const to = (path: string) => ({ destination: `http://localhost/dav/luigi/${path}` });
    await dav('PUT', '/dav/luigi/a.srm', { payload: 'A' });
    await dav('PUT', '/dav/luigi/b.srm', { payload: 'B' });
    expect((await dav('COPY', '/dav/luigi/a.srm', { headers: to('c.srm') })).statusCode).toBe(201);
    const noOverwrite = await dav('COPY', '/dav/luigi/a.srm', {
      headers: { ...to('b.srm'), overwrite: 'F' },
    });
    expect(noOverwrite.statusCode).toBe(412);
    expect((await dav('MOVE', '/dav/luigi/a.srm', { headers: to('b.srm') })).statusCode).toBe(204);
    expect((await dav('GET', '/dav/luigi/b.srm')).body).toBe('A');
    expect((await dav('GET', '/dav/luigi/a.srm')).statusCode).toBe(404);

    await dav('MKCOL', '/dav/luigi/coll');
    await dav('PUT', '/dav/luigi/coll/in.srm', { payload: 'IN' });
    const shallow = await dav('COPY', '/dav/luigi/coll', {
      headers: { ...to('empty'), depth: '0' },
    });
    expect(shallow.statusCode).toBe(201);
    expect((await dav('GET', '/dav/luigi/empty/in.srm')).statusCode).toBe(404);
    expect((await dav('MOVE', '/dav/luigi/coll', { headers: to('moved') })).statusCode).toBe(201);
    expect((await dav('GET', '/dav/luigi/moved/in.srm')).body).toBe('IN');
    expect((await dav('MOVE', '/dav/luigi/moved', { headers: to('moved/inner') })).statusCode).toBe(
      403,
    );
    expect((await dav('MOVE', '/dav/luigi/b.srm', { headers: to('no/b.srm') })).statusCode).toBe(
      409,
    );
    expect((await dav('MOVE', '/dav/luigi/b.srm')).statusCode).toBe(400);
    const proxied = await dav('COPY', '/dav/luigi/b.srm', {
      headers: { destination: 'https://example.com/romshelf/dav/luigi/proxied.srm' },
    });
    expect(proxied.statusCode).toBe(201);
    expect((await dav('GET', '/dav/luigi/proxied.srm')).body).toBe('A');
    const otherTree = await dav('COPY', '/dav/luigi/b.srm', {
      headers: { destination: 'http://localhost/dav/peach/b.srm' },
    });
    expect(otherTree.statusCode).toBe(403);
  });
});

describe('WebDAV over the network', () => {
  it('serves a stock WebDAV client (the npm webdav package parses our multistatus)', async () => {
    const { app, tokens } = await davApp();
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const client = createClient(`http://127.0.0.1:${String(port)}/dav/luigi`, {
      username: 'luigi',
      password: tokens.luigi,
    });
    await client.createDirectory('/saves');
    await client.putFileContents('/saves/Mega Man 2 (USA).srm', Buffer.from('ROCK'));
    const listing = await client.getDirectoryContents('/saves');
    expect(
      listing.map(({ filename, basename, size, type }) => ({ filename, basename, size, type })),
    ).toEqual([
      {
        filename: '/saves/Mega Man 2 (USA).srm',
        basename: 'Mega Man 2 (USA).srm',
        size: 4,
        type: 'file',
      },
    ]);
    expect(listing[0]?.etag).toMatch(/^[0-9a-f]+-4-[0-9a-f]+$/);
    expect(((await client.stat('/saves')) as FileStat).type).toBe('directory');
    const bytes = (await client.getFileContents('/saves/Mega Man 2 (USA).srm')) as Buffer;
    expect(Buffer.from(bytes).toString()).toBe('ROCK');
    await client.copyFile('/saves/Mega Man 2 (USA).srm', '/saves/copy.srm');
    await client.moveFile('/saves/copy.srm', '/saves/moved.srm');
    await client.deleteFile('/saves/Mega Man 2 (USA).srm');
    expect(await client.exists('/saves/Mega Man 2 (USA).srm')).toBe(false);
    expect((await client.getDirectoryContents('/saves')).map((file) => file.basename)).toEqual([
      'moved.srm',
    ]);
  });

  it('takes a PUT sent with Expect: 100-continue, as RetroArch sends it', async () => {
    const { app, dav, tokens } = await davApp();
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const status = await new Promise<number>((resolve, reject) => {
      const put = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'PUT',
        path: '/dav/luigi/continued.srm',
        headers: {
          authorization: basic('luigi', tokens.luigi),
          expect: '100-continue',
          'content-length': '5',
        },
      });
      put.on('continue', () => put.end('HELLO'));
      put.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      put.on('error', reject);
    });
    expect(status).toBe(201);
    expect((await dav('GET', '/dav/luigi/continued.srm')).body).toBe('HELLO');
  });
});

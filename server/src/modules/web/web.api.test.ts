import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

import { describe, expect, it } from 'vitest';

import { buildTestApp, INDEX_HTML, makeTempDir, makeWebDir } from '../../../test/build-test-app.js';
import { NOT_BUILT_PAGE } from './web.routes.js';

const APP_SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(2_000))};\n`;

/** A built web app whose script and index.html have the build's `.br` and `.gz` siblings. */
function makePrecompressedWebDir(): string {
  const webDir = makeWebDir(makeTempDir('romshelf-web-'));
  const script = path.join(webDir, 'assets', 'app-1a2b3c.js');
  writeFileSync(script, APP_SCRIPT);
  writeFileSync(`${script}.br`, zlib.brotliCompressSync(APP_SCRIPT));
  writeFileSync(`${script}.gz`, zlib.gzipSync(APP_SCRIPT));
  const index = path.join(webDir, 'index.html');
  writeFileSync(`${index}.br`, zlib.brotliCompressSync(INDEX_HTML));
  writeFileSync(`${index}.gz`, zlib.gzipSync(INDEX_HTML));
  return webDir;
}

describe('precompressed web app files', () => {
  it('sends the brotli file, else the gzip one, else the file, with the right headers', async () => {
    const { app } = await buildTestApp({ webDir: makePrecompressedWebDir() });
    const url = '/assets/app-1a2b3c.js';
    const cases: [string | undefined, string | undefined, (body: Buffer) => Buffer][] = [
      ['gzip, deflate, br, zstd', 'br', (body) => zlib.brotliDecompressSync(body)],
      ['gzip, deflate', 'gzip', (body) => zlib.gunzipSync(body)],
      ['br;q=0, gzip', 'gzip', (body) => zlib.gunzipSync(body)],
      ['identity', undefined, (body) => body],
      [undefined, undefined, (body) => body],
    ];
    for (const [accept, encoding, decode] of cases) {
      const headers = accept === undefined ? {} : { 'accept-encoding': accept };
      const response = await app.inject({ method: 'GET', url, headers });
      const label = String(accept);
      expect(response.statusCode, label).toBe(200);
      expect(response.headers['content-encoding'], label).toBe(encoding);
      expect(response.headers['content-type'], label).toMatch(/^application\/javascript/);
      expect(response.headers.vary, label).toBe('accept-encoding');
      expect(response.headers['cache-control'], label).toBe('public, max-age=31536000, immutable');
      expect(response.headers['content-length'], label).toBe(String(response.rawPayload.length));
      expect(decode(response.rawPayload).toString('utf8'), label).toBe(APP_SCRIPT);
    }
    const brotli = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect(brotli.rawPayload.length).toBeLessThan(APP_SCRIPT.length / 10);
  });

  it('sends the compressed index.html for client routes too', async () => {
    const { app } = await buildTestApp({ webDir: makePrecompressedWebDir() });
    for (const url of ['/', '/platform/3']) {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(zlib.brotliDecompressSync(response.rawPayload).toString('utf8'), url).toBe(INDEX_HTML);
    }
  });

  it('answers a range request from the file itself, never from a compressed copy', async () => {
    const { app } = await buildTestApp({ webDir: makePrecompressedWebDir() });
    const response = await app.inject({
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'br, gzip', range: 'bytes=0-19' },
    });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-range']).toBe(`bytes 0-19/${APP_SCRIPT.length}`);
    expect(response.body).toBe(APP_SCRIPT.slice(0, 20));
  });

  it('compresses a text file that has no compressed copy as it sends it', async () => {
    const webDir = makePrecompressedWebDir();
    const locale = JSON.stringify({ words: 'word '.repeat(1_000) });
    writeFileSync(path.join(webDir, 'locales', 'en_US', 'common.json'), locale);
    const { app } = await buildTestApp({ webDir });
    const response = await app.inject({
      url: '/locales/en_US/common.json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(response.rawPayload).toString('utf8')).toBe(locale);
  });
});

describe('single-page app', () => {
  it('serves index.html for client routes (history fallback)', async () => {
    const { app } = await buildTestApp();
    for (const url of ['/', '/platform/3', '/setup', '/rom/12/ejs?x=1']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toBe(INDEX_HTML);
    }
  });

  it('caches hashed assets for a year', async () => {
    const { app } = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves locale files, and answers 404 JSON for a missing one', async () => {
    const { app } = await buildTestApp();
    const found = await app.inject({ method: 'GET', url: '/locales/en_US/common.json' });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({ hello: 'Hello' });
    const missing = await app.inject({ method: 'GET', url: '/locales/xx_XX/common.json' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Not Found' });
  });

  it('serves the web app manifests with their own content type, compressed or not', async () => {
    const webDir = makeWebDir(makeTempDir('romshelf-web-'));
    const manifest = JSON.stringify({ name: 'RomShelf', icons: 'x'.repeat(1_000) });
    mkdirSync(path.join(webDir, 'manifests'));
    for (const file of ['manifest.webmanifest', 'manifests/de_DE.webmanifest']) {
      writeFileSync(path.join(webDir, file), manifest);
      writeFileSync(path.join(webDir, `${file}.br`), zlib.brotliCompressSync(manifest));
    }
    const { app } = await buildTestApp({ webDir });
    for (const url of ['/manifest.webmanifest', '/manifests/de_DE.webmanifest']) {
      for (const encoding of ['br', undefined]) {
        const headers = encoding === undefined ? {} : { 'accept-encoding': encoding };
        const response = await app.inject({ method: 'GET', url, headers });
        const label = `${url} ${String(encoding)}`;
        expect(response.statusCode, label).toBe(200);
        expect(response.headers['content-type'], label).toBe('application/manifest+json');
        expect(response.headers['content-encoding'], label).toBe(encoding);
        expect(response.headers['cache-control'], label).toBe('no-cache');
        const body =
          encoding === 'br' ? zlib.brotliDecompressSync(response.rawPayload) : response.rawPayload;
        expect(body.toString('utf8'), label).toBe(manifest);
      }
    }
  });

  it('answers 404 JSON for unknown API routes, whatever the method', async () => {
    const { app } = await buildTestApp();
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope'],
      ['DELETE', '/api/users'],
      ['GET', '/api'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json(), `${method} ${url}`).toEqual({ detail: 'Not Found' });
    }
  });

  it('shows a hint page when the web app is not built', async () => {
    const { app } = await buildTestApp({ webDir: makeTempDir('romshelf-noweb-') + '/missing' });
    const response = await app.inject({ method: 'GET', url: '/login' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe(NOT_BUILT_PAGE);
    expect(response.body).toContain('npm run build');
  });

  it('sends a content security policy that allows the app', async () => {
    const { app } = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("connect-src 'self' ws: wss:");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('API documentation', () => {
  it('publishes the OpenAPI document at /openapi.json', async () => {
    const { app } = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toBe('3.0.3');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/config',
        '/api/heartbeat',
        '/api/login',
        '/api/logout',
        '/api/token',
        '/api/forgot-password',
        '/api/reset-password',
        '/api/login/openid',
        '/api/oauth/openid',
        '/api/users',
        '/api/users/me',
        '/api/users/invite-link',
        '/api/users/register',
        '/api/users/{id}',
        '/api/users/{id}/avatar',
        '/api/users/{id}/ra/refresh',
        '/api/platforms',
        '/api/platforms/{id}',
        '/api/roms',
        '/api/roms/by-hash',
        '/api/roms/by-metadata-provider',
        '/api/roms/{id}',
        '/api/roms/{id}/content/{file_name}',
      ]),
    );
  });

  it('names the entities once under components and every reference resolves', async () => {
    const { app } = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/openapi.json' });
    const text = response.body;
    const document = JSON.parse(text) as {
      components: { schemas: Record<string, unknown> };
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const names = Object.keys(document.components.schemas);
    expect(names).toEqual(
      expect.arrayContaining([
        'DetailedRomSchema',
        'PlatformSchema',
        'UserSchema',
        'ErrorResponse',
      ]),
    );
    expect(names.filter((name) => name.endsWith('Input'))).toEqual([]);
    expect(document.paths['/api/roms/{id}']?.get?.responses['200']).toMatchObject({
      content: {
        'application/json': { schema: { $ref: '#/components/schemas/DetailedRomSchema' } },
      },
    });
    const referenced = new Set(
      [...text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]),
    );
    expect([...referenced].filter((name) => name === undefined || !names.includes(name))).toEqual(
      [],
    );
    expect(names.filter((name) => !referenced.has(name))).toEqual([]);
  });

  it('serves the human docs at /api/docs', async () => {
    const { app } = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });
});

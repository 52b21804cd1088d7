import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

import type { Platform, RomListPage } from '@romshelf/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';

import { buildTestApp, createFirstAdmin, login } from '../../test/build-test-app.js';
import type { Session } from '../../test/build-test-app.js';
import { scanLibrary, writeTree } from '../../test/library-fixtures.js';
import { COMPRESSION_THRESHOLD_BYTES } from './compression.js';

/** Very compressible ROM content: would shrink a hundredfold if anything compressed it. */
const BIG_ROM = 'A'.repeat(60_000);
const COVER_PNG = Buffer.alloc(20_000, 7);

async function setup() {
  const test = await buildTestApp();
  await createFirstAdmin(test.app);
  const session = await login(test.app);
  const nes: Record<string, string> = {};
  for (let index = 1; index <= 30; index += 1) {
    nes[`roms/nes/Game Number ${index} (USA) (Rev 1).nes`] = `rom-${index}`;
  }
  nes['roms/nes/Big Rom (Europe).nes'] = BIG_ROM;
  writeTree(test.config.libraryDir, {
    ...nes,
    'roms/psx/Disc Game (USA)/Disc Game (Disc 1).cue': 'B'.repeat(5_000),
    'roms/psx/Disc Game (USA)/Disc Game (Disc 2).cue': 'C'.repeat(5_000),
  });
  await scanLibrary(test.app, session);
  const platforms = (
    await test.app.inject({ url: '/api/platforms', headers: { cookie: session.cookie } })
  ).json<Platform[]>();
  const id = (slug: string) => platforms.find((platform) => platform.fs_slug === slug)?.id ?? 0;
  return { ...test, session, nes: id('nes'), psx: id('psx') };
}

function get(
  app: FastifyInstance,
  session: Session | null,
  url: string,
  headers: Record<string, string> = {},
) {
  const cookie = session === null ? {} : { cookie: session.cookie };
  return app.inject({ method: 'GET', url, headers: { ...cookie, ...headers } });
}

function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(response.rawPayload).toString('utf8');
  if (encoding === undefined) return response.body;
  throw new Error(`unexpected content-encoding ${encoding}`);
}

async function romIdByName(app: FastifyInstance, session: Session, platform: number, name: string) {
  const list = await get(app, session, `/api/roms?platform_id=${platform}&limit=100`);
  const rom = list.json<RomListPage>().items.find((item) => item.fs_name === name);
  if (rom === undefined) throw new Error(`${name} not scanned`);
  return rom.id;
}

describe('compressed API answers', () => {
  it('prefers brotli, falls back to gzip, and sends identity when neither is accepted', async () => {
    const { app, session, nes } = await setup();
    const url = `/api/roms?platform_id=${nes}&limit=72`;
    const identity = await get(app, session, url);
    expect(identity.statusCode).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toMatch(/accept-encoding/i);
    expect(identity.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(identity.json<RomListPage>().items).toHaveLength(31);

    const cases: [string, string | undefined][] = [
      ['gzip, deflate, br, zstd', 'br'],
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['deflate', undefined],
      ['identity', undefined],
    ];
    for (const [accept, expected] of cases) {
      const response = await get(app, session, url, { 'accept-encoding': accept });
      expect(response.statusCode, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(expected);
      expect(response.headers['content-type'], accept).toMatch(/^application\/json/);
      expect(response.headers.vary, accept).toBe('accept-encoding');
      expect(decoded(response), accept).toBe(identity.body);
      if (expected !== undefined) {
        expect(response.rawPayload.length, accept).toBeLessThan(identity.rawPayload.length / 4);
      }
    }
  });

  it('compresses the OpenAPI document, and leaves answers under the threshold alone', async () => {
    const { app } = await buildTestApp();
    const openapi = await get(app, null, '/openapi.json', { 'accept-encoding': 'br, gzip' });
    expect(openapi.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded(openapi))).toMatchObject({ openapi: '3.0.3' });

    const small = await get(app, null, '/api/nope', { 'accept-encoding': 'br, gzip' });
    expect(small.statusCode).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ detail: 'Not Found' });
  });
});

describe('answers that are never compressed', () => {
  it('sends ROM content as it is, whole or by range', async () => {
    const { app, session, nes } = await setup();
    const id = await romIdByName(app, session, nes, 'Big Rom (Europe).nes');
    const url = `/api/roms/${id}/content/${encodeURIComponent('Big Rom (Europe).nes')}`;
    const whole = await get(app, session, url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.headers['content-type']).toBe('application/octet-stream');
    expect(whole.headers['content-length']).toBe(String(BIG_ROM.length));
    expect(whole.body).toBe(BIG_ROM);

    const partial = await get(app, session, url, {
      'accept-encoding': 'gzip, deflate, br',
      range: 'bytes=100-9099',
    });
    expect(partial.statusCode).toBe(206);
    expect(partial.headers['content-encoding']).toBeUndefined();
    expect(partial.headers['content-range']).toBe(`bytes 100-9099/${BIG_ROM.length}`);
    expect(partial.headers['content-length']).toBe('9000');
    expect(partial.body).toBe(BIG_ROM.slice(100, 9100));
  });

  it('sends a multi-file zip as it is', async () => {
    const { app, session, psx } = await setup();
    const id = await romIdByName(app, session, psx, 'Disc Game (USA)');
    const zip = await get(app, session, `/api/roms/${id}/content/game.zip`, {
      'accept-encoding': 'br, gzip',
    });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-encoding']).toBeUndefined();
    expect(zip.rawPayload.subarray(0, 4).toString('hex')).toBe('504b0304');
    expect(zip.rawPayload.length).toBe(Number(zip.headers['content-length']));
  });

  it('sends images as they are', async () => {
    const { app, config, session } = await setup();
    const coverDir = path.join(config.dataDir, 'resources', 'roms', '1', '1', 'cover');
    mkdirSync(coverDir, { recursive: true });
    writeFileSync(path.join(coverDir, 'big.png'), COVER_PNG);
    const cover = await get(app, session, '/assets/romm/resources/roms/1/1/cover/big.png', {
      'accept-encoding': 'br, gzip',
    });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/png');
    expect(cover.headers['content-encoding']).toBeUndefined();
    expect(cover.rawPayload.equals(COVER_PNG)).toBe(true);
  });
});

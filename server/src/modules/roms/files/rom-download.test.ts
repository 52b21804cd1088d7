import { writeFileSync } from 'node:fs';
import path from 'node:path';

import type { FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import yauzl from 'yauzl';
import { afterEach, describe, expect, it } from 'vitest';

import { makeTempDir } from '../../../../test/build-test-app.js';
import { sendRomDownload } from './rom-download.js';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** A zip of `count` entries, all one small file under long names, as the server sends it. */
async function zipOf(count: number) {
  const file = path.join(makeTempDir('romshelf-zip-'), 'game.nes');
  writeFileSync(file, 'nes bytes');
  const entries = Array.from({ length: count }, (_, index) => ({
    absPath: file,
    name: `roms/nes/A rather long game name number ${String(index).padStart(5, '0')} (USA).nes`,
    size: 9,
    mtime: new Date('2026-01-01T00:00:00Z'),
  }));
  const app = Fastify();
  apps.push(app);
  app.get('/', (request, reply) =>
    sendRomDownload(request, reply, { type: 'zip', downloadName: 'all.zip', entries, m3u: null }),
  );
  return app.inject({ url: '/' });
}

function entryCount(buffer: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: false }, (error, zip) => {
      if (error !== null) return reject(error);
      resolve(zip.entryCount);
    });
  });
}

describe('a streamed zip', () => {
  it('announces exactly the bytes it sends, with a central directory past 64 KiB', async () => {
    const response = await zipOf(1200);
    expect(response.statusCode).toBe(200);
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(await entryCount(response.rawPayload)).toBe(1200);
  });

  it('announces exactly the bytes it sends for a few entries', async () => {
    const response = await zipOf(3);
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(await entryCount(response.rawPayload)).toBe(3);
  });
});

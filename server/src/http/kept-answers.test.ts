import { createHash } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';

import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';

import { compressedAnswer, registerCompression } from './compression.js';
import { KeptAnswers } from './kept-answers.js';

/** About 4 KB of JSON that does not compress much, different for each name. */
function bodyOf(name: string): Buffer {
  const words: string[] = [];
  for (let index = 0; index < 64; index += 1) {
    words.push(
      createHash('sha256')
        .update(`${name}:${String(index)}`)
        .digest('hex'),
    );
  }
  return Buffer.from(JSON.stringify({ name, words }));
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
});

/** A server whose `/answer/:name` is kept (unless `keep=false`), counting the answers built. */
async function appKeeping(maxBytes: number) {
  const app = Fastify({ logger: false });
  await registerCompression(app);
  const kept = new KeptAnswers(maxBytes);
  const built: string[] = [];
  app.get<{ Params: { name: string }; Querystring: { keep?: string } }>(
    '/answer/:name',
    (request, reply) => {
      const { name } = request.params;
      return kept.send(request, reply, {
        keepKey: request.query.keep === 'false' ? null : name,
        json: () => {
          built.push(name);
          return Promise.resolve(bodyOf(name));
        },
      });
    },
  );
  await app.ready();
  close = () => app.close();
  const get = async (name: string, encoding = 'br', query = '') => {
    const response = await app.inject({
      url: `/answer/${name}${query}`,
      headers: { 'accept-encoding': encoding },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  return { get, built };
}

const brotliSize = (name: string) => compressedAnswer(bodyOf(name), 'br').length;

describe('KeptAnswers', () => {
  it('builds an answer once and sends the kept copy again, compressed as negotiated', async () => {
    const { get, built } = await appKeeping(1024 * 1024);
    const first = await get('one');
    const again = await get('one');
    expect(built).toEqual(['one']);
    expect(again.headers['content-encoding']).toBe('br');
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(brotliDecompressSync(again.rawPayload).equals(bodyOf('one'))).toBe(true);

    // Each encoding is a copy of its own; identity and unkept answers are built every time.
    expect((await get('one', 'gzip')).headers['content-encoding']).toBe('gzip');
    await get('one', 'gzip');
    const plain = await get('one', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(bodyOf('one'))).toBe(true);
    await get('one', 'identity');
    await get('one', 'br', '?keep=false');
    await get('one', 'br', '?keep=false');
    expect(built).toEqual(['one', 'one', 'one', 'one', 'one', 'one']);
  });

  it('keeps no more bytes than it may, dropping the least recently sent copy first', async () => {
    const { get, built } = await appKeeping(brotliSize('a') + brotliSize('b') + 100);
    await get('a');
    await get('b');
    await get('a');
    expect(built).toEqual(['a', 'b']);
    // "b" was sent longest ago: keeping "c" drops it.
    await get('c');
    await get('a');
    await get('c');
    expect(built).toEqual(['a', 'b', 'c']);
    await get('b');
    expect(built).toEqual(['a', 'b', 'c', 'b']);
  });
});

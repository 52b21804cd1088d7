import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

import { getPlatformBySlug } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { makeTempDir } from '../../../test/build-test-app.js';
import { ALL_HASH_ALGORITHMS, runHashTask } from './file-hasher.js';
import type { RaStreamRule } from './ra-hash.js';
import { RA_HASH_MAX_BYTES, RaHasher, planRaHash, raHashFrom, raHashRule } from './ra-hash.js';

function md5(bytes: Uint8Array | string): string {
  return createHash('md5').update(bytes).digest('hex');
}

function raId(slug: string): number {
  const id = getPlatformBySlug(slug)?.ra_id;
  if (id === undefined || id === null) throw new Error(`${slug} has no RetroAchievements id`);
  return id;
}

/** Deterministic, non-repeating-looking bytes. */
function bytes(length: number, seed = 7): Buffer {
  const out = Buffer.alloc(length);
  let value = seed;
  for (let index = 0; index < length; index += 1) {
    value = (value * 1103515245 + 12345) % 2147483648;
    out[index] = value >>> 16;
  }
  return out;
}

/**
 * The RA hash of one file the way a scan gets it: plan from the console and name, then the
 * same read that computes crc32/md5/sha1 (with a tiny read buffer, so every rule sees its
 * header, byte-swap units and line endings cut across chunks).
 */
async function raHashOfFile(
  slug: string,
  fileName: string,
  content: Buffer | string,
  chunkSize = 5,
): Promise<string | null> {
  const filePath = path.join(makeTempDir('romshelf-ra-'), fileName);
  writeFileSync(filePath, content);
  const plan = planRaHash(raId(slug), fileName, Buffer.byteLength(content));
  const rule: RaStreamRule | null = plan?.kind === 'stream' ? plan.rule : null;
  const result = await runHashTask(
    { paths: [filePath], algorithms: ALL_HASH_ALGORITHMS, combined: false, ra: [rule] },
    Buffer.alloc(chunkSize),
  );
  const hashes = result.files[0];
  if (hashes === undefined) throw new Error('no result');
  return raHashFrom(plan, hashes.md5, hashes.ra);
}

const WHOLE_FILE_SLUGS = [
  'gb',
  'gbc',
  'gba',
  'genesis',
  'sms',
  'gamegear',
  'sega32',
  'sg1000',
  'atari2600',
  'jaguar',
  'colecovision',
  'intellivision',
  'virtualboy',
  'wonderswan',
  'wonderswan-color',
  'neo-geo-pocket',
  'neo-geo-pocket-color',
  'pokemon-mini',
  'vectrex',
  'msx',
  'msx2',
  'odyssey-2',
  'fairchild-channel-f',
  'wasm-4',
  'uzebox',
  'mega-duck-slash-cougar-boy',
  'supervision',
  'arcadia-2001',
  'interton-vc-4000',
  'elektor',
  'acpc',
  'appleii',
  'pc-8800-series',
];

describe('RA hash: whole-file consoles', () => {
  it.each(WHOLE_FILE_SLUGS)('%s: the MD5 of the whole file, reused from the scan', async (slug) => {
    const content = Buffer.concat([Buffer.from('NES\x1aLYNX\0'), bytes(3000)]);
    expect(planRaHash(raId(slug), 'game.bin', content.length)).toEqual({ kind: 'md5' });
    expect(await raHashOfFile(slug, 'game.bin', content)).toBe(md5(content));
  });

  it('hashes only the first 64 MiB of a bigger file, as RetroAchievements does', () => {
    const size = RA_HASH_MAX_BYTES + 3 * 1024 * 1024;
    const plan = planRaHash(raId('gba'), 'huge.gba', size);
    expect(plan).toEqual({ kind: 'stream', rule: 'whole' });
    const chunk = bytes(1024 * 1024);
    const hasher = new RaHasher('whole', size, true);
    const expected = createHash('md5');
    for (let offset = 0; offset < size; offset += chunk.length) {
      hasher.update(chunk);
      if (offset < RA_HASH_MAX_BYTES) expected.update(chunk);
    }
    // The file's own MD5 covers more than RA hashes: it is not reused.
    expect(hasher.digest('0'.repeat(32))).toBe(expected.digest('hex'));
  });
});

describe('RA hash: header and byte-order rules', () => {
  it('NES / Famicom: skips a 16-byte "NES\\x1a" header, else hashes the whole file', async () => {
    const body = bytes(4000);
    const header = Buffer.concat([Buffer.from('NES\x1a'), bytes(12, 3)]);
    expect(await raHashOfFile('nes', 'Game.nes', Buffer.concat([header, body]))).toBe(md5(body));
    expect(await raHashOfFile('famicom', 'Game.nes', Buffer.concat([header, body]))).toBe(
      md5(body),
    );
    expect(await raHashOfFile('nes', 'Game.nes', body)).toBe(md5(body));
  });

  it('Famicom Disk System: skips a 16-byte "FDS\\x1a" header', async () => {
    const body = bytes(6500);
    const header = Buffer.concat([Buffer.from('FDS\x1a'), Buffer.alloc(12)]);
    expect(await raHashOfFile('fds', 'Disk.fds', Buffer.concat([header, body]))).toBe(md5(body));
    expect(await raHashOfFile('fds', 'Disk.fds', body)).toBe(md5(body));
  });

  it('SNES: skips a 512-byte copier header only when size % 8 KiB is 512', async () => {
    const rom = bytes(8192 * 3);
    const headered = Buffer.concat([bytes(512, 9), rom]);
    expect(await raHashOfFile('snes', 'Game.smc', headered, 1000)).toBe(md5(rom));
    expect(await raHashOfFile('sfam', 'Game.smc', headered)).toBe(md5(rom));
    expect(await raHashOfFile('snes', 'Game.sfc', rom)).toBe(md5(rom));
    const odd = bytes(8192 + 100);
    expect(await raHashOfFile('snes', 'Odd.sfc', odd)).toBe(md5(odd));
  });

  it('Nintendo 64: hashes the big-endian order of .z64, byteswapped .v64 and little-endian .n64', async () => {
    const z64 = Buffer.concat([Buffer.from([0x80, 0x37, 0x12, 0x40]), bytes(4096 - 4)]);
    const v64 = Buffer.alloc(z64.length);
    const n64 = Buffer.alloc(z64.length);
    for (let index = 0; index < z64.length; index += 4) {
      const [a = 0, b = 0, c = 0, d = 0] = z64.subarray(index, index + 4);
      v64.set([b, a, d, c], index);
      n64.set([d, c, b, a], index);
    }
    expect(v64.subarray(0, 4)).toEqual(Buffer.from([0x37, 0x80, 0x40, 0x12]));
    expect(n64.subarray(0, 4)).toEqual(Buffer.from([0x40, 0x12, 0x37, 0x80]));
    const expected = md5(z64);
    expect(await raHashOfFile('n64', 'Game.z64', z64)).toBe(expected);
    expect(await raHashOfFile('n64', 'Game.v64', v64)).toBe(expected);
    expect(await raHashOfFile('n64', 'Game.n64', n64)).toBe(expected);
    expect(await raHashOfFile('n64', 'Game.n64', n64, 1024 * 1024)).toBe(expected);
    // Not an N64 ROM (first byte of none of the layouts): no RA hash.
    expect(await raHashOfFile('n64', 'Junk.z64', bytes(64, 1).fill(0x12, 0, 1))).toBeNull();
  });

  it('Atari Lynx: skips a 64-byte header starting "LYNX\\0"', async () => {
    const body = bytes(2048);
    const header = Buffer.concat([Buffer.from('LYNX\0'), bytes(59, 4)]);
    expect(await raHashOfFile('lynx', 'Game.lnx', Buffer.concat([header, body]))).toBe(md5(body));
    const notHeader = Buffer.concat([Buffer.from('LYNX!'), body]);
    expect(await raHashOfFile('lynx', 'Game.lyx', notHeader)).toBe(md5(notHeader));
  });

  it('Atari 7800: skips a 128-byte header with "ATARI7800" at offset 1', async () => {
    const body = bytes(4096);
    const header = Buffer.concat([Buffer.from('\x01ATARI7800'), bytes(118, 5)]);
    expect(header).toHaveLength(128);
    expect(await raHashOfFile('atari7800', 'Game.a78', Buffer.concat([header, body]))).toBe(
      md5(body),
    );
    expect(await raHashOfFile('atari7800', 'Game.bin', body)).toBe(md5(body));
  });

  it('PC Engine / SuperGrafx HuCard: skips a 512-byte header only when size % 128 KiB is 512', async () => {
    const rom = bytes(131_072 * 2);
    const headered = Buffer.concat([bytes(512, 6), rom]);
    expect(await raHashOfFile('tg16', 'Game.pce', headered, 4096)).toBe(md5(rom));
    expect(await raHashOfFile('supergrafx', 'Game.sgx', headered, 4096)).toBe(md5(rom));
    expect(await raHashOfFile('tg16', 'Game.pce', rom, 4096)).toBe(md5(rom));
  });

  it('Arduboy: hashes the .hex text with CR LF, CR and LF line endings normalised to LF', async () => {
    const text = ':100000000C94\r\n:10001000AB\r:00000001FF\n\n:END';
    const expected = md5(':100000000C94\n:10001000AB\n:00000001FF\n\n:END\n');
    for (const chunk of [1, 2, 3, 16, 1024]) {
      expect(await raHashOfFile('arduboy', 'Game.hex', text, chunk)).toBe(expected);
    }
    expect(await raHashOfFile('arduboy', 'Game.hex', 'line\r\n')).toBe(md5('line\n'));
    expect(await raHashOfFile('arduboy', 'Empty.hex', '')).toBe(md5('\n'));
    // The .arduboy package is a zip: not hashed here.
    expect(planRaHash(raId('arduboy'), 'Game.arduboy', 100)).toBeNull();
  });
});

describe('RA hash: arcade and consoles without a rule', () => {
  it('Arcade: MD5 of the file name without its extension, case-sensitive, without reading', async () => {
    expect(planRaHash(raId('arcade'), 'mslug.zip', 1)).toEqual({
      kind: 'known',
      hash: md5('mslug'),
    });
    expect(await raHashOfFile('arcade', 'MSlug.7z', 'not read')).toBe(md5('MSlug'));
    expect(await raHashOfFile('arcade', 'sf2.ce.zip', 'not read')).toBe(md5('sf2.ce'));
  });

  it('disc systems, Nintendo DS and unknown consoles have none', () => {
    for (const slug of [
      'psx',
      'ps2',
      'psp',
      'saturn',
      'segacd',
      'dc',
      'ngc',
      'wii',
      'nds',
      '3do',
    ]) {
      expect(planRaHash(raId(slug), 'Game.bin', 1000), slug).toBeNull();
    }
    expect(raHashRule(null)).toBeNull();
    expect(raHashRule(9999)).toBeNull();
    expect(planRaHash(null, 'Game.sfc', 1000)).toBeNull();
  });

  it('archives and playlists are left without one (RA hashes the content they hold)', () => {
    expect(planRaHash(raId('snes'), 'Game.zip', 1000)).toBeNull();
    expect(planRaHash(raId('gba'), 'Game.7Z', 1000)).toBeNull();
    expect(planRaHash(raId('msx'), 'Game.m3u', 1000)).toBeNull();
  });
});

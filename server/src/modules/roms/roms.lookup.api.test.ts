import { createHash } from 'node:crypto';

import type { DetailedRom, RomListPage } from '@romshelf/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';

import { addUser } from '../../../test/accounts.js';
import {
  ADMIN_AUTH,
  basic,
  buildTestApp,
  createFirstAdmin,
  login,
  openTestDatabase,
} from '../../../test/build-test-app.js';
import { hashesOf, scanLibrary, writeTree } from '../../../test/library-fixtures.js';

function md5(bytes: Uint8Array | string): string {
  return createHash('md5').update(bytes).digest('hex');
}

/** An iNES file: RetroAchievements hashes the body without the 16-byte header. */
function ines(body: string): { file: Buffer; body: Buffer } {
  const bytes = Buffer.from(body);
  return {
    file: Buffer.concat([Buffer.from('NES\x1a\x02\x01\x00\x00'), Buffer.alloc(8), bytes]),
    body: bytes,
  };
}

const PART_A = ines('part a body bytes');
const PART_B = 'part b bytes';
const QUEST = ines('quest body bytes');
const TWIN = 'twin bytes';

/**
 * Scanned twice so ids are known to be ordered: first a multi-file folder ROM, then single
 * files, one of which has the same bytes as a file of the folder.
 */
async function setup() {
  const test = await buildTestApp();
  await createFirstAdmin(test.app);
  const session = await login(test.app);
  const root = test.config.libraryDir;
  writeTree(root, {
    'roms/nes/Two Parts (USA)/Part A.nes': PART_A.file,
    'roms/nes/Two Parts (USA)/Part B.nes': PART_B,
  });
  await scanLibrary(test.app, session);
  writeTree(root, {
    'roms/nes/Headered Quest (USA).nes': QUEST.file,
    'roms/nes/Part B Alone.nes': PART_B,
    'roms/nes/Twin (USA).nes': TWIN,
    'roms/nes/Twin (Europe).nes': TWIN,
  });
  await scanLibrary(test.app, session);
  const page = (
    await test.app.inject({ url: '/api/roms?limit=50', headers: { authorization: ADMIN_AUTH } })
  ).json<RomListPage>();
  const ids = new Map(page.items.map((rom) => [rom.fs_name, rom.id]));
  const id = (fsName: string): number => {
    const found = ids.get(fsName);
    if (found === undefined) throw new Error(`no ROM ${fsName}`);
    return found;
  };
  return { ...test, id };
}

function lookup(app: FastifyInstance, url: string, authorization: string | null = ADMIN_AUTH) {
  return app.inject({
    method: 'GET',
    url,
    headers: authorization === null ? {} : { authorization },
  });
}

async function found(app: FastifyInstance, url: string): Promise<DetailedRom> {
  const response = await lookup(app, url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DetailedRom>();
}

async function detail(app: FastifyInstance, id: number): Promise<DetailedRom> {
  return found(app, `/api/roms/${id}`);
}

describe('GET /api/roms/by-hash', () => {
  it('finds a ROM by each of its own hashes, in any case, answering like GET /api/roms/{id}', async () => {
    const { app, id } = await setup();
    const quest = id('Headered Quest (USA).nes');
    const hashes = hashesOf(QUEST.file);
    const expected = await detail(app, quest);
    expect(expected.ra_hash).toBe(md5(QUEST.body));
    for (const query of [
      `crc_hash=${hashes.crc}`,
      `md5_hash=${hashes.md5}`,
      `sha1_hash=${hashes.sha1}`,
      `ra_hash=${md5(QUEST.body)}`,
      `crc_hash=${hashes.crc.toUpperCase()}`,
      `md5_hash=${hashes.md5.toUpperCase()}`,
      `sha1_hash=${hashes.sha1.toUpperCase()}`,
      `ra_hash=${md5(QUEST.body).toUpperCase()}`,
    ]) {
      expect(await found(app, `/api/roms/by-hash?${query}`), query).toEqual(expected);
    }
  });

  it('finds a multi-file folder ROM by its combined hashes and by each hash of one of its files', async () => {
    const { app, id } = await setup();
    const parts = id('Two Parts (USA)');
    const folder = await detail(app, parts);
    expect(folder.has_multiple_files).toBe(true);
    expect(folder.md5_hash).not.toBe(md5(PART_A.file));
    for (const column of ['crc_hash', 'md5_hash', 'sha1_hash'] as const) {
      const value = folder[column] ?? '';
      expect(value).not.toBe('');
      expect((await found(app, `/api/roms/by-hash?${column}=${value}`)).id).toBe(parts);
    }

    const partA = hashesOf(PART_A.file);
    for (const query of [
      `crc_hash=${partA.crc}`,
      `md5_hash=${partA.md5.toUpperCase()}`,
      `sha1_hash=${partA.sha1}`,
      `ra_hash=${md5(PART_A.body).toUpperCase()}`,
    ]) {
      const rom = await found(app, `/api/roms/by-hash?${query}`);
      expect(rom.id, query).toBe(parts);
      expect(rom.files.map((file) => file.file_name)).toEqual(['Part A.nes', 'Part B.nes']);
    }
  });

  it('picks one ROM when several match: a ROM-level hash before a file-level one, then the lowest id, the strongest hash first', async () => {
    const { app, id } = await setup();
    const partB = hashesOf(PART_B);
    // "Part B Alone" (scanned later, higher id) holds the bytes as its own hash; the folder
    // only has them in a file.
    expect(id('Part B Alone.nes')).toBeGreaterThan(id('Two Parts (USA)'));
    for (const query of [`md5_hash=${partB.md5}`, `ra_hash=${md5(PART_B)}`]) {
      expect((await found(app, `/api/roms/by-hash?${query}`)).id, query).toBe(
        id('Part B Alone.nes'),
      );
    }

    const twin = hashesOf(TWIN);
    const twins = [id('Twin (USA).nes'), id('Twin (Europe).nes')];
    expect((await found(app, `/api/roms/by-hash?sha1_hash=${twin.sha1}`)).id).toBe(
      Math.min(...twins),
    );

    // All given hashes count (any may match); the strongest one that matches decides.
    const quest = hashesOf(QUEST.file);
    const mixed = `crc_hash=${twin.crc}&sha1_hash=${quest.sha1}`;
    expect((await found(app, `/api/roms/by-hash?${mixed}`)).id).toBe(
      id('Headered Quest (USA).nes'),
    );
    const unknownSha1 = `sha1_hash=${'0'.repeat(40)}&md5_hash=${twin.md5}`;
    expect((await found(app, `/api/roms/by-hash?${unknownSha1}`)).id).toBe(Math.min(...twins));
  });

  it('answers 404 for unknown hashes and 400 for none or malformed ones', async () => {
    const { app } = await setup();
    const missing = await lookup(app, `/api/roms/by-hash?md5_hash=${'a'.repeat(32)}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'No ROM matches the given hashes' });

    const none = await lookup(app, '/api/roms/by-hash');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({
      detail: 'Give at least one of crc_hash, md5_hash, sha1_hash, ra_hash',
    });
    expect((await lookup(app, '/api/roms/by-hash?name=Twin')).statusCode).toBe(400);

    const cases: [string, string][] = [
      ['crc_hash=1234567', 'crc_hash: must be 8 hexadecimal digits'],
      ['crc_hash=123456789', 'crc_hash: must be 8 hexadecimal digits'],
      [`md5_hash=${'g'.repeat(32)}`, 'md5_hash: must be 32 hexadecimal digits'],
      [`sha1_hash=${'a'.repeat(32)}`, 'sha1_hash: must be 40 hexadecimal digits'],
      [`ra_hash=${'a'.repeat(33)}`, 'ra_hash: must be 32 hexadecimal digits'],
      ['md5_hash=', 'md5_hash: must be 32 hexadecimal digits'],
    ];
    for (const [query, message] of cases) {
      const response = await lookup(app, `/api/roms/by-hash?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ detail: message });
    }
    const repeated = await lookup(app, '/api/roms/by-hash?crc_hash=12345678&crc_hash=87654321');
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json<{ detail: string }>().detail).toMatch(/^crc_hash: /);
  });
});

describe('GET /api/roms/by-metadata-provider', () => {
  const INTEGER_IDS = [
    'igdb_id',
    'moby_id',
    'ss_id',
    'ra_id',
    'launchbox_id',
    'hasheous_id',
    'tgdb_id',
    'hltb_id',
  ] as const;

  it('finds the ROM carrying each provider id, the lowest id when several do', async () => {
    const { app, id, dataDir } = await setup();
    const quest = id('Headered Quest (USA).nes');
    const twins = [id('Twin (USA).nes'), id('Twin (Europe).nes')];
    const db = await openTestDatabase(dataDir);
    await db
      .updateTable('rom')
      .set({
        igdb_id: 101,
        moby_id: 102,
        ss_id: 103,
        ra_id: 104,
        launchbox_id: 105,
        hasheous_id: 106,
        tgdb_id: 107,
        hltb_id: 108,
      })
      .where('id', '=', quest)
      .execute();
    await db.updateTable('rom').set({ igdb_id: 500 }).where('id', 'in', twins).execute();
    await db.destroy();

    const expected = await detail(app, quest);
    for (const [index, column] of INTEGER_IDS.entries()) {
      const url = `/api/roms/by-metadata-provider?${column}=${101 + index}`;
      expect(await found(app, url), column).toEqual(expected);
    }
    const shared = await found(app, '/api/roms/by-metadata-provider?igdb_id=500');
    expect(shared.id).toBe(Math.min(...twins));
    // The same number under another provider is another game.
    const other = await lookup(app, '/api/roms/by-metadata-provider?moby_id=101');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ detail: 'No ROM with moby_id 101' });
  });

  it('answers 404 for unknown ids (Flashpoint ids are never stored) and 400 for none, several or malformed', async () => {
    const { app } = await setup();
    expect((await lookup(app, '/api/roms/by-metadata-provider?tgdb_id=999')).statusCode).toBe(404);
    const flashpoint = await lookup(
      app,
      '/api/roms/by-metadata-provider?flashpoint_id=1c0f1a2b-3c4d-5e6f-7a8b-9c0d1e2f3a4b',
    );
    expect(flashpoint.statusCode).toBe(404);

    const none = await lookup(app, '/api/roms/by-metadata-provider');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({
      detail:
        'Give one of igdb_id, moby_id, ss_id, ra_id, launchbox_id, hasheous_id, tgdb_id, ' +
        'flashpoint_id, hltb_id',
    });
    const several = await lookup(app, '/api/roms/by-metadata-provider?igdb_id=1&ss_id=2');
    expect(several.statusCode).toBe(400);
    expect(several.json()).toEqual({ detail: 'Give only one metadata provider id' });
    const withFlashpoint = await lookup(
      app,
      '/api/roms/by-metadata-provider?igdb_id=1&flashpoint_id=abc',
    );
    expect(withFlashpoint.statusCode).toBe(400);

    for (const query of [
      'igdb_id=abc',
      'igdb_id=1.5',
      'igdb_id=0',
      'igdb_id=-3',
      'igdb_id=',
      'hltb_id=99999999999',
      'igdb_id=1&igdb_id=2',
      'flashpoint_id=',
    ]) {
      const response = await lookup(app, `/api/roms/by-metadata-provider?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(typeof response.json<{ detail: unknown }>().detail, query).toBe('string');
    }
  });
});

describe('ROM lookups', () => {
  it('need a signed-in caller with roms.read: 401 anonymous, a viewer reads with their own data', async () => {
    const { app, id } = await setup();
    const twin = hashesOf(TWIN);
    const byHash = `/api/roms/by-hash?md5_hash=${twin.md5}`;
    const byProvider = '/api/roms/by-metadata-provider?igdb_id=1';
    for (const url of [byHash, byProvider, '/api/roms/by-hash']) {
      const response = await lookup(app, url, null);
      expect(response.statusCode, url).toBe(401);
      expect(response.json(), url).toEqual({ detail: 'Not authenticated' });
    }

    const romId = Math.min(id('Twin (USA).nes'), id('Twin (Europe).nes'));
    const props = await app.inject({
      method: 'PUT',
      url: `/api/roms/${romId}/props`,
      headers: { authorization: ADMIN_AUTH },
      payload: { data: { is_favorite: true } },
    });
    expect(props.statusCode, props.body).toBe(200);
    expect((await found(app, byHash)).rom_user.is_favorite).toBe(true);

    const viewer = await addUser(app, 'viewer', 'viewer');
    const viewerAuth = basic(viewer.username, viewer.password);
    const response = await lookup(app, byHash, viewerAuth);
    expect(response.statusCode, response.body).toBe(200);
    const rom = response.json<DetailedRom>();
    expect(rom.id).toBe(romId);
    expect(rom.rom_user).toMatchObject({ id: -1, user_id: viewer.id, is_favorite: false });
    const same = await lookup(app, `/api/roms/${romId}`, viewerAuth);
    expect(rom).toEqual(same.json());
    expect((await lookup(app, byProvider, viewerAuth)).statusCode).toBe(404);
  });

  it('are static routes, not ROM ids: /api/roms/{id} still answers beside them', async () => {
    const { app, id } = await setup();
    // Taken as the id "by-hash", these would be 422 (id must be a number) or 404.
    for (const url of ['/api/roms/by-hash', '/api/roms/by-metadata-provider']) {
      const response = await lookup(app, url);
      expect(response.statusCode, url).toBe(400);
      expect(typeof response.json<{ detail: unknown }>().detail, url).toBe('string');
    }
    const quest = id('Headered Quest (USA).nes');
    const rom = await found(app, `/api/roms/by-hash?md5_hash=${hashesOf(QUEST.file).md5}`);
    expect(rom.id).toBe(quest);
    expect((await detail(app, quest)).fs_name).toBe('Headered Quest (USA).nes');
    expect((await lookup(app, '/api/roms/by-hashes')).statusCode).toBe(422);
  });
});

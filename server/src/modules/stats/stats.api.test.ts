import { rmSync } from 'node:fs';
import path from 'node:path';

import type { Platform, RomListPage, Stats } from '@romshelf/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';

import { bearer, passwordTokens } from '../../../test/accounts.js';
import {
  ADMIN,
  ADMIN_AUTH,
  buildTestApp,
  createFirstAdmin,
  login,
  openTestDatabase,
} from '../../../test/build-test-app.js';
import { scanLibrary, writeTree } from '../../../test/library-fixtures.js';
import { ROMM_STATS } from '../../../test/romm-models.js';
import { expectRommShape } from '../../../test/romm-shape.js';

/** Two platforms with ROMs (sizes add up to 4500 bytes) and an empty platform folder. */
const LIBRARY = {
  'roms/snes/Alpha (USA).sfc': 'a'.repeat(100),
  'roms/snes/Beta (Europe).sfc': 'b'.repeat(200),
  'roms/snes/Gamma (USA, Europe).sfc': 'c'.repeat(300),
  'roms/snes/Delta (Japan).sfc': 'd'.repeat(400),
  'roms/snes/Epsilon.sfc': 'e'.repeat(500),
  'roms/gba/Zeta (USA).gba': 'z'.repeat(1000),
  'roms/gba/Eta (Japan).gba': 'h'.repeat(2000),
  'roms/n64/.keep': '',
};

async function setup() {
  const test = await buildTestApp();
  await createFirstAdmin(test.app);
  writeTree(test.config.libraryDir, LIBRARY);
  await scanLibrary(test.app, await login(test.app));
  const headers = { authorization: ADMIN_AUTH };
  const platforms = (await test.app.inject({ url: '/api/platforms', headers })).json<Platform[]>();
  const platformId = (slug: string) => platforms.find((p) => p.fs_slug === slug)?.id ?? 0;
  const roms = (await test.app.inject({ url: '/api/roms', headers })).json<RomListPage>().items;
  const romId = (fsName: string) => roms.find((rom) => rom.fs_name === fsName)?.id ?? 0;
  return { ...test, platforms, snes: platformId('snes'), gba: platformId('gba'), romId };
}

async function stats(app: FastifyInstance, query = ''): Promise<Stats> {
  const response = await app.inject({
    url: `/api/stats${query}`,
    headers: { authorization: ADMIN_AUTH },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Stats>();
}

function editProviderIds(app: FastifyInstance, id: number, fields: Record<string, string>) {
  const boundary = '----romshelf-stats';
  const body = Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  return app.inject({
    method: 'PUT',
    url: `/api/roms/${id}`,
    headers: {
      authorization: ADMIN_AUTH,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: `${body}--${boundary}--\r\n`,
  });
}

/** The PNG signature is all the screenshot check looks at. */
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(16, 7)]);

function uploadAsset(app: FastifyInstance, kind: 'saves' | 'states', romId: number) {
  const boundary = '----romshelf-stats-asset';
  const part = (name: string, filename: string, content: Buffer) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from('\r\n'),
  ];
  const parts =
    kind === 'saves'
      ? [
          ...part('saveFile', 'Alpha.srm', Buffer.from('save')),
          ...part('screenshotFile', 'Alpha.png', PNG),
        ]
      : part('stateFile', 'Alpha.state', Buffer.from('state'));
  return app.inject({
    method: 'POST',
    url: `/api/${kind}?rom_id=${romId}&emulator=snes9x`,
    headers: {
      authorization: ADMIN_AUTH,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
  });
}

const NO_COVERAGE = [
  { source: 'igdb', matched: 0 },
  { source: 'moby', matched: 0 },
  { source: 'ss', matched: 0 },
  { source: 'ra', matched: 0 },
  { source: 'launchbox', matched: 0 },
  { source: 'hasheous', matched: 0 },
  { source: 'sgdb', matched: 0 },
  { source: 'tgdb', matched: 0 },
];

describe('GET /api/stats', () => {
  it('counts platforms with ROMs, ROMs, play assets and the size on disk', async () => {
    const { app, platforms, romId } = await setup();
    expect(platforms.map((platform) => platform.fs_slug).sort()).toEqual(['gba', 'n64', 'snes']);
    expect(await stats(app)).toEqual({
      PLATFORMS: 2,
      ROMS: 7,
      SAVES: 0,
      STATES: 0,
      SCREENSHOTS: 0,
      TOTAL_FILESIZE_BYTES: 4500,
      METADATA_COVERAGE: {},
      REGION_BREAKDOWN: {},
    });

    expect((await uploadAsset(app, 'saves', romId('Alpha (USA).sfc'))).statusCode).toBe(200);
    expect((await uploadAsset(app, 'states', romId('Alpha (USA).sfc'))).statusCode).toBe(200);
    expect((await uploadAsset(app, 'states', romId('Zeta (USA).gba'))).statusCode).toBe(200);
    expect(await stats(app, '?include_platform_stats=false')).toEqual({
      PLATFORMS: 2,
      ROMS: 7,
      SAVES: 1,
      STATES: 2,
      SCREENSHOTS: 1,
      TOTAL_FILESIZE_BYTES: 4500,
      METADATA_COVERAGE: {},
      REGION_BREAKDOWN: {},
    });
  });

  it("answers RomM's fields, the per-platform maps empty unless asked for", async () => {
    const { app, snes } = await setup();
    for (const query of ['', '?include_platform_stats=true']) {
      expectRommShape(await stats(app, query), ROMM_STATS, `GET /api/stats${query}`);
    }
    const plain = await stats(app);
    expect([plain.METADATA_COVERAGE, plain.REGION_BREAKDOWN]).toEqual([{}, {}]);
    const detailed = await stats(app, '?include_platform_stats=true');
    expect(detailed.METADATA_COVERAGE[String(snes)]).toHaveLength(8);
  });

  it('breaks coverage and regions down per platform holding ROMs', async () => {
    const { app, dataDir, snes, gba, romId } = await setup();
    const initial = await stats(app, '?include_platform_stats=true');
    expect(initial.METADATA_COVERAGE).toEqual({
      [String(snes)]: NO_COVERAGE,
      [String(gba)]: NO_COVERAGE,
    });
    expect(initial.REGION_BREAKDOWN).toEqual({
      [String(snes)]: [
        { region: 'Europe', count: 2 },
        { region: 'USA', count: 2 },
        { region: 'Japan', count: 1 },
      ],
      [String(gba)]: [
        { region: 'Japan', count: 1 },
        { region: 'USA', count: 1 },
      ],
    });

    const edits: [string, Record<string, string>][] = [
      ['Alpha (USA).sfc', { igdb_id: '11', moby_id: '12', ss_id: '13', launchbox_id: '14' }],
      ['Beta (Europe).sfc', { igdb_id: '21', ss_id: '23' }],
      ['Gamma (USA, Europe).sfc', { igdb_id: '31' }],
      ['Zeta (USA).gba', { launchbox_id: '41' }],
    ];
    for (const [fsName, fields] of edits) {
      const response = await editProviderIds(app, romId(fsName), fields);
      expect(response.statusCode, response.body).toBe(200);
    }
    // Ids the edit form does not offer, as identification would store them.
    const db = await openTestDatabase(dataDir);
    await db
      .updateTable('rom')
      .set({ ra_id: 5, hasheous_id: 6, sgdb_id: 7, tgdb_id: 8 })
      .where('id', 'in', [romId('Delta (Japan).sfc'), romId('Eta (Japan).gba')])
      .execute();
    await db.updateTable('rom').set({ ra_id: 9 }).where('id', '=', romId('Epsilon.sfc')).execute();
    await db.destroy();

    expect((await stats(app, '?include_platform_stats=1')).METADATA_COVERAGE).toEqual({
      [String(snes)]: [
        { source: 'igdb', matched: 3 },
        { source: 'moby', matched: 1 },
        { source: 'ss', matched: 2 },
        { source: 'ra', matched: 2 },
        { source: 'launchbox', matched: 1 },
        { source: 'hasheous', matched: 1 },
        { source: 'sgdb', matched: 1 },
        { source: 'tgdb', matched: 1 },
      ],
      [String(gba)]: [
        { source: 'igdb', matched: 0 },
        { source: 'moby', matched: 0 },
        { source: 'ss', matched: 0 },
        { source: 'ra', matched: 1 },
        { source: 'launchbox', matched: 1 },
        { source: 'hasheous', matched: 1 },
        { source: 'sgdb', matched: 1 },
        { source: 'tgdb', matched: 1 },
      ],
    });
  });

  it('keeps ROMs missing from disk as games but not in the size', async () => {
    const { app, config, snes, gba } = await setup();
    rmSync(path.join(config.libraryDir, 'roms/snes/Delta (Japan).sfc'));
    rmSync(path.join(config.libraryDir, 'roms/gba'), { recursive: true });
    await scanLibrary(app, await login(app));
    const after = await stats(app, '?include_platform_stats=true');
    expect(after).toMatchObject({ PLATFORMS: 2, ROMS: 7, TOTAL_FILESIZE_BYTES: 1100 });
    // The emptied platform keeps its (missing) ROMs, so it stays in the per-platform maps.
    expect(Object.keys(after.METADATA_COVERAGE).sort()).toEqual([String(snes), String(gba)].sort());
    expect(after.REGION_BREAKDOWN[String(gba)]).toHaveLength(2);
    expect(after.REGION_BREAKDOWN[String(snes)]).toEqual([
      { region: 'Europe', count: 2 },
      { region: 'USA', count: 2 },
      { region: 'Japan', count: 1 },
    ]);
  });

  it('answers zeros and empty maps for an empty library', async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    expect(await stats(app, '?include_platform_stats=true')).toEqual({
      PLATFORMS: 0,
      ROMS: 0,
      SAVES: 0,
      STATES: 0,
      SCREENSHOTS: 0,
      TOTAL_FILESIZE_BYTES: 0,
      METADATA_COVERAGE: {},
      REGION_BREAKDOWN: {},
    });
  });

  it('needs a signed-in caller with roms.read, and a valid flag', async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    const anonymous = await app.inject({ url: '/api/stats' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: 'Not authenticated' });

    const narrow = await passwordTokens(app, ADMIN, 'me.read');
    const refused = await app.inject({
      url: '/api/stats',
      headers: { authorization: bearer(narrow.access_token) },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'Forbidden' });

    const reader = await passwordTokens(app, ADMIN, 'roms.read');
    const allowed = await app.inject({
      url: '/api/stats',
      headers: { authorization: bearer(reader.access_token) },
    });
    expect(allowed.statusCode).toBe(200);

    const invalid = await app.inject({
      url: '/api/stats?include_platform_stats=maybe',
      headers: { authorization: ADMIN_AUTH },
    });
    expect(invalid.statusCode).toBe(422);
  });
});

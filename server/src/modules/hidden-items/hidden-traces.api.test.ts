import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { DetailedRom, Firmware, Platform, RomListPage, Stats } from '@romshelf/contract';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';

import type { TestUser } from '../../../test/accounts.js';
import { collectionForm } from '../../../test/collections-fixtures.js';
import { clrMameProDat } from '../../../test/dat-fixtures.js';
import type { CollectionLibrary } from '../../../test/collection-library.js';
import { buildCollectionLibrary } from '../../../test/collection-library.js';
import { multipartForm } from '../../../test/form-bodies.js';
import { writeTree } from '../../../test/library-fixtures.js';

/*
 * Every GET route, walked as a user from whom a platform (snes, with Zeta) and a game (Alpha)
 * are hidden: a route naming one of them answers 404 (and answers the admin), every other
 * answer carries no trace of them — no name, no file name, no ROM or platform id where ROM or
 * platform ids go. A GET route without a row fails the test, so a new one has to say which.
 */

interface Fixture {
  lib: CollectionLibrary;
  kid: TestUser;
  admin: TestUser;
  alpha: number;
  beta: number;
  zeta: number;
  nes: number;
  snes: number;
  alphaFileId: number;
  alphaSha1: string;
  snesFirmware: Firmware;
  collection: number;
  smart: number;
  /** The kid's save of Alpha, from before it was hidden. */
  kidSave: number;
}

/** One GET route's row: URLs naming a hidden item (404), URLs to read clean, or why neither. */
type Row =
  | {
      /** URLs that name a hidden platform or ROM: the kid gets 404, the admin this status. */
      hidden?: (f: Fixture) => string[];
      adminStatus?: number;
      /** URLs whose answer (of any status) must hold no trace of the hidden items. */
      clean?: (f: Fixture) => string[];
    }
  | { unseen: string };

const id = (value: number) => String(value);

const ROWS: Record<string, Row> = {
  'GET /api/activity': { clean: () => ['/api/activity'] },
  'GET /api/activity/rom/:rom_id': {
    hidden: (f) => [`/api/activity/rom/${id(f.alpha)}`, `/api/activity/rom/${id(f.zeta)}`],
    clean: (f) => [`/api/activity/rom/${id(f.beta)}`],
  },
  'GET /api/auth/device/pending/:user_code': { unseen: 'a device sign-in code, no library data' },
  'GET /api/client-tokens': { clean: () => ['/api/client-tokens'] },
  'GET /api/client-tokens/all': { clean: () => ['/api/client-tokens/all'] },
  'GET /api/client-tokens/pair/:code/status': { unseen: 'a pairing code, no library data' },
  'GET /api/collections': { clean: () => ['/api/collections'] },
  'GET /api/completeness': { clean: () => ['/api/completeness'] },
  'GET /api/completeness/:dat_id/missing': { clean: () => ['/api/completeness/1/missing'] },
  'GET /api/completeness/:dat_id/missing.csv': {
    clean: () => ['/api/completeness/1/missing.csv'],
  },
  'GET /api/completeness/:dat_id/fixdat': { clean: () => ['/api/completeness/1/fixdat'] },
  'GET /api/collections/:id': { clean: (f) => [`/api/collections/${id(f.collection)}`] },
  'GET /api/collections/identifiers': { clean: () => ['/api/collections/identifiers'] },
  'GET /api/collections/smart': { clean: () => ['/api/collections/smart'] },
  'GET /api/collections/smart/:id': { clean: (f) => [`/api/collections/smart/${id(f.smart)}`] },
  'GET /api/collections/smart/identifiers': { clean: () => ['/api/collections/smart/identifiers'] },
  'GET /api/collections/virtual': { clean: () => ['/api/collections/virtual?type=all'] },
  'GET /api/collections/virtual/:id': {
    clean: () => ['/api/collections/virtual/genre:Action', '/api/collections/virtual/genre:RPG'],
  },
  'GET /api/collections/virtual/identifiers': {
    clean: () => ['/api/collections/virtual/identifiers'],
  },
  'GET /api/config': { clean: () => ['/api/config'] },
  'GET /api/devices': { clean: () => ['/api/devices'] },
  'GET /api/devices/:device_id': { unseen: "the caller's own device, no library data" },
  'GET /api/docs': { unseen: 'the API description' },
  'GET /api/docs/json': { unseen: 'the API description' },
  'GET /api/docs/static/*': { unseen: 'the API description' },
  'GET /api/docs/static/index.html': { unseen: 'the API description' },
  'GET /api/docs/static/swagger-initializer.js': { unseen: 'the API description' },
  'GET /api/docs/yaml': { unseen: 'the API description' },
  'GET /api/dats': { clean: () => ['/api/dats'] },
  'GET /api/dats/:id': { hidden: () => ['/api/dats/1'] },
  'GET /api/firmware': {
    clean: (f) => ['/api/firmware', `/api/firmware?platform_id=${id(f.nes)}`],
    hidden: (f) => [`/api/firmware?platform_id=${id(f.snes)}`],
  },
  'GET /api/firmware/:id': { hidden: (f) => [`/api/firmware/${id(f.snesFirmware.id)}`] },
  'GET /api/firmware/:id/content/:file_name': {
    hidden: (f) => [`/api/firmware/${id(f.snesFirmware.id)}/content/${f.snesFirmware.file_name}`],
  },
  'GET /api/firmware/identifiers': { clean: () => ['/api/firmware/identifiers'] },
  'GET /api/heartbeat': { clean: () => ['/api/heartbeat'] },
  'GET /api/heartbeat/metadata/:source': { clean: () => ['/api/heartbeat/metadata/igdb'] },
  'GET /api/library/info': { clean: () => ['/api/library/info'] },
  'GET /api/library/missing-roms': { clean: () => ['/api/library/missing-roms'] },
  'GET /api/login/openid': { unseen: 'a sign-in redirect' },
  'GET /api/netplay/list': { clean: () => ['/api/netplay/list'] },
  'GET /api/oauth/openid': { unseen: 'a sign-in redirect' },
  'GET /api/oidc/roles-kept': { clean: () => ['/api/oidc/roles-kept'] },
  'GET /api/permissions/groups': { clean: () => ['/api/permissions/groups'] },
  'GET /api/permissions/hidden': { clean: () => ['/api/permissions/hidden'] },
  'GET /api/permissions/me': {
    unseen: "RomM's answer names the ids hidden from the caller, for its clients to skip them",
  },
  'GET /api/permissions/catalog': { clean: () => ['/api/permissions/catalog'] },
  'GET /api/permissions/users/:user_id': {
    clean: (f) => [`/api/permissions/users/${id(f.kid.id)}`],
  },
  'GET /api/download-links': {
    hidden: (f) => [`/api/download-links?rom_id=${id(f.alpha)}`],
    clean: (f) => ['/api/download-links', `/api/download-links?rom_id=${id(f.beta)}`],
  },
  'GET /api/dl/:token/:file_name': {
    unseen: 'answers only a link token, and making one names the game (404 when hidden)',
  },
  'GET /api/roms/:id/patches': {
    hidden: (f) => [`/api/roms/${id(f.alpha)}/patches`, `/api/roms/${id(f.zeta)}/patches`],
    clean: (f) => [`/api/roms/${id(f.beta)}/patches`],
  },
  'GET /api/export/summary': {
    hidden: (f) => [`/api/export/summary?platform_ids=${id(f.snes)}`],
    clean: (f) => [`/api/export/summary?platform_ids=${id(f.nes)}`],
  },
  'GET /api/export/gamelist-xml': {
    hidden: (f) => [`/api/export/gamelist-xml?platform_id=${id(f.snes)}`],
    clean: (f) => [`/api/export/gamelist-xml?platform_id=${id(f.nes)}`],
  },
  'GET /api/export/pegasus': {
    hidden: (f) => [`/api/export/pegasus?platform_id=${id(f.snes)}`],
    clean: (f) => [`/api/export/pegasus?platform_id=${id(f.nes)}`],
  },
  'GET /api/feeds/webrcade': { clean: () => ['/api/feeds/webrcade'] },
  'GET /api/feeds/tinfoil': { clean: () => ['/api/feeds/tinfoil', '/api/feeds/tinfoil?slug=snes'] },
  'GET /api/feeds/fpkgi/:platform_slug': {
    hidden: () => ['/api/feeds/fpkgi/snes'],
    clean: () => ['/api/feeds/fpkgi/nes'],
  },
  'GET /api/feeds/kekatsu/:platform_slug': {
    hidden: () => ['/api/feeds/kekatsu/snes'],
    clean: () => ['/api/feeds/kekatsu/nes'],
  },
  'GET /api/feeds/pkgi/:platform_slug/:content_type': {
    clean: () => ['/api/feeds/pkgi/psvita/game'],
  },
  'GET /api/feeds/pkgj/psp/games': { clean: () => ['/api/feeds/pkgj/psp/games'] },
  'GET /api/feeds/pkgj/psp/dlc': { clean: () => ['/api/feeds/pkgj/psp/dlc'] },
  'GET /api/feeds/pkgj/psvita/games': { clean: () => ['/api/feeds/pkgj/psvita/games'] },
  'GET /api/feeds/pkgj/psvita/dlc': { clean: () => ['/api/feeds/pkgj/psvita/dlc'] },
  'GET /api/feeds/pkgj/psx/games': { clean: () => ['/api/feeds/pkgj/psx/games'] },
  'GET /api/logs': { clean: () => ['/api/logs'] },
  'GET /api/platforms': { clean: () => ['/api/platforms'] },
  'GET /api/platforms/:id': {
    hidden: (f) => [`/api/platforms/${id(f.snes)}`],
    clean: (f) => [`/api/platforms/${id(f.nes)}`],
  },
  'GET /api/platforms/filesystem': { clean: () => ['/api/platforms/filesystem'] },
  'GET /api/platforms/identifiers': { clean: () => ['/api/platforms/identifiers'] },
  'GET /api/platforms/supported': {
    unseen: "the platform catalogue: every known platform's name, whatever the library holds",
  },
  'GET /api/play-sessions': { clean: () => ['/api/play-sessions'] },
  'GET /api/play-sessions/totals': {
    hidden: (f) => [`/api/play-sessions/totals?rom_id=${id(f.alpha)}`],
  },
  'GET /api/roms': {
    clean: (f) => [
      '/api/roms?with_char_index=true&with_filter_values=true&with_total=true&with_rom_id_index=true',
      '/api/roms?order_by=fs_name&with_char_index=true&with_total=true&with_files=true',
      '/api/roms?search_term=a&with_char_index=true&with_filter_values=true&with_total=true',
      '/api/roms?genres=Action&with_rom_id_index=true&with_total=true&with_filter_values=true',
      '/api/roms?group_by_meta_id=true&with_total=true&with_rom_id_index=true',
      `/api/roms?collection_id=${id(f.collection)}&with_total=true&with_filter_values=true`,
      `/api/roms?smart_collection_id=${id(f.smart)}&with_total=true&with_rom_id_index=true`,
      '/api/roms?virtual_collection_id=genre:Action&with_total=true&with_rom_id_index=true',
      `/api/roms?platform_ids=${id(f.snes)}&with_total=true&with_filter_values=true`,
      '/api/roms?updated_after=2000-01-01T00:00:00Z&with_total=true',
    ],
  },
  'GET /api/roms/:id': {
    hidden: (f) => [`/api/roms/${id(f.alpha)}`, `/api/roms/${id(f.zeta)}`],
    clean: (f) => [`/api/roms/${id(f.beta)}`],
  },
  'GET /api/roms/:id/content/:file_name': {
    hidden: (f) => [
      `/api/roms/${id(f.alpha)}/content/Alpha%20(USA).nes`,
      `/api/roms/${id(f.zeta)}/content/Zeta%20(USA).sfc`,
    ],
  },
  'GET /api/roms/:id/files': { hidden: (f) => [`/api/roms/${id(f.alphaFileId)}/files`] },
  'GET /api/roms/:id/files/content/:file_name': {
    hidden: (f) => [`/api/roms/${id(f.alpha)}/files/content/Alpha%20(USA).nes`],
  },
  // The admin's answer: the game has no manual.
  'GET /api/roms/:id/manual': {
    hidden: (f) => [`/api/roms/${id(f.alpha)}/manual`],
    adminStatus: 404,
  },
  'GET /api/roms/:id/dat-verification': {
    hidden: (f) => [`/api/roms/${id(f.alpha)}/dat-verification`],
  },
  'GET /api/roms/:id/notes': { hidden: (f) => [`/api/roms/${id(f.alpha)}/notes`] },
  'GET /api/roms/:id/notes/identifiers': {
    hidden: (f) => [`/api/roms/${id(f.alpha)}/notes/identifiers`],
  },
  'GET /api/roms/:id/simple': { hidden: (f) => [`/api/roms/${id(f.zeta)}/simple`] },
  'GET /api/roms/by-hash': { hidden: (f) => [`/api/roms/by-hash?sha1_hash=${f.alphaSha1}`] },
  'GET /api/roms/by-metadata-provider': {
    hidden: (f) => [`/api/roms/by-metadata-provider?igdb_id=${id(f.alpha + 1000)}`],
  },
  'GET /api/roms/download': {
    hidden: (f) => [
      `/api/roms/download?rom_ids=${id(f.beta)},${id(f.alpha)}`,
      `/api/roms/download?platform_id=${id(f.snes)}`,
    ],
    clean: (f) => [`/api/roms/download?collection_id=${id(f.collection)}`],
  },
  'GET /api/roms/filters': { clean: () => ['/api/roms/filters'] },
  'GET /api/roms/identifiers': { clean: () => ['/api/roms/identifiers'] },
  'GET /api/roms/random': {
    clean: (f) => [
      '/api/roms/random?collections=Gold',
      `/api/roms/random?platform_ids=${id(f.snes)}`,
      ...Array.from({ length: 12 }, () => '/api/roms/random'),
    ],
  },
  'GET /api/roms/upload/:upload_id': { unseen: "an upload in progress, the caller's own" },
  'GET /api/saves': { clean: () => ['/api/saves'] },
  // The kid's own save (read by the kid before the hiding): nobody else's to read.
  'GET /api/saves/:id': { hidden: (f) => [`/api/saves/${id(f.kidSave)}`], adminStatus: 404 },
  'GET /api/saves/:id/content': {
    hidden: (f) => [`/api/saves/${id(f.kidSave)}/content`],
    adminStatus: 404,
  },
  'GET /api/saves/:id/versions': {
    hidden: (f) => [`/api/saves/${id(f.kidSave)}/versions`],
    adminStatus: 404,
  },
  'GET /api/saves/:id/versions/:version_id/content': {
    hidden: (f) => [`/api/saves/${id(f.kidSave)}/versions/1/content`],
    adminStatus: 404,
  },
  'GET /api/save-history/settings': { clean: () => ['/api/save-history/settings'] },
  'GET /api/saves/identifiers': { clean: () => ['/api/saves/identifiers'] },
  'GET /api/saves/summary': { clean: () => ['/api/saves/summary'] },
  'GET /api/screenshots/:id/content': { unseen: "the caller's own screenshots" },
  'GET /api/search/cover': { clean: () => ['/api/search/cover?search_term=Alpha'] },
  // The admin's answer: no metadata source is set up.
  'GET /api/search/roms': {
    hidden: (f) => [`/api/search/roms?rom_id=${id(f.alpha)}`],
    adminStatus: 400,
  },
  'GET /api/setup/library': { clean: () => ['/api/setup/library'] },
  'GET /api/states': { clean: () => ['/api/states'] },
  'GET /api/states/:id': { unseen: "the caller's own states" },
  'GET /api/states/:id/content': { unseen: "the caller's own states" },
  'GET /api/states/:id/versions': { unseen: "the caller's own states" },
  'GET /api/states/:id/versions/:version_id/content': { unseen: "the caller's own states" },
  'GET /api/states/identifiers': { clean: () => ['/api/states/identifiers'] },
  'GET /api/stats': { clean: () => ['/api/stats?include_platform_stats=true'] },
  'GET /api/streaming/config': { clean: () => ['/api/streaming/config'] },
  'GET /api/sync/sessions': { clean: () => ['/api/sync/sessions'] },
  'GET /api/sync/sessions/:session_id': { unseen: "the caller's own device sync session" },
  'GET /api/tasks': { clean: () => ['/api/tasks'] },
  'GET /api/tasks/:task_id': { unseen: 'a task run, read by admins' },
  'GET /api/tasks/status': { clean: () => ['/api/tasks/status'] },
  'GET /api/users': { clean: () => ['/api/users'] },
  'GET /api/users/:id': { clean: (f) => [`/api/users/${id(f.kid.id)}`] },
  'GET /api/users/:id/avatar': { unseen: "a user's avatar picture" },
  'GET /api/users/identifiers': { clean: () => ['/api/users/identifiers'] },
  'GET /api/users/me': { clean: () => ['/api/users/me'] },
  'GET /assets/romm/resources/*': {
    hidden: (f) => [
      `/assets/romm/resources/roms/${id(f.nes)}/${id(f.alpha)}/cover/small.webp`,
      `/assets/romm/resources/roms/${id(f.snes)}/${id(f.zeta)}/cover/small.webp`,
    ],
    clean: (f) => [`/assets/romm/resources/roms/${id(f.nes)}/${id(f.beta)}/cover/small.webp`],
  },
  'GET /openapi.json': { unseen: 'the API description' },
  'GET /dav/:username': { unseen: "the caller's own WebDAV folder, as their RetroArch wrote it" },
  'GET /dav/:username/*': {
    unseen: "the caller's own WebDAV files, as their RetroArch wrote them",
  },
  // Served once the emulators are built into the server (npm run build).
  'GET /emulatorjs/*': { unseen: "the emulator's own files" },
  'GET /ruffle/*': { unseen: "the Flash player's own files" },
  'GET /*': { unseen: 'the web app' },
};

const ROM_ID_KEYS = new Set(['rom_id', 'rom_ids', 'rom_id_index']);
const PLATFORM_ID_KEYS = new Set(['platform_id', 'platform_ids']);

/** The traces of hidden items in a JSON value: ids where ROM or platform ids go. */
function idTraces(value: unknown, f: Fixture, found: string[]): void {
  const hiddenRoms = [f.alpha, f.zeta];
  const ids = (inner: unknown) => [inner].flat().filter((part) => typeof part === 'number');
  if (Array.isArray(value)) {
    for (const item of value) idTraces(item, f, found);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const record = value as Record<string, unknown>;
  const looksLikeRom = 'fs_name' in record && 'platform_id' in record;
  const looksLikePlatform = 'fs_slug' in record && 'slug' in record;
  if (looksLikeRom && hiddenRoms.includes(record.id as number))
    found.push(`ROM ${String(record.id)}`);
  if (looksLikePlatform && record.id === f.snes) found.push(`platform ${String(record.id)}`);
  for (const [key, inner] of Object.entries(record)) {
    if (ROM_ID_KEYS.has(key) && ids(inner).some((part) => hiddenRoms.includes(part))) {
      found.push(`${key} ${JSON.stringify(inner)}`);
    }
    if (PLATFORM_ID_KEYS.has(key) && ids(inner).includes(f.snes)) {
      found.push(`${key} ${JSON.stringify(inner)}`);
    }
    const byPlatform =
      key === 'platforms' || key === 'METADATA_COVERAGE' || key === 'REGION_BREAKDOWN';
    if (byPlatform && typeof inner === 'object' && inner !== null) {
      const platformIds = Array.isArray(inner) ? inner : Object.keys(inner).map(Number);
      if (platformIds.includes(f.snes)) found.push(`platforms ${JSON.stringify(inner)}`);
    }
    idTraces(inner, f, found);
  }
}

/** Names and ids of the hidden platform and game found in an answer. */
function tracesIn(response: LightMyRequestResponse, f: Fixture): string[] {
  const found = ['Alpha', 'Zeta', 'Super Nintendo', 'Super Famicom', '/snes/'].filter((name) =>
    response.body.includes(name),
  );
  if ((response.headers['content-type'] ?? '').toString().includes('json')) {
    idTraces(JSON.parse(response.body), f, found);
  }
  return found;
}

async function buildFixture(): Promise<Fixture> {
  const lib = await buildCollectionLibrary();
  const { admin, alice: kid } = lib.users;
  const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const response = await lib.as(admin, method, url, payload);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response;
  };
  writeTree(lib.config.libraryDir, {
    'bios/snes/snes-bios.bin': 'bios',
    'dats/snes.dat': clrMameProDat({ name: 'Nintendo - Super Nintendo Entertainment System' }, [
      { name: 'Zeta (USA)', roms: [{ name: 'Zeta (USA).sfc', size: 4 }] },
    ]),
  });
  await lib.rescan();
  const nes = lib.platformId('nes');
  const snes = lib.platformId('snes');
  const alpha = lib.romId('Alpha (USA).nes');
  const zeta = lib.romId('Zeta (USA).sfc');
  const beta = lib.romId('Beta (USA).nes');
  // Covers of Alpha, Zeta and Beta, as the artwork writer stores them.
  for (const [platformId, romId] of [
    [nes, alpha],
    [snes, zeta],
    [nes, beta],
  ] as const) {
    const folder = path.join(lib.dataDir, 'resources', 'roms', id(platformId), id(romId), 'cover');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'small.webp'), 'RIFF');
  }
  const form = collectionForm({ name: 'Family' });
  const created = await lib.as(admin, 'POST', '/api/collections', form.payload, form.headers);
  const collection = created.json<{ id: number }>().id;
  await ok('POST', `/api/collections/${id(collection)}/roms`, { rom_ids: [alpha, beta, zeta] });
  await ok('PUT', `/api/collections/${id(collection)}/visibility`, { is_public: true });
  const smart = (
    await ok('POST', '/api/collections/smart?is_public=true', {
      name: 'Action games',
      filter_criteria: { genres: ['Action'] },
    })
  ).json<{ id: number }>().id;
  await ok('POST', `/api/roms/${id(alpha)}/notes`, {
    title: 'Alpha tips',
    content: 'Secret Alpha route',
    is_public: true,
  });
  const device = (await ok('POST', '/api/devices', { name: 'Couch', client: 'grout' })).json<{
    device_id: string;
  }>().device_id;
  await ok('POST', '/api/activity/heartbeat', { rom_id: alpha, device_id: device });
  const alphaDetail = (await ok('GET', `/api/roms/${id(alpha)}`)).json<DetailedRom>();
  const firmware = (await ok('GET', '/api/firmware')).json<Firmware[]>();
  const snesFirmware = firmware.find((file) => file.file_name === 'snes-bios.bin');
  if (snesFirmware === undefined) throw new Error('the snes firmware was not found');

  // The kid played Alpha before it was hidden: a save of theirs.
  const save = multipartForm({}, [
    {
      name: 'saveFile',
      filename: 'Alpha (USA).srm',
      type: 'application/octet-stream',
      data: Buffer.from('save'),
    },
  ]);
  const saved = await lib.as(
    kid,
    'POST',
    `/api/saves?rom_id=${id(alpha)}&emulator=fceumm`,
    save.payload,
    save.headers,
  );
  expect(saved.statusCode, saved.body).toBeLessThan(300);
  const kidSave = saved.json<{ id: number }>().id;
  for (const url of [`/api/saves/${id(kidSave)}`, `/api/saves/${id(kidSave)}/content`]) {
    expect((await lib.as(kid, 'GET', url)).statusCode).toBe(200);
  }
  await ok('POST', '/api/permissions/hidden', {
    entity: 'roms',
    entity_id: alpha,
    user_id: kid.id,
  });
  await ok('POST', '/api/permissions/hidden', {
    entity: 'platforms',
    entity_id: snes,
    group_id: 1,
  });
  return {
    lib,
    kid,
    admin,
    alpha,
    beta,
    zeta,
    nes,
    snes,
    alphaFileId: alphaDetail.files[0]?.id ?? 0,
    alphaSha1: alphaDetail.sha1_hash ?? '',
    snesFirmware,
    collection,
    smart,
    kidSave,
  };
}

it('leaves no trace of a hidden platform and game on any GET route', async () => {
  const f = await buildFixture();
  const routes = f.lib.app.registeredRoutes
    .filter((route) => route.method === 'GET')
    .map((route) => `GET ${route.url}`);
  expect(routes.filter((route) => ROWS[route] === undefined)).toEqual([]);

  // The same answers as the admin show the hidden items: the check finds them.
  const seenByAdmin = async (url: string) => tracesIn(await f.lib.as(f.admin, 'GET', url), f);
  const controls = [
    `/api/collections/${id(f.collection)}`,
    `/api/collections/smart/${id(f.smart)}`,
    '/api/collections/virtual?type=all',
    '/api/activity',
    '/api/firmware',
    '/api/stats?include_platform_stats=true',
    '/api/roms?with_filter_values=true',
  ];
  const found = await Promise.all(controls.map(async (url) => (await seenByAdmin(url)).length > 0));
  expect(found).toEqual(controls.map(() => true));
  const leaks: string[] = [];
  for (const route of [...new Set(routes)]) {
    const row = ROWS[route];
    if (row === undefined || 'unseen' in row) continue;
    for (const url of row.hidden?.(f) ?? []) {
      const kid = await f.lib.as(f.kid, 'GET', url);
      const admin = await f.lib.as(f.admin, 'GET', url);
      if (kid.statusCode !== 404) leaks.push(`${url}: ${String(kid.statusCode)} for the kid`);
      if (admin.statusCode !== (row.adminStatus ?? 200)) {
        leaks.push(`${url}: ${String(admin.statusCode)} for the admin`);
      }
      const traces = tracesIn(kid, f);
      if (traces.length > 0) leaks.push(`${url}: ${traces.join(', ')}`);
    }
    for (const url of row.clean?.(f) ?? []) {
      const traces = tracesIn(await f.lib.as(f.kid, 'GET', url), f);
      if (traces.length > 0) leaks.push(`${url}: ${traces.join(', ')}`);
    }
  }
  expect(leaks).toEqual([]);
});

it('counts without the hidden platform and game', async () => {
  const f = await buildFixture();
  const get = async <T>(user: TestUser, url: string) =>
    (await f.lib.as(user, 'GET', url)).json<T>();
  const page = await get<RomListPage>(f.kid, '/api/roms?with_total=true&with_char_index=true');
  expect([page.total, page.char_index]).toEqual([4, { b: 0, d: 1, e: 2, g: 3 }]);
  const platforms = await get<Platform[]>(f.kid, '/api/platforms');
  expect(platforms.map((platform) => [platform.id, platform.rom_count])).toEqual([[f.nes, 4]]);
  const stats = await get<Stats>(f.kid, '/api/stats');
  expect([stats.PLATFORMS, stats.ROMS]).toEqual([1, 4]);
  const adminStats = await get<Stats>(f.admin, '/api/stats');
  expect([adminStats.PLATFORMS, adminStats.ROMS]).toEqual([2, 6]);
});

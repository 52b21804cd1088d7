import { rmSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';

import type {
  DetailedRom,
  RomListPage,
  SmartCollection,
  TaskStatus,
  UserNote,
} from '@romshelf/contract';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';

import type { TestUser } from '../../../test/accounts.js';
import { addUser } from '../../../test/accounts.js';
import type { CollectionLibrary } from '../../../test/collection-library.js';
import { buildCollectionLibrary } from '../../../test/collection-library.js';
import { collectionForm } from '../../../test/collections-fixtures.js';
import { startFakeIgdb } from '../../../test/fakes/igdb.js';
import { multipartForm } from '../../../test/form-bodies.js';
import { openTestDatabase } from '../../../test/build-test-app.js';
import { storeDat } from '../../../test/stored-dats.js';
import { hashesOf, writeTree } from '../../../test/library-fixtures.js';

/*
 * Every write route, with the kept answers it must change: list pages sent as they were
 * compressed, kept orders and A–Z counts, filter values, virtual and smart collections. Each
 * answer is read (and so kept) just before the write and must differ just after; a write that
 * forgets to move the data version its change shows in leaves a kept answer as it was. A write
 * route without a row fails the test, so a new one has to say what it changes.
 */

/**
 * The kept answers the rows watch, each read as alice unless its name says otherwise. Of a list
 * answer that is built afresh around its kept parts, only the kept parts are compared.
 */
const WATCHED = {
  /** The library's first page by name, kept whole and compressed (alice's own fields in it). */
  page: (t: Table) => t.read(t.alice, '/api/roms?order_by=name&limit=72', 'br'),
  /** The same page for bob (public notes, platform names, everyone's games). */
  bobPage: (t: Table) => t.read(t.bob, '/api/roms?order_by=name&limit=72', 'br'),
  /** A kept order: the ROMs of three genres by alice's rating, with its A–Z counts. */
  order: (t: Table) =>
    t.keptParts(
      '/api/roms?genres=Action&genres=RPG&genres=Puzzle&genres_logic=any&order_by=rating' +
        '&order_dir=desc&with_rom_id_index=true&with_char_index=true',
    ),
  /** The whole library's total and A–Z counts (aggregates kept per data version). */
  azCounts: (t: Table) => t.keptParts('/api/roms?with_char_index=true&with_total=true'),
  /** The library's filter values with their counts. */
  filterValues: (t: Table) => t.keptParts('/api/roms?with_filter_values=true'),
  /** Alice's collection: its kept order and its filter values. */
  collection: (t: Table) =>
    t.keptParts(
      `/api/roms?collection_id=${String(t.ids.collection)}&with_filter_values=true` +
        '&with_rom_id_index=true&with_total=true',
    ),
  /** Alice's favourites, in their kept order. */
  favourites: (t: Table) =>
    t.keptParts('/api/roms?favorite=true&with_rom_id_index=true&with_total=true'),
  /** The virtual collections (one answer kept per encoding). */
  virtual: (t: Table) => t.read(t.alice, '/api/collections/virtual', 'br'),
  /** The kept members of alice's smart collections, and the kept order of hers. */
  smart: async (t: Table) => {
    const smart = JSON.parse(await t.read(t.alice, '/api/collections/smart')) as SmartCollection[];
    const members = smart.map(({ id, rom_ids: romIds }) => ({ id, romIds }));
    const order = await t.keptParts(
      `/api/roms?smart_collection_id=${String(t.ids.smart)}&with_rom_id_index=true`,
    );
    return JSON.stringify(members) + order;
  },
} satisfies Record<string, (t: Table) => Promise<string>>;

type Watched = keyof typeof WATCHED;

/** One write route's row: what it changes, or why no kept answer shows it. */
type Row =
  | {
      changes: readonly Watched[];
      /** Runs before the answers are read: what the write needs to change something. */
      prepare?: (t: Table) => Promise<void>;
      /** The write; must succeed. */
      write: (t: Table) => Promise<LightMyRequestResponse>;
    }
  | { unseen: string };

const CONFIG = 'library configuration, read by the next scan or resolved on every request';
const PERMISSIONS = 'who may do what, checked on every request and never kept in an answer';
const ACCOUNTS = 'accounts, sessions and tokens: no list shows them';
const DEVICES = 'devices, syncs and time played: no list shows them';
const PLAYED = {
  start_time: '2026-12-01T20:00:00.000Z',
  end_time: '2026-12-01T21:00:00.000Z',
  duration_ms: 3_600_000,
};
const ACTIVITY = 'who is playing now: kept in its own store, no list shows it';
const PLAY_ASSETS = 'saves, states and firmware: lists filtering on them are never kept';
const GAME_DETAIL = "a game's gallery screenshots and sub-folder files: only its detail shows them";
const ACCESS = 'who may read a collection is decided on every request, before a kept answer';
const NEW = 'a new collection: nothing was kept for it';
const HIDING = "who sees what: kept answers are kept per caller's hidden items, none goes stale";
const GONE = 'a removed smart collection answers 404 before anything kept';
const DATS = 'DAT files: no list of games shows them (verification moves what it changes)';
const UPLOAD_STEP = 'an upload in progress: the ROM is written when it completes';

/** Run in this order: a row may use what an earlier one made (a note, the favourites). */
const ROWS: Record<string, Row> = {
  'POST /api/setup/platforms': { unseen: 'creates platform folders; the next scan reads them' },
  'POST /api/export/gamelist-xml': { unseen: 'writes a file into platform folders; scans skip it' },
  'POST /api/export/pegasus': { unseen: 'writes a file into platform folders; scans skip it' },
  'POST /api/config/system/platforms': { unseen: CONFIG },
  'DELETE /api/config/system/platforms/:fs_slug': { unseen: CONFIG },
  'POST /api/config/system/versions': { unseen: CONFIG },
  'DELETE /api/config/system/versions/:fs_slug': { unseen: CONFIG },
  'POST /api/config/exclude': { unseen: CONFIG },
  'DELETE /api/config/exclude/:exclusion_type/:exclusion_value': { unseen: CONFIG },
  'PUT /api/config/scan': { unseen: CONFIG },
  'POST /api/login': { unseen: ACCOUNTS },
  'POST /api/logout': { unseen: ACCOUNTS },
  'POST /api/token': { unseen: ACCOUNTS },
  'POST /api/forgot-password': { unseen: ACCOUNTS },
  'POST /api/reset-password': { unseen: ACCOUNTS },
  'POST /api/permissions/groups': { unseen: PERMISSIONS },
  'PUT /api/permissions/groups/:id': { unseen: PERMISSIONS },
  'DELETE /api/permissions/groups/:id': { unseen: PERMISSIONS },
  'PUT /api/permissions/users/:user_id': { unseen: PERMISSIONS },
  'POST /api/users': { unseen: ACCOUNTS },
  'POST /api/users/invite-link': { unseen: ACCOUNTS },
  'POST /api/users/register': { unseen: ACCOUNTS },
  'PUT /api/users/:id': { unseen: ACCOUNTS },
  'POST /api/permissions/hidden': { unseen: HIDING },
  'DELETE /api/permissions/hidden': { unseen: HIDING },
  'DELETE /api/users/:id': {
    changes: ['page'],
    // The removed user's public note no longer counts on anyone's list.
    prepare: async (t) => {
      t.carol = await addUser(t.lib.app, 'carol', 'viewer');
      await t.ok(t.carol, 'POST', `/api/roms/${String(t.rom('Gamma (Europe).nes'))}/notes`, {
        title: 'Shared tip',
        is_public: true,
      });
    },
    write: (t) => t.as(t.admin, 'DELETE', `/api/users/${String(t.carol?.id)}`),
  },
  'POST /api/users/:id/ra/refresh': { unseen: 'RetroAchievements progress: no list shows it' },
  'POST /api/client-tokens': { unseen: ACCOUNTS },
  'DELETE /api/client-tokens/:token_id': { unseen: ACCOUNTS },
  'PUT /api/client-tokens/:token_id/regenerate': { unseen: ACCOUNTS },
  'POST /api/client-tokens/:token_id/pair': { unseen: ACCOUNTS },
  'POST /api/client-tokens/exchange': { unseen: ACCOUNTS },
  'DELETE /api/client-tokens/:token_id/admin': { unseen: ACCOUNTS },
  'POST /api/dats': { unseen: DATS },
  'POST /api/dats/folder': { unseen: DATS },
  'PUT /api/dats/:id': { unseen: DATS },
  'DELETE /api/dats/:id': { unseen: DATS },
  'POST /api/download-links': { unseen: 'a download link: no list of games shows it' },
  'DELETE /api/download-links/:id': { unseen: 'a download link: no list of games shows it' },
  'POST /api/auth/device/init': { unseen: ACCOUNTS },
  'POST /api/auth/device/token': { unseen: ACCOUNTS },
  'POST /api/auth/device/approve': { unseen: ACCOUNTS },
  'POST /api/auth/device/deny': { unseen: ACCOUNTS },
  'POST /api/devices': { unseen: DEVICES },
  'PUT /api/devices/:device_id': { unseen: DEVICES },
  'DELETE /api/devices/:device_id': { unseen: DEVICES },
  'POST /api/sync/negotiate': { unseen: DEVICES },
  'POST /api/sync/sessions/:session_id/complete': { unseen: DEVICES },
  'POST /api/sync/devices/:device_id/push-pull': { unseen: DEVICES },
  // A session of a game moves its "last played".
  'POST /api/play-sessions': {
    changes: ['page'],
    write: (t) =>
      t.as(t.alice, 'POST', '/api/play-sessions', {
        sessions: [{ rom_id: t.rom('Delta (Japan).nes'), ...PLAYED }],
      }),
  },
  'POST /api/play-sessions/beacon-token': { unseen: 'a signed play token: nothing is stored' },
  'POST /api/play-sessions/beacon': {
    changes: ['page'],
    write: async (t) => {
      const issued = await t.ok(t.alice, 'POST', '/api/play-sessions/beacon-token', {
        rom_id: t.rom('Delta (Japan).nes'),
      });
      return t.as(t.alice, 'POST', '/api/play-sessions/beacon', {
        token: issued.json<{ token: string }>().token,
        // After the session above, so "last played" moves again.
        start_time: '2026-12-01T21:30:00.000Z',
        end_time: '2026-12-01T22:00:00.000Z',
        duration_ms: 1_800_000,
      });
    },
  },
  'DELETE /api/play-sessions/:session_id': { unseen: DEVICES },
  'POST /api/activity/heartbeat': { unseen: ACTIVITY },
  'DELETE /api/activity/heartbeat': { unseen: ACTIVITY },
  'POST /api/platforms': { unseen: 'a platform without games: lists show the platforms of games' },
  'PUT /api/platforms/:id': {
    changes: ['page', 'bobPage'],
    write: (t) =>
      t.as(t.admin, 'PUT', `/api/platforms/${String(t.lib.platformId('nes'))}`, {
        custom_name: 'Famicom',
      }),
  },
  'DELETE /api/platforms/:id': {
    changes: ['page', 'azCounts', 'filterValues', 'virtual'],
    write: (t) => t.as(t.admin, 'DELETE', `/api/platforms/${String(t.lib.platformId('snes'))}`),
  },
  'POST /api/roms': {
    changes: ['page', 'azCounts', 'filterValues'],
    write: (t) => {
      const form = multipartForm({}, [
        {
          name: 'file',
          filename: 'Kappa (USA).nes',
          type: 'application/octet-stream',
          data: KAPPA,
        },
      ]);
      return t.as(t.admin, 'POST', '/api/roms', form.payload, {
        ...form.headers,
        'x-upload-platform': String(t.lib.platformId('nes')),
        'x-upload-filename': 'Kappa (USA).nes',
      });
    },
  },
  'POST /api/roms/:id/patch': {
    changes: ['page', 'azCounts', 'filterValues'],
    // Saved as a game, the patched ROM is listed beside its original.
    prepare: async (t) => {
      const alpha = await t.ok(t.admin, 'GET', `/api/roms/${String(t.rom('Alpha (USA).nes'))}`);
      t.ids.alphaFile = alpha.json<DetailedRom>().files[0]?.id;
    },
    write: (t) => {
      const ips = Buffer.from('PATCH\u0000\u0000\u0000\u0000\u0001AEOF', 'latin1');
      const form = multipartForm({ save_as_game: 'true' }, [
        { name: 'patch_file', filename: 'hack.ips', type: 'application/octet-stream', data: ips },
      ]);
      const url = `/api/roms/${String(t.ids.alphaFile)}/patch`;
      return t.as(t.admin, 'POST', url, form.payload, form.headers);
    },
  },
  'POST /api/roms/upload/start': { unseen: UPLOAD_STEP },
  'PUT /api/roms/upload/:upload_id': { unseen: UPLOAD_STEP },
  'POST /api/roms/upload/:upload_id/complete': {
    changes: ['page', 'azCounts', 'filterValues'],
    prepare: async (t) => {
      const started = await t.ok(t.admin, 'POST', '/api/roms/upload/start', undefined, {
        'x-upload-platform': String(t.lib.platformId('nes')),
        'x-upload-filename': 'Lambda (USA).nes',
        'x-upload-total-size': String(LAMBDA.length),
        'x-upload-total-chunks': '1',
      });
      t.ids.upload = started.json<{ upload_id: string }>().upload_id;
      await t.ok(t.admin, 'PUT', `/api/roms/upload/${t.ids.upload}`, LAMBDA, {
        'content-type': 'application/octet-stream',
        'x-chunk-index': '0',
      });
    },
    write: (t) => t.as(t.admin, 'POST', `/api/roms/upload/${t.ids.upload}/complete`),
  },
  'POST /api/roms/upload/:upload_id/cancel': { unseen: UPLOAD_STEP },
  'POST /api/roms/delete': {
    changes: ['page', 'order', 'azCounts', 'filterValues', 'virtual'],
    write: (t) =>
      t.as(t.admin, 'POST', '/api/roms/delete', {
        roms: [t.rom('Beta (USA).nes')],
        delete_from_fs: [],
      }),
  },
  'PUT /api/roms/:id': {
    changes: ['page', 'bobPage', 'azCounts'],
    write: (t) => {
      const form = collectionForm({ name: 'Omega' });
      return t.as(
        t.admin,
        'PUT',
        `/api/roms/${String(t.rom('Epsilon (USA).nes'))}`,
        form.payload,
        form.headers,
      );
    },
  },
  'PUT /api/roms/:id/props': {
    changes: ['page', 'order'],
    write: (t) =>
      t.as(t.alice, 'PUT', `/api/roms/${String(t.rom('Delta (Japan).nes'))}/props`, {
        data: { rating: 9 },
      }),
  },
  'POST /api/roms/:id/notes': {
    changes: ['page', 'bobPage'],
    write: (t) =>
      t.as(t.alice, 'POST', `/api/roms/${String(t.rom('Alpha (USA).nes'))}/notes`, {
        title: 'Boss order',
        is_public: true,
      }),
  },
  'PUT /api/roms/:id/notes/:note_id': {
    // Made private: only its author's list still says the game has notes.
    changes: ['bobPage'],
    prepare: async (t) => {
      const noted = await t.ok(
        t.alice,
        'POST',
        `/api/roms/${String(t.rom('Gamma (Europe).nes'))}/notes`,
        {
          title: 'Secret',
          is_public: true,
        },
      );
      t.ids.note = noted.json<UserNote>().id;
    },
    write: (t) =>
      t.as(
        t.alice,
        'PUT',
        `/api/roms/${String(t.rom('Gamma (Europe).nes'))}/notes/${String(t.ids.note)}`,
        { is_public: false },
      ),
  },
  'DELETE /api/roms/:id/notes/:note_id': {
    changes: ['page'],
    write: (t) =>
      t.as(
        t.alice,
        'DELETE',
        `/api/roms/${String(t.rom('Gamma (Europe).nes'))}/notes/${String(t.ids.note)}`,
      ),
  },
  'POST /api/roms/:id/manuals': {
    changes: ['page', 'bobPage'],
    write: (t) => {
      const form = multipartForm({}, [
        { name: 'file', filename: 'manual.pdf', type: 'application/pdf', data: PDF },
      ]);
      return t.as(
        t.admin,
        'POST',
        `/api/roms/${String(t.rom('Alpha (USA).nes'))}/manuals`,
        form.payload,
        form.headers,
      );
    },
  },
  'DELETE /api/roms/:id/manuals': {
    changes: ['page', 'bobPage'],
    write: (t) => t.as(t.admin, 'DELETE', `/api/roms/${String(t.rom('Alpha (USA).nes'))}/manuals`),
  },
  'POST /api/roms/:id/match': {
    changes: ['page', 'azCounts', 'filterValues'],
    write: (t) =>
      t.as(t.admin, 'POST', `/api/roms/${String(t.rom('Epsilon (USA).nes'))}/match`, {
        source: 'igdb',
        id: 1040,
      }),
  },
  'POST /api/roms/:id/combine-discs': {
    changes: ['page', 'azCounts'],
    // Two loose discs of one game: combined, they are one game on the list.
    prepare: async (t) => {
      writeTree(t.lib.config.libraryDir, {
        'roms/psx/Omega (USA) (Disc 1).chd': 'omega one',
        'roms/psx/Omega (USA) (Disc 2).chd': 'omega two',
      });
      await t.lib.rescan();
      const found = await t.ok(t.admin, 'GET', '/api/roms?search_term=Omega');
      const discOne = found
        .json<RomListPage>()
        .items.find((rom) => rom.fs_name === 'Omega (USA) (Disc 1).chd');
      t.ids.disc = discOne?.id;
    },
    write: (t) => t.as(t.admin, 'POST', `/api/roms/${String(t.ids.disc)}/combine-discs`),
  },
  'DELETE /api/roms/:id/match': {
    changes: ['page', 'order', 'filterValues'],
    write: (t) => t.as(t.admin, 'DELETE', `/api/roms/${String(t.rom('Gamma (Europe).nes'))}/match`),
  },
  'POST /api/roms/:id/convert-to-folder': {
    changes: ['page', 'bobPage'],
    write: (t) =>
      t.as(t.admin, 'POST', `/api/roms/${String(t.rom('Delta (Japan).nes'))}/convert-to-folder`),
  },
  'POST /api/roms/:id/dat-verification/rename': {
    changes: ['page', 'bobPage'],
    // A DAT that knows Gamma's dump under another name.
    prepare: async (t) => {
      const db = await openTestDatabase(t.lib.dataDir);
      try {
        const { crc, md5, sha1 } = hashesOf('gamma');
        t.ids.dat = await storeDat(
          db,
          { name: 'Nintendo - NES', platformId: t.lib.platformId('nes') },
          { 'Gamma (World)': [{ name: 'Gamma (World).nes', size: 5, crc32: crc, md5, sha1 }] },
        );
      } finally {
        await db.destroy();
      }
      const run = await t.ok(t.admin, 'POST', '/api/tasks/run/verify_dats');
      const taskId = run.json<TaskStatus>().task_id;
      await expect
        .poll(async () => (await t.ok(t.admin, 'GET', `/api/tasks/${taskId}`)).json<TaskStatus>(), {
          timeout: 10_000,
        })
        .toMatchObject({ status: 'finished' });
    },
    write: (t) =>
      t.as(
        t.admin,
        'POST',
        `/api/roms/${String(t.rom('Gamma (Europe).nes'))}/dat-verification/rename`,
        {
          dat_id: t.ids.dat,
        },
      ),
  },
  'DELETE /api/roms/:id/files/:file_id': {
    changes: ['page', 'bobPage'],
    // A folder game of two files: one of them goes.
    prepare: async (t) => {
      writeTree(t.lib.config.libraryDir, {
        'roms/nes/Pack/One.nes': 'pack one',
        'roms/nes/Pack/Two.nes': 'pack two',
      });
      await t.lib.rescan();
      const found = await t.ok(t.admin, 'GET', '/api/roms?search_term=Pack');
      const pack = found.json<RomListPage>().items.find((rom) => rom.fs_name === 'Pack');
      t.ids.pack = pack?.id;
      const detail = await t.ok(t.admin, 'GET', `/api/roms/${String(t.ids.pack)}`);
      const files = detail.json<DetailedRom>().files;
      t.ids.packFile = files.find((file) => file.file_name === 'Two.nes')?.id;
    },
    write: (t) =>
      t.as(t.admin, 'DELETE', `/api/roms/${String(t.ids.pack)}/files/${String(t.ids.packFile)}`),
  },
  'POST /api/collections': { unseen: NEW },
  'PUT /api/collections/:id': {
    changes: ['collection'],
    write: (t) => {
      const form = collectionForm({
        name: 'Picks',
        rom_ids: JSON.stringify([t.rom('Alpha (USA).nes'), t.rom('Gamma (Europe).nes')]),
      });
      return t.as(
        t.alice,
        'PUT',
        `/api/collections/${String(t.ids.collection)}`,
        form.payload,
        form.headers,
      );
    },
  },
  'DELETE /api/collections/:id': {
    unseen: 'a removed collection answers 404 before anything kept',
  },
  'PUT /api/collections/:id/visibility': { unseen: ACCESS },
  'POST /api/collections/:id/roms': {
    changes: ['collection'],
    write: (t) =>
      t.as(t.alice, 'POST', `/api/collections/${String(t.ids.collection)}/roms`, {
        rom_ids: [t.rom('Delta (Japan).nes')],
      }),
  },
  'DELETE /api/collections/:id/roms': {
    changes: ['favourites'],
    prepare: async (t) => {
      await t.ok(t.alice, 'PUT', `/api/roms/${String(t.rom('Delta (Japan).nes'))}/props`, {
        data: { is_favorite: true },
      });
      const collections = await t.ok(t.alice, 'GET', '/api/collections');
      const all = collections.json<{ id: number; is_favorite: boolean }[]>();
      t.ids.favourites = all.find((collection) => collection.is_favorite)?.id ?? 0;
    },
    write: (t) =>
      t.as(t.alice, 'DELETE', `/api/collections/${String(t.ids.favourites)}/roms`, {
        rom_ids: [t.rom('Delta (Japan).nes')],
      }),
  },
  'POST /api/collections/smart': { unseen: NEW },
  'PUT /api/collections/smart/:id': {
    changes: ['smart'],
    write: (t) =>
      t.as(t.alice, 'PUT', `/api/collections/smart/${String(t.ids.smart)}`, {
        filter_criteria: JSON.stringify({ genres: ['RPG'] }),
      }),
  },
  'PUT /api/collections/smart/:id/visibility': { unseen: ACCESS },
  'DELETE /api/collections/smart/:id': { unseen: GONE },
  'PUT /api/tasks/:task_name/schedule': { unseen: "a task's schedule: no list shows it" },
  'POST /api/tasks/run/:task_name': {
    changes: ['page', 'azCounts', 'filterValues'],
    // A game whose file is gone: the clean-up removes it.
    prepare: async (t) => {
      rmSync(path.join(t.lib.config.libraryDir, 'roms/nes/Alpha (USA).nes'));
      await t.lib.rescan();
    },
    write: async (t) => {
      const run = await t.ok(t.admin, 'POST', '/api/tasks/run/cleanup_missing_roms');
      const taskId = run.json<TaskStatus>().task_id;
      await expect
        .poll(async () => (await t.ok(t.admin, 'GET', `/api/tasks/${taskId}`)).json<TaskStatus>(), {
          timeout: 10_000,
        })
        .toMatchObject({ status: 'finished' });
      return run;
    },
  },
  'POST /api/firmware': { unseen: PLAY_ASSETS },
  'POST /api/firmware/delete': { unseen: PLAY_ASSETS },
  'POST /api/saves': { unseen: PLAY_ASSETS },
  'POST /api/saves/beacon': { unseen: PLAY_ASSETS },
  'POST /api/saves/delete': { unseen: PLAY_ASSETS },
  'PUT /api/saves/:id/visibility': { unseen: PLAY_ASSETS },
  'POST /api/saves/:id/downloaded': { unseen: PLAY_ASSETS },
  'POST /api/saves/:id/track': { unseen: PLAY_ASSETS },
  'POST /api/saves/:id/untrack': { unseen: PLAY_ASSETS },
  'PUT /api/saves/:id': { unseen: PLAY_ASSETS },
  'POST /api/states': { unseen: PLAY_ASSETS },
  'POST /api/states/delete': { unseen: PLAY_ASSETS },
  'PUT /api/states/:id/visibility': { unseen: PLAY_ASSETS },
  'PUT /api/states/:id': { unseen: PLAY_ASSETS },
  'POST /api/saves/:id/versions/:version_id/restore': { unseen: PLAY_ASSETS },
  'POST /api/states/:id/versions/:version_id/restore': { unseen: PLAY_ASSETS },
  'PUT /api/save-history/settings': { unseen: PLAY_ASSETS },
  'POST /api/screenshots': { unseen: GAME_DETAIL },
  'PUT /api/screenshots/:id': { unseen: GAME_DETAIL },
  'DELETE /api/screenshots/:id': { unseen: GAME_DETAIL },
  'POST /api/roms/:id/manuals/files': { unseen: GAME_DETAIL },
  'DELETE /api/roms/:id/manuals/files/:file_id': { unseen: GAME_DETAIL },
  'POST /api/roms/:id/screenshots': { unseen: GAME_DETAIL },
  'DELETE /api/roms/:id/screenshots/:file_id': { unseen: GAME_DETAIL },
  'POST /api/roms/:id/manuals/redownload': {
    unseen: 'needs a provider manual; rom-manuals-provider.api.test.ts shows the kept page change',
  },
};

const KAPPA = Buffer.from('kappa rom bytes');
const LAMBDA = Buffer.from('lambda rom bytes');
const PDF = Buffer.from('%PDF-1.4\n%fake manual\n%%EOF\n');

/** The library, its users, and the ids rows hand to each other. */
interface Table {
  lib: CollectionLibrary;
  admin: TestUser;
  alice: TestUser;
  bob: TestUser;
  carol?: TestUser;
  ids: {
    collection: number;
    smart: number;
    favourites?: number;
    note?: number;
    upload?: string;
    disc?: number;
    alphaFile?: number;
    pack?: number;
    packFile?: number;
    dat?: number;
  };
  rom: (fsName: string) => number;
  as: CollectionLibrary['as'];
  /** A request that must succeed. */
  ok: (...args: Parameters<CollectionLibrary['as']>) => Promise<LightMyRequestResponse>;
  /** An answer's body as text, decoded from the encoding it was sent in. */
  read: (user: TestUser, url: string, encoding?: string) => Promise<string>;
  /** A page of one ROM for alice without the ROM: its total, A–Z counts, id index, values. */
  keptParts: (url: string) => Promise<string>;
}

async function table(): Promise<Table> {
  const igdb = await startFakeIgdb([
    { id: 1040, name: 'Chrono Trigger', platforms: [18], genres: ['Role-playing (RPG)'] },
  ]);
  const lib = await buildCollectionLibrary({
    env: {
      IGDB_CLIENT_ID: 'client',
      IGDB_CLIENT_SECRET: 'secret',
      IGDB_BASE_URL: igdb.origin,
      TWITCH_OAUTH_URL: `${igdb.origin}/oauth2/token`,
    },
  });
  const { admin, alice, bob } = lib.users;
  const ok: Table['ok'] = async (...args) => {
    const response = await lib.as(...args);
    expect(response.statusCode, `${args[1]} ${args[2]}: ${response.body}`).toBeLessThan(300);
    return response;
  };
  const read: Table['read'] = async (user, url, encoding = 'identity') => {
    const response = await ok(user, 'GET', url, undefined, { 'accept-encoding': encoding });
    const sent = response.headers['content-encoding'];
    return sent === 'br' ? brotliDecompressSync(response.rawPayload).toString() : response.body;
  };
  // Alice's collection and smart collection, watched by the rows that change them.
  const form = collectionForm({
    name: 'Picks',
    rom_ids: JSON.stringify([lib.romId('Alpha (USA).nes')]),
  });
  const collection = await ok(alice, 'POST', '/api/collections', form.payload, form.headers);
  const smart = await ok(alice, 'POST', '/api/collections/smart', {
    name: 'Action games',
    filter_criteria: JSON.stringify({ genres: ['Action'] }),
  });
  return {
    lib,
    admin,
    alice,
    bob,
    ids: {
      collection: collection.json<{ id: number }>().id,
      smart: smart.json<SmartCollection>().id,
    },
    rom: lib.romId,
    as: lib.as,
    ok,
    read,
    keptParts: async (url) => {
      const page = JSON.parse(await read(alice, `${url}&limit=1`)) as RomListPage;
      return JSON.stringify({ ...page, items: [] });
    },
  };
}

it('names every write route and the kept answers it changes; each of them changes', async () => {
  const t = await table();
  const writeRoutes = t.lib.app.registeredRoutes
    .filter((route) => route.url.startsWith('/api/') && !['GET', 'HEAD'].includes(route.method))
    .map((route) => `${route.method} ${route.url}`);
  expect(Object.keys(ROWS).sort()).toEqual([...new Set(writeRoutes)].sort());

  const stale: string[] = [];
  for (const [route, row] of Object.entries(ROWS)) {
    if ('unseen' in row) continue;
    await row.prepare?.(t);
    const before = new Map<Watched, string>();
    for (const name of row.changes) before.set(name, await WATCHED[name](t));
    const written = await row.write(t);
    expect(written.statusCode, `${route}: ${written.body}`).toBeLessThan(300);
    for (const name of row.changes) {
      if ((await WATCHED[name](t)) === before.get(name)) stale.push(`${route} → ${name}`);
    }
  }
  expect(stale).toEqual([]);
});

import type { Platform, RomListPage } from '@romshelf/contract';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';

import { addUser } from './accounts.js';
import type { TestUser } from './accounts.js';
import {
  ADMIN,
  basic,
  buildTestApp,
  createFirstAdmin,
  login,
  openTestDatabase,
} from './build-test-app.js';
import type { TestApp, TestAppOptions } from './build-test-app.js';
import { scanLibrary, writeTree } from './library-fixtures.js';

/** A small library whose merged metadata makes a few virtual collections. */
export const COLLECTION_FILES = {
  'roms/nes/Alpha (USA).nes': 'alpha',
  'roms/nes/Beta (USA).nes': 'beta',
  'roms/nes/Gamma (Europe).nes': 'gamma',
  'roms/nes/Delta (Japan).nes': 'delta',
  'roms/nes/Epsilon (USA).nes': 'epsilon',
  'roms/snes/Zeta (USA).sfc': 'zeta',
};

/** The identified ROMs' merged metadata, as the metadata writer stores it. */
const METADATA: Record<string, object> = {
  'Alpha (USA).nes': {
    genres: ['Action', 'RPG', 'Jeu de rôle'],
    franchises: ['Saga'],
    companies: ['Square'],
    game_modes: ['Single player'],
    collections: ['Gold'],
  },
  'Beta (USA).nes': {
    genres: ['Action'],
    franchises: ['Saga'],
    companies: ['Square'],
    game_modes: ['Single player'],
  },
  'Gamma (Europe).nes': {
    genres: ['Action', 'Puzzle'],
    franchises: ['Saga'],
    companies: ['Enix'],
    game_modes: ['Single player', 'Multiplayer'],
  },
  'Delta (Japan).nes': {
    genres: ['RPG', 'Jeu de rôle'],
    companies: ['Enix'],
    game_modes: ['Multiplayer'],
  },
  'Zeta (USA).sfc': { genres: ['Jeu de rôle'], companies: ['Enix'] },
};

/** ROMs given a cover (its time), as the artwork writer records it. */
const COVERS: Record<string, string> = {
  'Beta (USA).nes': '2026-11-01T00:00:00.000Z',
  'Gamma (Europe).nes': '2026-11-02T00:00:00.000Z',
};

export interface CollectionLibrary extends TestApp {
  users: { admin: TestUser; alice: TestUser; bob: TestUser };
  /** ROM id by file name. */
  romId: (fsName: string) => number;
  platformId: (fsSlug: string) => number;
  /** An API request as a user (HTTP Basic). */
  as: (
    user: TestUser,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object | string,
    headers?: Record<string, string>,
  ) => Promise<LightMyRequestResponse>;
  /** Scans the library again (after files were added). */
  rescan: () => Promise<void>;
  /** Writes identification results for ROMs as the metadata writer stores them. */
  identify: (metadata: Record<string, object>) => Promise<void>;
}

export async function buildCollectionLibrary(
  options: TestAppOptions = {},
): Promise<CollectionLibrary> {
  const test = await buildTestApp(options);
  await createFirstAdmin(test.app);
  const admin: TestUser = { id: 1, username: ADMIN.username, password: ADMIN.password };
  const alice = await addUser(test.app, 'alice', 'viewer');
  const bob = await addUser(test.app, 'bob', 'viewer');
  const session = await login(test.app);
  writeTree(test.config.libraryDir, COLLECTION_FILES);
  await scanLibrary(test.app, session);
  const identify = async (metadata: Record<string, object>) => {
    const db = await openTestDatabase(test.dataDir);
    try {
      for (const [fsName, metadatum] of Object.entries(metadata)) {
        await sql`UPDATE rom SET igdb_id = id + 1000, metadatum = ${JSON.stringify(metadatum)}
          WHERE fs_name = ${fsName}`.execute(db);
      }
      for (const [fsName, when] of Object.entries(COVERS)) {
        await sql`UPDATE rom SET cover_updated_at = ${when} WHERE fs_name = ${fsName}`.execute(db);
      }
    } finally {
      await db.destroy();
    }
  };
  await identify(METADATA);
  const as: CollectionLibrary['as'] = (user, method, url, payload, headers = {}) =>
    test.app.inject({
      method,
      url,
      headers: { authorization: basic(user.username, user.password), ...headers },
      ...(payload === undefined ? {} : { payload }),
    });
  const page = (await as(admin, 'GET', '/api/roms?limit=100')).json<RomListPage>();
  const platforms = (await as(admin, 'GET', '/api/platforms')).json<Platform[]>();
  return {
    ...test,
    users: { admin, alice, bob },
    romId: (fsName) => page.items.find((rom) => rom.fs_name === fsName)?.id ?? 0,
    platformId: (fsSlug) => platforms.find((platform) => platform.fs_slug === fsSlug)?.id ?? 0,
    as,
    rescan: async () => {
      await scanLibrary(test.app, session);
    },
    identify,
  };
}

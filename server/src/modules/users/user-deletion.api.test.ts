import { existsSync } from 'node:fs';
import path from 'node:path';

import type { RomListPage } from '@romshelf/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';

import type { TestUser } from '../../../test/accounts.js';
import { addUser, bearer } from '../../../test/accounts.js';
import { basic, buildTestApp, createFirstAdmin, login } from '../../../test/build-test-app.js';
import { openTestDatabase } from '../../../test/build-test-app.js';
import { filePart, handheldToken } from '../../../test/handheld.js';
import { scanLibrary, writeTree } from '../../../test/library-fixtures.js';
import { asAdmin } from '../../../test/tasks.js';

/**
 * A player with a state from RetroArch's WebDAV sync, a save stored twice (one version kept,
 * the save also written into the WebDAV tree) and history limits of their own.
 */
async function playerWithSaves(app: FastifyInstance, username: string, romId: number) {
  const user = await addUser(app, username, 'viewer');
  const token = await handheldToken(app, user);
  const headers = { authorization: bearer(token) };
  // A state from RetroArch first: the browser's saves of the game are then written for it.
  const dav = { authorization: basic(username, token) };
  const mkcol = await app.inject({ method: 'MKCOL', url: `/dav/${username}/states`, headers: dav });
  expect(mkcol.statusCode).toBe(201);
  const put = await app.inject({
    method: 'PUT',
    url: `/dav/${username}/states/Game (USA).state1`,
    headers: dav,
    payload: Buffer.from(`${username}-state`),
  });
  expect(put.statusCode).toBe(201);
  for (const content of ['first', 'second']) {
    const body = filePart('saveFile', 'Game (USA).srm', `${username}-${content}`);
    const response = await app.inject({
      method: 'POST',
      url: `/api/saves?rom_id=${String(romId)}&emulator=mgba`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
  }
  const settings = await app.inject({
    method: 'PUT',
    url: '/api/save-history/settings',
    headers,
    payload: { max_versions: 5, max_age_days: 30 },
  });
  expect(settings.statusCode, settings.body).toBe(200);
  return user;
}

/** What is kept of a user: files and folders on disk, rows in the database. */
async function keptOf(dataDir: string, user: TestUser) {
  const db = await openTestDatabase(dataDir);
  try {
    const count = async (table: 'play_asset' | 'play_asset_version' | 'save_history_setting') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_id', '=', user.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const id = String(user.id);
    return {
      assetsFolder: existsSync(path.join(dataDir, 'assets', 'users', id)),
      davTree: existsSync(path.join(dataDir, 'webdav', 'users', id)),
      davJournal: existsSync(path.join(dataDir, 'webdav', 'journal', `${id}.json`)),
      saves: await count('play_asset'),
      versions: await count('play_asset_version'),
      historySettings: await count('save_history_setting'),
    };
  } finally {
    await db.destroy();
  }
}

describe('DELETE /api/users/{id} and the personal data', () => {
  it("removes the user's saves, save history and WebDAV folder, and nobody else's", async () => {
    const { app, config, dataDir } = await buildTestApp();
    await createFirstAdmin(app);
    writeTree(config.libraryDir, { 'roms/gba/Game (USA).gba': 'gba-game' });
    await scanLibrary(app, await login(app));
    const roms = await app.inject({ method: 'GET', url: '/api/roms', headers: asAdmin });
    const romId = roms.json<RomListPage>().items[0]?.id ?? 0;
    const leaving = await playerWithSaves(app, 'leaving', romId);
    const staying = await playerWithSaves(app, 'staying', romId);
    const everything = {
      assetsFolder: true,
      davTree: true,
      // The save was written into the tree for RetroArch: the journal tells about it.
      davJournal: true,
      saves: 2,
      versions: 1,
      historySettings: 1,
    };
    expect(await keptOf(dataDir, leaving)).toEqual(everything);

    const response = await app.inject({
      method: 'DELETE',
      url: `/api/users/${String(leaving.id)}`,
      headers: asAdmin,
    });

    expect(response.statusCode, response.body).toBe(200);
    expect(await keptOf(dataDir, leaving)).toEqual({
      assetsFolder: false,
      davTree: false,
      davJournal: false,
      saves: 0,
      versions: 0,
      historySettings: 0,
    });
    expect(await keptOf(dataDir, staying)).toEqual(everything);
    const stillServed = await app.inject({
      method: 'GET',
      url: '/dav/staying/states/Game (USA).state1',
      headers: { authorization: basic('staying', await handheldToken(app, staying)) },
    });
    expect(stillServed.body).toBe('staying-state');
  });
});

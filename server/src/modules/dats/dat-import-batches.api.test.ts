import type { Dat } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import {
  ADMIN_AUTH,
  buildTestApp,
  createFirstAdmin,
  openTestDatabase,
} from '../../../test/build-test-app.js';
import type { TestDatGame } from '../../../test/dat-fixtures.js';
import { logiqxDat } from '../../../test/dat-fixtures.js';
import { multipartForm } from '../../../test/form-bodies.js';

/** 450 games of one to seven tracks: batches of every size, statements of every row count. */
const GAMES: TestDatGame[] = Array.from({ length: 450 }, (_, game) => ({
  name: `Disc ${String(game)} (USA)`,
  cloneOf: game % 3 === 1 ? `Disc ${String(game - 1)} (USA)` : undefined,
  roms: Array.from({ length: (game % 7) + 1 }, (_, track) => ({
    name: `Disc ${String(game)} (USA) (Track ${String(track + 1)}).bin`,
    size: game * 10 + track,
    crc: (game * 10 + track).toString(16).padStart(8, '0'),
    sha1: (game * 10 + track).toString(16).padStart(40, 'a'),
  })),
}));

const TRACKS = GAMES.reduce((sum, game) => sum + game.roms.length, 0);

describe('DAT import in batches', () => {
  it('stores every game of a large DAT with its own tracks, whatever their number', async () => {
    const { app, dataDir } = await buildTestApp();
    await createFirstAdmin(app);
    const form = multipartForm({}, [
      {
        name: 'file',
        filename: 'psx.dat',
        type: 'application/octet-stream',
        data: Buffer.from(logiqxDat({ name: 'Sony - PlayStation' }, GAMES)),
      },
    ]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/dats',
      headers: { ...form.headers, authorization: ADMIN_AUTH },
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Dat>()).toMatchObject({ game_count: 450, rom_count: TRACKS });
    expect(TRACKS).toBe(1795);

    const db = await openTestDatabase(dataDir);
    const games = await db
      .selectFrom('dat_game')
      .select(['id', 'name', 'clone_of', 'region', 'is_bios'])
      .orderBy('id')
      .execute();
    const roms = await db
      .selectFrom('dat_rom')
      .innerJoin('dat_game', 'dat_game.id', 'dat_rom.dat_game_id')
      .select(['dat_game.name as game', 'dat_rom.name', 'size', 'crc32', 'md5', 'sha1', 'status'])
      .orderBy('dat_rom.id')
      .execute();
    await db.destroy();
    expect(
      games.map(({ name, clone_of, region, is_bios }) => [name, clone_of, region, is_bios]),
    ).toEqual(GAMES.map((game) => [game.name, game.cloneOf ?? null, 'USA', 0]));
    expect(roms).toEqual(
      GAMES.flatMap((game) =>
        game.roms.map((rom) => ({
          game: game.name,
          name: rom.name,
          size: rom.size,
          crc32: rom.crc,
          md5: null,
          sha1: rom.sha1,
          status: null,
        })),
      ),
    );
  });
});

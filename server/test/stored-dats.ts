import type { Db } from '../src/db/database.js';

/** One ROM entry of a DAT game as a test writes it: its name and content (hashed here). */
export interface DatFixtureRom {
  name: string;
  size: number;
  crc32: string;
  md5?: string;
  sha1?: string;
}

/**
 * Stores a DAT as the importer would (test helper; the importer is the `dats` module's):
 * the DAT bound to a platform, its games and their ROM entries. Returns the DAT's id.
 */
export async function storeDat(
  db: Db,
  dat: { name: string; platformId: number | null; version?: string },
  games: Record<string, DatFixtureRom[]>,
): Promise<number> {
  const romCount = Object.values(games).reduce((sum, roms) => sum + roms.length, 0);
  const { id } = await db
    .insertInto('dat')
    .values({
      platform_id: dat.platformId,
      name: dat.name,
      description: dat.name,
      version: dat.version ?? '20261201-000000',
      author: null,
      homepage: 'No-Intro',
      header_name: dat.name,
      format: 'logiqx',
      source: 'upload',
      source_path: null,
      file_name: `${dat.name}.dat`,
      file_size_bytes: 1000,
      file_mtime_ms: null,
      game_count: Object.keys(games).length,
      rom_count: romCount,
      imported_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [gameName, roms] of Object.entries(games)) {
    const game = await db
      .insertInto('dat_game')
      .values({ dat_id: id, name: gameName, description: gameName })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const rom of roms) {
      await db
        .insertInto('dat_rom')
        .values({
          dat_id: id,
          dat_game_id: game.id,
          name: rom.name,
          size: rom.size,
          crc32: rom.crc32,
          md5: rom.md5 ?? null,
          sha1: rom.sha1 ?? null,
          status: null,
        })
        .execute();
    }
  }
  return id;
}

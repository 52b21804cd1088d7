import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

import { engineOf } from '../engine.js';
import type { Engine } from '../engine.js';
import { DEFAULT_REGION_PRIORITY } from '../../modules/library/library-config.defaults.js';
import {
  ROM_VERSION_SOURCE_COLUMNS,
  prereleaseSql,
  refreshWinnersSql,
  regionRankSql,
  regionRanks,
} from '../../modules/roms/versions/rom-version-ranks.js';

/**
 * `rom_version`: each ROM's versions group (`rom.group_key`), its rank parts and whether it is
 * the group's best member, kept by triggers on `rom` (insert, a change of a source column,
 * delete), so the grouped list (`group_by_meta_id`) and its first page read an index instead
 * of ranking every group's members per request (see roms/versions/rom-version-ranks.ts).
 * `rom_version_region` holds the region ranks of `scan.priority.region`: the defaults here,
 * rewritten by the app when the configuration differs (ranks and winners are then re-read).
 *
 * PostgreSQL indexes inserted ROMs per statement (a scan's batch, `db:copy`), from the
 * statement's transition table; updates and deletes per row, as SQLite.
 */
export const romVersions: Migration = {
  async up(db: Kysely<unknown>) {
    const engine = engineOf(db);
    const id = engine === 'postgres' ? 'BIGINT' : 'INTEGER';
    await sql
      .raw(`CREATE TABLE rom_version_region (region TEXT PRIMARY KEY, rank INTEGER NOT NULL)`)
      .execute(db);
    for (const [region, rank] of regionRanks(DEFAULT_REGION_PRIORITY)) {
      await sql`INSERT INTO rom_version_region (region, rank) VALUES (${region}, ${rank})`.execute(
        db,
      );
    }
    await sql
      .raw(
        `CREATE TABLE rom_version (
      rom_id ${id} PRIMARY KEY,
      group_key TEXT NOT NULL,
      prerelease INTEGER NOT NULL,
      region_rank INTEGER NOT NULL,
      fs_name_no_ext TEXT NOT NULL,
      is_winner INTEGER NOT NULL
    )`,
      )
      .execute(db);
    await sql`CREATE INDEX rom_version_rank_idx
      ON rom_version (group_key, prerelease, region_rank, fs_name_no_ext, rom_id)`.execute(db);
    await sql`CREATE INDEX rom_version_winner_idx ON rom_version (rom_id) WHERE is_winner = 1`.execute(
      db,
    );
    await sql
      .raw(
        `INSERT INTO rom_version (rom_id, group_key, prerelease, region_rank, fs_name_no_ext, is_winner)
      SELECT ${versionValues(engine, 'rom')} FROM rom`,
      )
      .execute(db);
    await sql.raw(refreshWinnersSql('1 = 1')).execute(db);
    if (engine === 'postgres') await createPostgresTriggers(db);
    else await createSqliteTriggers(db);
  },

  async down(db: Kysely<unknown>) {
    if (engineOf(db) === 'postgres') {
      for (const event of ['insert', 'update', 'delete']) {
        await sql.raw(`DROP TRIGGER rom_version_${event} ON rom`).execute(db);
        await sql.raw(`DROP FUNCTION rom_version_${event}()`).execute(db);
      }
    } else {
      for (const event of ['insert', 'update', 'delete']) {
        await sql.raw(`DROP TRIGGER rom_version_${event}`).execute(db);
      }
    }
    await sql`DROP TABLE rom_version`.execute(db);
    await sql`DROP TABLE rom_version_region`.execute(db);
  },
};

/** A `rom_version` row's values for the ROM row `row` (not yet a winner). */
function versionValues(engine: Engine, row: string): string {
  return `${row}.id, ${row}.group_key, ${prereleaseSql(engine, `${row}.fs_name`)},
    ${regionRankSql(engine, `${row}.regions`)}, ${row}.fs_name_no_ext, 0`;
}

/** The row's rank parts again, from the ROM row `row`. */
function versionUpdate(engine: Engine, row: string): string {
  return `UPDATE rom_version SET group_key = ${row}.group_key,
      prerelease = ${prereleaseSql(engine, `${row}.fs_name`)},
      region_rank = ${regionRankSql(engine, `${row}.regions`)},
      fs_name_no_ext = ${row}.fs_name_no_ext
    WHERE rom_id = ${row}.id`;
}

const COLUMNS = 'rom_id, group_key, prerelease, region_rank, fs_name_no_ext, is_winner';

async function createSqliteTriggers(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `CREATE TRIGGER rom_version_insert AFTER INSERT ON rom BEGIN
    INSERT INTO rom_version (${COLUMNS}) SELECT ${versionValues('sqlite', 'new')};
    ${refreshWinnersSql('group_key = new.group_key')};
  END`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER rom_version_update AFTER UPDATE OF ${ROM_VERSION_SOURCE_COLUMNS.join(', ')}
  ON rom BEGIN
    ${versionUpdate('sqlite', 'new')};
    ${refreshWinnersSql('group_key IN (old.group_key, new.group_key)')};
  END`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER rom_version_delete AFTER DELETE ON rom BEGIN
    DELETE FROM rom_version WHERE rom_id = old.id;
    ${refreshWinnersSql('group_key = old.group_key')};
  END`,
    )
    .execute(db);
}

async function createPostgresTriggers(db: Kysely<unknown>): Promise<void> {
  const fn = async (name: string, body: string) => {
    await sql
      .raw(
        `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    ${body};
    RETURN NULL;
  END $$`,
      )
      .execute(db);
  };
  await fn(
    'rom_version_insert',
    `INSERT INTO rom_version (${COLUMNS}) SELECT ${versionValues('postgres', 'added')} FROM added;
    ${refreshWinnersSql('group_key IN (SELECT group_key FROM added)')}`,
  );
  await fn(
    'rom_version_update',
    `${versionUpdate('postgres', 'NEW')};
    ${refreshWinnersSql('group_key IN (OLD.group_key, NEW.group_key)')}`,
  );
  await fn(
    'rom_version_delete',
    `DELETE FROM rom_version WHERE rom_id = OLD.id;
    ${refreshWinnersSql('group_key = OLD.group_key')}`,
  );
  await sql`CREATE TRIGGER rom_version_insert AFTER INSERT ON rom
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT
    EXECUTE FUNCTION rom_version_insert()`.execute(db);
  await sql
    .raw(
      `CREATE TRIGGER rom_version_update AFTER UPDATE OF ${ROM_VERSION_SOURCE_COLUMNS.join(', ')}
    ON rom FOR EACH ROW EXECUTE FUNCTION rom_version_update()`,
    )
    .execute(db);
  await sql`CREATE TRIGGER rom_version_delete AFTER DELETE ON rom
    FOR EACH ROW EXECUTE FUNCTION rom_version_delete()`.execute(db);
}

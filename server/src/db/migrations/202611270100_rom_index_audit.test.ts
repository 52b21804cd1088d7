import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { makeTempDir } from '../../../test/build-test-app.js';
import { openDatabase } from '../database.js';
import { migrationProvider } from './index.js';

const BEFORE = '202611260200_rom_notes';
const DROPPED = [
  'rom_platform_id_idx',
  'rom_platform_igdb_id_idx',
  'rom_platform_launchbox_id_idx',
  'rom_platform_moby_id_idx',
  'rom_platform_ra_id_idx',
  'rom_platform_ss_id_idx',
];

/** Each index kept on `rom`, with a query of the app that the planner answers through it. */
const JUSTIFIED: Record<string, string> = {
  sqlite_autoindex_rom_1: "SELECT id FROM rom WHERE platform_id = 1 AND fs_name = 'x'",
  rom_fs_name_idx: 'SELECT id FROM rom ORDER BY fs_name, id LIMIT 72',
  rom_name_sort_key_idx: 'SELECT id FROM rom ORDER BY name_sort_key, id LIMIT 72',
  rom_fs_size_bytes_idx: 'SELECT id FROM rom ORDER BY fs_size_bytes DESC, id DESC LIMIT 72',
  rom_created_at_idx: 'SELECT id FROM rom ORDER BY created_at, id LIMIT 72',
  rom_updated_at_idx: 'SELECT id FROM rom ORDER BY updated_at, id LIMIT 72',
  rom_platform_name_sort_key_idx:
    'SELECT id FROM rom WHERE platform_id = 1 ORDER BY name_sort_key, id LIMIT 72',
  rom_platform_fs_size_bytes_idx:
    'SELECT id FROM rom WHERE platform_id = 1 ORDER BY fs_size_bytes, id LIMIT 72',
  rom_platform_created_at_idx:
    'SELECT id FROM rom WHERE platform_id = 1 ORDER BY created_at, id LIMIT 72',
  rom_platform_updated_at_idx:
    'SELECT id FROM rom WHERE platform_id = 1 ORDER BY updated_at, id LIMIT 72',
  rom_sort_char_idx: 'SELECT sort_char AS c, count(*) FROM rom GROUP BY c ORDER BY c',
  rom_platform_sort_char_idx:
    'SELECT sort_char AS c, count(*) FROM rom WHERE platform_id = 1 GROUP BY c ORDER BY c',
  rom_crc_hash_idx: "SELECT id FROM rom WHERE crc_hash = 'x'",
  rom_md5_hash_idx: "SELECT id FROM rom WHERE md5_hash = 'x'",
  rom_sha1_hash_idx: "SELECT id FROM rom WHERE sha1_hash = 'x'",
  rom_ra_hash_idx: "SELECT id FROM rom WHERE ra_hash = 'x'",
  // Since 202612020310_provider_claim_indexes, `(<id>, platform_id)`: the claim check.
  rom_igdb_id_idx: 'SELECT id FROM rom WHERE platform_id = 1 AND igdb_id = 7 AND id != 3',
  rom_moby_id_idx: 'SELECT id FROM rom WHERE platform_id = 1 AND moby_id = 7 AND id != 3',
  rom_ss_id_idx: 'SELECT id FROM rom WHERE platform_id = 1 AND ss_id = 7 AND id != 3',
  rom_ra_id_idx: 'SELECT id FROM rom WHERE platform_id = 1 AND ra_id = 7 AND id != 3',
  rom_launchbox_id_idx: 'SELECT id FROM rom WHERE platform_id = 1 AND launchbox_id = 7 AND id != 3',
  rom_hasheous_id_idx: 'SELECT id FROM rom WHERE hasheous_id = 7 ORDER BY id LIMIT 1',
  rom_tgdb_id_idx: 'SELECT id FROM rom WHERE tgdb_id = 7 ORDER BY id LIMIT 1',
  rom_hltb_id_idx: 'SELECT id FROM rom WHERE hltb_id = 7 ORDER BY id LIMIT 1',
  // Added later (202611280200_rom_version_groups): a versions group's members.
  rom_group_key_idx: "SELECT id FROM rom WHERE group_key = 'igdb-1-7'",
  // Added later (202612020300_list_order_indexes): pages by release date.
  rom_release_date_idx: 'SELECT id FROM rom ORDER BY first_release_date, id LIMIT 72',
  rom_platform_release_date_idx:
    'SELECT id FROM rom WHERE platform_id = 1 ORDER BY first_release_date, id LIMIT 72',
  // Added later (202612050300_platform_missing_sizes): a platform's size less its missing ROMs'.
  rom_platform_missing_size_idx:
    'SELECT sum(fs_size_bytes) FROM rom WHERE platform_id = 1 AND missing_from_fs = 1',
};

async function romIndexes(db: ReturnType<typeof openDatabase>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'rom'
    ORDER BY name`.execute(db);
  return rows.map((row) => row.name);
}

describe('migration 202611270100_rom_index_audit', () => {
  it('drops the unused rom indexes; each one kept is the plan of a query', async () => {
    const db = openDatabase(makeTempDir('romshelf-migration-'));
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    const before = await romIndexes(db);
    expect(before).toEqual(expect.arrayContaining(DROPPED));
    expect(before).toHaveLength(30);

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const after = await romIndexes(db);
    expect(after).toEqual(Object.keys(JUSTIFIED).sort());
    for (const [index, query] of Object.entries(JUSTIFIED)) {
      const { rows } = await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${sql.raw(query)}`.execute(
        db,
      );
      const plan = rows.map((row) => row.detail).join(' / ');
      expect(plan, query).toMatch(new RegExp(`INDEX ${index}\\b`));
      expect(plan, query).not.toMatch(/TEMP B-TREE/);
    }

    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    expect(await romIndexes(db)).toEqual(before);
    await db.destroy();
  });
});

import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

import { engineOf } from '../engine.js';

/**
 * Provider ids that make ROMs versions of one game, in the order the group key takes them
 * (RomM's `group_by_meta_id`: the first id the ROM carries names its group).
 */
export const GROUP_KEY_PROVIDERS = [
  ['igdb', 'igdb_id'],
  ['ss', 'ss_id'],
  ['moby', 'moby_id'],
  ['ra', 'ra_id'],
  ['hasheous', 'hasheous_id'],
  ['launchbox', 'launchbox_id'],
  ['tgdb', 'tgdb_id'],
] as const;

/**
 * `rom.group_key`: the versions group of a ROM, `<provider>-<platform id>-<id>` from its first
 * provider id, null for a ROM without one (a group of its own). A virtual column, computed when
 * read and kept in a partial index, so every write path keeps it right without extra code and
 * the grouped list finds a group's members by index. PostgreSQL stores it (its generated
 * columns are stored ones), and its text casts are spelled out (an implicit one is not
 * immutable there).
 */
export const romVersionGroups: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = engineOf(db) === 'postgres';
    const text = (column: string) => (postgres ? `${column}::text` : column);
    const keys = GROUP_KEY_PROVIDERS.map(
      ([prefix, column]) => `'${prefix}-' || ${text('platform_id')} || '-' || ${text(column)}`,
    ).join(', ');
    const storage = postgres ? 'STORED' : 'VIRTUAL';
    await sql
      .raw(
        `ALTER TABLE rom ADD COLUMN group_key TEXT GENERATED ALWAYS AS (coalesce(${keys})) ${storage}`,
      )
      .execute(db);
    await db.schema
      .createIndex('rom_group_key_idx')
      .on('rom')
      .column('group_key')
      .where(sql.ref('group_key'), 'is not', null)
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('rom_group_key_idx').execute();
    await db.schema.alterTable('rom').dropColumn('group_key').execute();
  },
};

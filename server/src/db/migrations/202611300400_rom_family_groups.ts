import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

import { engineOf } from '../engine.js';
import { GROUP_KEY_PROVIDERS } from './202611280200_rom_version_groups.js';

/** `rom.group_key` as a migration defines it: `family` adds the file-name family fallback. */
async function defineGroupKey(db: Kysely<unknown>, family: boolean): Promise<void> {
  const postgres = engineOf(db) === 'postgres';
  const text = (column: string) => (postgres ? `${column}::text` : column);
  const keys = GROUP_KEY_PROVIDERS.map(
    ([prefix, column]) => `'${prefix}-' || ${text('platform_id')} || '-' || ${text(column)}`,
  );
  if (family) keys.push(`'name-' || ${text('platform_id')} || '-' || lower(fs_name_no_tags)`);
  const storage = postgres ? 'STORED' : 'VIRTUAL';
  await db.schema.dropIndex('rom_group_key_idx').execute();
  await db.schema.alterTable('rom').dropColumn('group_key').execute();
  await sql
    .raw(
      `ALTER TABLE rom ADD COLUMN group_key TEXT GENERATED ALWAYS AS (coalesce(${keys.join(', ')})) ${storage}`,
    )
    .execute(db);
  await db.schema
    .createIndex('rom_group_key_idx')
    .on('rom')
    .column('group_key')
    .where(sql.ref('group_key'), 'is not', null)
    .execute();
}

/**
 * Versions grouping without metadata: a ROM without any provider id joins the group of its
 * file-name family, `name-<platform id>-<name without tags, lower-cased>`, so "Tetris (USA)"
 * and "Tetris (Europe) (Rev 1)" are versions of one game before (or without) identification.
 */
export const romFamilyGroups: Migration = {
  up: (db: Kysely<unknown>) => defineGroupKey(db, true),
  down: (db: Kysely<unknown>) => defineGroupKey(db, false),
};

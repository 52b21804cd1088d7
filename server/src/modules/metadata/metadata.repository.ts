import { sql } from 'kysely';

import type { Db } from '../../db/database.js';

export type IdColumn = 'igdb_id' | 'ss_id' | 'moby_id' | 'ra_id' | 'launchbox_id' | 'hasheous_id';

/** Another ROM of the platform holding a provider id. */
export interface IdHolder {
  id: number;
  fs_name_no_tags: string;
  crc_hash: string | null;
  md5_hash: string | null;
  sha1_hash: string | null;
  match_methods: string;
}

/** Which stored ROMs a scan type re-identifies. */
export type IdentifySelection = 'unidentified' | 'identified' | 'all';

const ID_COLUMNS: readonly IdColumn[] = [
  'igdb_id',
  'ss_id',
  'moby_id',
  'ra_id',
  'launchbox_id',
  'hasheous_id',
];

/** Reads the metadata module needs beyond the ROM repository's. */
export class MetadataRepository {
  constructor(private readonly db: Db) {}

  async holders(
    platformId: number,
    column: IdColumn,
    id: number,
    exceptRomId: number,
  ): Promise<IdHolder[]> {
    return this.db
      .selectFrom('rom')
      .select(['id', 'fs_name_no_tags', 'crc_hash', 'md5_hash', 'sha1_hash', 'match_methods'])
      .where('platform_id', '=', platformId)
      .where(column, '=', id)
      .where('id', '!=', exceptRomId)
      .execute();
  }

  /** ROM ids of a platform present on disk, by identification state. */
  async romIds(platformId: number, selection: IdentifySelection): Promise<number[]> {
    let query = this.db
      .selectFrom('rom')
      .select('id')
      .where('platform_id', '=', platformId)
      .where('missing_from_fs', '=', 0);
    const anyId = sql.join(
      ID_COLUMNS.map((column) => sql`${sql.ref(column)} IS NOT NULL`),
      sql` OR `,
    );
    if (selection === 'identified') query = query.where(sql<boolean>`(${anyId})`);
    if (selection === 'unidentified') query = query.where(sql<boolean>`NOT (${anyId})`);
    const rows = await query.orderBy('id').execute();
    return rows.map((row) => row.id);
  }
}

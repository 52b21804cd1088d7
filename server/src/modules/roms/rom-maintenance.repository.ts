import type { Db } from '../../db/database.js';

/** A ROM as the maintenance tasks see it. */
export interface RomOwner {
  id: number;
  platform_id: number;
}

/** Reads of the maintenance tasks (cleanups, artwork conversion). */
export class RomMaintenanceRepository {
  constructor(private readonly db: Db) {}

  /** ROMs flagged missing from disk, optionally of some platforms only. */
  missingRoms(platformIds: readonly number[] | null): Promise<RomOwner[]> {
    let query = this.db
      .selectFrom('rom')
      .select(['id', 'platform_id'])
      .where('missing_from_fs', '=', 1);
    if (platformIds !== null) query = query.where('platform_id', 'in', platformIds);
    return query.orderBy('id').execute();
  }

  /** The ids of a platform's ROMs. */
  async romIdsOf(platformId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('rom')
      .select('id')
      .where('platform_id', '=', platformId)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Every ROM id with its platform: the owners resource folders may belong to. */
  owners(): Promise<RomOwner[]> {
    return this.db.selectFrom('rom').select(['id', 'platform_id']).execute();
  }

  /** A ROM's stored screenshot paths (JSON) and cover stamp; undefined when it is gone. */
  artwork(
    id: number,
  ): Promise<
    { platform_id: number; path_screenshots: string; cover_updated_at: string | null } | undefined
  > {
    return this.db
      .selectFrom('rom')
      .select(['platform_id', 'path_screenshots', 'cover_updated_at'])
      .where('id', '=', id)
      .executeTakeFirst();
  }
}

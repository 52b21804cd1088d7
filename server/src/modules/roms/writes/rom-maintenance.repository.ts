import { sql } from 'kysely';

import type { Db } from '../../../db/database.js';

/** A missing ROM as library management lists it. */
export interface MissingRomRow {
  id: number;
  name: string | null;
  fs_name: string;
  fs_path: string;
  platform_id: number;
  platform_display_name: string;
}

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

  /** The first `limit` ROMs flagged missing (by platform, then name) and how many there are. */
  async missingList(limit: number): Promise<{ total: number; items: MissingRomRow[] }> {
    const total = await this.db
      .selectFrom('rom')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('missing_from_fs', '=', 1)
      .executeTakeFirstOrThrow();
    const items = await this.db
      .selectFrom('rom')
      .innerJoin('platform', 'platform.id', 'rom.platform_id')
      .select([
        'rom.id',
        'rom.name',
        'rom.fs_name',
        'rom.fs_path',
        'rom.platform_id',
        sql<string>`coalesce(platform.custom_name, platform.name)`.as('platform_display_name'),
      ])
      .where('rom.missing_from_fs', '=', 1)
      .orderBy('platform_display_name')
      .orderBy('rom.fs_name')
      .limit(limit)
      .execute();
    return { total: Number(total.count), items };
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

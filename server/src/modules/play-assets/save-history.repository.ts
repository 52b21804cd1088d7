import type { Insertable } from 'kysely';

import type { Db } from '../../db/database.js';
import type { PlayAssetVersionRow, PlayAssetVersionTable } from '../../db/schema-save-history.js';

/** A version with the name of the device that wrote it (when it still exists). */
export interface NamedVersionRow extends PlayAssetVersionRow {
  device_name: string | null;
}

/** The earlier contents of saves and states, and each user's limits; scoped to one user. */
export class SaveHistoryRepository {
  constructor(private readonly db: Db) {}

  async insert(row: Insertable<PlayAssetVersionTable>): Promise<PlayAssetVersionRow> {
    return this.db
      .insertInto('play_asset_version')
      .values(row)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The versions of one asset of the user, newest replaced first. */
  async ofAsset(userId: number, assetId: number): Promise<NamedVersionRow[]> {
    return this.db
      .selectFrom('play_asset_version as version')
      .leftJoin('device', (join) =>
        join
          .onRef('device.id', '=', 'version.device_id')
          .onRef('device.user_id', '=', 'version.user_id'),
      )
      .selectAll('version')
      .select('device.name as device_name')
      .where('version.user_id', '=', userId)
      .where('version.asset_id', '=', assetId)
      .orderBy('version.replaced_at', 'desc')
      .orderBy('version.id', 'desc')
      .execute();
  }

  /** Every version of the user's assets among `assetIds` (all of them when null). */
  async ofUser(userId: number, assetIds: readonly number[] | null): Promise<PlayAssetVersionRow[]> {
    if (assetIds !== null && assetIds.length === 0) return [];
    return this.db
      .selectFrom('play_asset_version')
      .selectAll()
      .where('user_id', '=', userId)
      .$if(assetIds !== null, (query) => query.where('asset_id', 'in', assetIds ?? []))
      .orderBy('asset_id')
      .orderBy('replaced_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** The users who have versions kept. */
  async usersWithVersions(): Promise<number[]> {
    const rows = await this.db
      .selectFrom('play_asset_version')
      .select('user_id')
      .distinct()
      .execute();
    return rows.map((row) => row.user_id);
  }

  async delete(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('play_asset_version').where('id', 'in', ids).execute();
  }

  async settings(userId: number) {
    return this.db
      .selectFrom('save_history_setting')
      .select(['max_versions', 'max_age_days'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async saveSettings(
    userId: number,
    limits: { max_versions: number | null; max_age_days: number | null },
    now: string,
  ): Promise<void> {
    await this.db
      .insertInto('save_history_setting')
      .values({ user_id: userId, ...limits, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...limits, updated_at: now }))
      .execute();
  }
}

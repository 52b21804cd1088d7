import { sql } from 'kysely';

import type { Db } from '../../db/database.js';
import type { DataVersions } from '../../db/data-versions.js';
import type { NewPlatformRow, PlatformRow } from '../../db/schema.js';
import type { Withheld } from '../hidden-items/visibility.js';

/** A platform with the aggregates the API shows. */
export interface PlatformWithStatsRow extends PlatformRow {
  rom_count: number;
  fs_size_bytes: number;
}

export type PlatformFields = Omit<NewPlatformRow, 'id' | 'created_at' | 'updated_at'>;

/** What the platform list's counts and sizes follow. */
const LIST_DATA = ['romRows', 'platforms'] as const;

export class PlatformsRepository {
  /**
   * The last list with the data version it was read at: every gallery and page asks for it, and
   * its counts and sizes read each platform's index entries (tens of ms at 100k ROMs).
   */
  private listed: { version: number; rows: PlatformWithStatsRow[] } | null = null;

  constructor(
    private readonly db: Db,
    private readonly versions: DataVersions,
  ) {}

  private withStats() {
    return this.db
      .selectFrom('platform')
      .selectAll('platform')
      .select([
        sql<number>`(SELECT count(*) FROM rom WHERE rom.platform_id = platform.id)`.as('rom_count'),
        // Every ROM's size less the missing ones', each sum read from an index alone.
        sql<number>`(SELECT coalesce(sum(fs_size_bytes), 0) FROM rom
          WHERE rom.platform_id = platform.id)
          - (SELECT coalesce(sum(fs_size_bytes), 0) FROM rom
          WHERE rom.platform_id = platform.id AND rom.missing_from_fs = 1)`.as('fs_size_bytes'),
      ]);
  }

  /** Every platform with its ROM count and size, by name. */
  async listWithStats(): Promise<PlatformWithStatsRow[]> {
    // Read before the query: a write while it runs moves the version, and the next call reads again.
    const version = this.versions.of(LIST_DATA);
    if (this.listed?.version === version) return this.listed.rows;
    const rows = await this.withStats().orderBy('platform.name').orderBy('platform.id').execute();
    this.listed = { version, rows };
    return rows;
  }

  /**
   * The rows a caller may see: without the withheld platforms, and counted and sized without
   * the withheld ROMs (one grouped read of those ROMs, not of every platform's).
   */
  async visibleOf(
    rows: readonly PlatformWithStatsRow[],
    withheld: Withheld,
  ): Promise<PlatformWithStatsRow[]> {
    const visible = rows.filter((row) => !withheld.platformIds.includes(row.id));
    if (withheld.romIds.length === 0) return visible;
    const hidden = await this.db
      .selectFrom('rom')
      .select([
        'platform_id',
        (eb) => eb.fn.countAll<number>().as('count'),
        sql<number>`coalesce(sum(CASE WHEN missing_from_fs = 0 THEN fs_size_bytes END), 0)`.as(
          'size',
        ),
      ])
      .where('id', 'in', [...withheld.romIds])
      .groupBy('platform_id')
      .execute();
    const less = new Map(hidden.map((row) => [row.platform_id, row]));
    return visible.map((row) => {
      const minus = less.get(row.id);
      if (minus === undefined) return row;
      return {
        ...row,
        rom_count: row.rom_count - minus.count,
        fs_size_bytes: row.fs_size_bytes - minus.size,
      };
    });
  }

  async findWithStats(id: number): Promise<PlatformWithStatsRow | undefined> {
    return this.withStats().where('platform.id', '=', id).executeTakeFirst();
  }

  async all(): Promise<PlatformRow[]> {
    return this.db.selectFrom('platform').selectAll().execute();
  }

  async findByIds(ids: readonly number[]): Promise<PlatformRow[]> {
    if (ids.length === 0) return [];
    return this.db.selectFrom('platform').selectAll().where('id', 'in', ids).execute();
  }

  async insert(fields: PlatformFields, now: string): Promise<PlatformRow> {
    const row = await this.db
      .insertInto('platform')
      .values({ ...fields, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    this.versions.wrote('platforms');
    return row;
  }

  async update(id: number, fields: Partial<PlatformFields>, now: string): Promise<PlatformRow> {
    const row = await this.db
      .updateTable('platform')
      .set({ ...fields, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    this.versions.wrote('platforms');
    return row;
  }

  /** Flags platforms (and their ROMs) whose folder is gone; returns how many were flagged. */
  async markMissing(ids: readonly number[], now: string): Promise<void> {
    if (ids.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('platform')
        .set({ missing_from_fs: 1, updated_at: now })
        .where('id', 'in', ids)
        .execute();
      await trx
        .updateTable('rom')
        .set({ missing_from_fs: 1, updated_at: now })
        .where('platform_id', 'in', ids)
        .where('missing_from_fs', '=', 0)
        .execute();
    });
    this.versions.wrote('platforms');
    this.versions.wrote('romRows');
  }

  /** Deletes a platform row (its firmware rows cascade); false when there was none. */
  async delete(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('platform').where('id', '=', id).executeTakeFirst();
    this.versions.wrote('platforms');
    return result.numDeletedRows > 0n;
  }
}

import type { StatsMetadataSource } from '@romshelf/contract';
import { sql } from 'kysely';

import type { Db } from '../../db/database.js';
import { engineOf } from '../../db/engine.js';
import { jsonArrayElements } from '../../db/dialect-sql.js';
import type { Withheld } from '../hidden-items/visibility.js';
import { romVisibleSql } from '../hidden-items/withheld-sql.js';

export interface LibraryTotalsRow {
  platforms: number;
  roms: number;
  size: number;
  saves: number;
  states: number;
  screenshots: number;
}

export type CoverageRow = { platform_id: number } & Record<StatsMetadataSource, number>;

export interface RegionCountRow {
  platform_id: number;
  region: string;
  count: number;
}

/**
 * Library-wide aggregates: each method is one GROUP BY over the table, never a loop over ROMs,
 * without the platforms and ROMs withheld from the caller.
 */
export class StatsRepository {
  constructor(private readonly db: Db) {}

  async totals(withheld: Withheld): Promise<LibraryTotalsRow> {
    const roms = await this.db
      .selectFrom('rom')
      .where(romVisibleSql(withheld))
      .select((eb) => [
        eb.fn.count<number>('platform_id').distinct().as('platforms'),
        eb.fn.countAll<number>().as('roms'),
        // Missing files take no room on disk.
        sql<number>`coalesce(sum(CASE WHEN missing_from_fs = 0 THEN fs_size_bytes END), 0)`.as(
          'size',
        ),
      ])
      .executeTakeFirstOrThrow();
    const assets = await this.db
      .selectFrom('play_asset')
      .innerJoin('rom', 'rom.id', 'play_asset.rom_id')
      .where(romVisibleSql(withheld))
      .select((eb) => ['play_asset.kind', eb.fn.countAll<number>().as('count')])
      .groupBy('play_asset.kind')
      .execute();
    const byKind = new Map(assets.map((row) => [row.kind, row.count]));
    return {
      ...roms,
      saves: byKind.get('save') ?? 0,
      states: byKind.get('state') ?? 0,
      screenshots: byKind.get('screenshot') ?? 0,
    };
  }

  /** Per platform holding ROMs: how many of them carry each source's id. */
  async coverage(withheld: Withheld): Promise<CoverageRow[]> {
    return this.db
      .selectFrom('rom')
      .where(romVisibleSql(withheld))
      .select((eb) => [
        'platform_id',
        eb.fn.count<number>('igdb_id').as('igdb'),
        eb.fn.count<number>('moby_id').as('moby'),
        eb.fn.count<number>('ss_id').as('ss'),
        eb.fn.count<number>('ra_id').as('ra'),
        eb.fn.count<number>('launchbox_id').as('launchbox'),
        eb.fn.count<number>('hasheous_id').as('hasheous'),
        eb.fn.count<number>('sgdb_id').as('sgdb'),
        eb.fn.count<number>('tgdb_id').as('tgdb'),
      ])
      .groupBy('platform_id')
      .orderBy('platform_id')
      .execute();
  }

  /** ROMs per platform and region (from each ROM's JSON region list), most common first. */
  async regions(withheld: Withheld): Promise<RegionCountRow[]> {
    const result = await sql<{ platform_id: number; region: unknown; count: number }>`
      SELECT rom.platform_id AS platform_id, j.value AS region, count(*) AS count
      FROM rom, ${jsonArrayElements(engineOf(this.db), sql`rom.regions`)} AS j
      WHERE ${romVisibleSql(withheld)}
      GROUP BY rom.platform_id, j.value
      ORDER BY rom.platform_id, count DESC, region`.execute(this.db);
    return result.rows.map((row) => ({ ...row, region: String(row.region) }));
  }
}

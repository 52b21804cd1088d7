import { sql } from 'kysely';

import type { Db } from '../../db/database.js';
import type { Withheld } from '../hidden-items/visibility.js';
import { withholds } from '../hidden-items/visibility.js';
import { romVisibleSql } from '../hidden-items/withheld-sql.js';
import type { Engine } from '../../db/engine.js';
import { engineOf } from '../../db/engine.js';
import { jsonArray, jsonGroupArray } from '../../db/dialect-sql.js';

/** One value of a merged-metadata list shared by enough ROMs, with its members. */
export interface VirtualCollectionRow {
  kind: string;
  value: string;
  /** Member ids, ascending. */
  romIds: number[];
  /** The first members with a cover (id order): id, platform, when the cover was written. */
  covered: { id: number; platformId: number; coverUpdatedAt: string }[];
}

/** Virtual collections read from the filter index (`rom_facet`), which scans and edits keep current. */
export class VirtualCollectionsRepository {
  private readonly engine: Engine;

  constructor(private readonly db: Db) {
    this.engine = engineOf(db);
  }

  /**
   * Every value of the given kinds that more than `minRoms` ROMs share, with its members and
   * the first `coverCount` covered members. One statement: the groups walk the primary key
   * `(kind, value, rom_id)` in order; each group's covers stop after `coverCount` hits.
   */
  async groups(
    kinds: readonly string[],
    minRoms: number,
    coverCount: number,
    withheld: Withheld,
  ): Promise<VirtualCollectionRow[]> {
    if (kinds.length === 0) return [];
    const visible = withholds(withheld)
      ? sql`AND rom_id IN (SELECT rom.id FROM rom WHERE ${romVisibleSql(withheld)})`
      : sql``;
    const cover = jsonArray(this.engine, [sql`c.id`, sql`c.platform_id`, sql`c.cover_updated_at`]);
    const { rows } = await sql<{ kind: string; value: string; ids: string; covers: string }>`
      SELECT g.kind, g.value, g.ids,
        (SELECT ${jsonGroupArray(this.engine, cover, sql`c.id`)} FROM (
          SELECT rom.id, rom.platform_id, rom.cover_updated_at
          FROM rom_facet AS f JOIN rom ON rom.id = f.rom_id
          WHERE f.kind = g.kind AND f.value = g.value AND rom.cover_updated_at IS NOT NULL
            AND ${romVisibleSql(withheld)}
          ORDER BY f.rom_id LIMIT ${coverCount}
        ) AS c) AS covers
      FROM (
        SELECT kind, value, ${jsonGroupArray(this.engine, sql`rom_id`, sql`rom_id`)} AS ids FROM rom_facet
        WHERE kind IN (${sql.join(kinds.map((kind) => sql`${kind}`))}) ${visible}
        GROUP BY kind, value HAVING count(*) > ${minRoms}
      ) AS g`.execute(this.db);
    return rows.map((row) => ({
      kind: row.kind,
      value: row.value,
      romIds: JSON.parse(row.ids) as number[],
      covered: (JSON.parse(row.covers) as [number, number, string][]).map(
        ([id, platformId, coverUpdatedAt]) => ({ id, platformId, coverUpdatedAt }),
      ),
    }));
  }
}

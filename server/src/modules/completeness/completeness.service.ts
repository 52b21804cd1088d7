import type { CompletenessFilter, CompletenessSet, MissingGamesPage } from '@romshelf/contract';

import { HttpError } from '../../http/http-error.js';
import type { Withheld } from '../hidden-items/visibility.js';
import { withheldFromCaller } from '../hidden-items/visibility.js';
import type {
  BoundDatRow,
  CompletenessRepository,
  DatRomEntry,
  GameFilter,
} from './completeness.repository.js';
import type { MissingGameWithRoms } from './missing-exports.js';
import {
  FIXDAT_FOOTER,
  MISSING_CSV_HEADER,
  fixdatGame,
  fixdatHeader,
  missingCsvRow,
} from './missing-exports.js';

/** Games read per batch while an export streams. */
const EXPORT_BATCH = 500;

/** Counts per value of a comma-separated field ("USA, Europe", "En,Fr"), most first. */
function facetCounts(
  rows: readonly { value: string | null; count: number }[],
): { value: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const row of rows) {
    for (const value of (row.value ?? '').split(',')) {
      const trimmed = value.trim();
      if (trimmed !== '') counts.set(trimmed, (counts.get(trimmed) ?? 0) + row.count);
    }
  }
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1));
}

/** A streamed export: its file name, type and text. */
export interface MissingExport {
  fileName: string;
  contentType: string;
  body: AsyncGenerator<string>;
}

/** How complete the library is against the DATs bound to its platforms, and what it misses. */
export class CompletenessService {
  constructor(
    private readonly repository: CompletenessRepository,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Each bound DAT's figure (one platform's, or all the caller sees), for a region/language. */
  async sets(
    platformId: number | undefined,
    filter: CompletenessFilter,
  ): Promise<CompletenessSet[]> {
    const withheld = withheldFromCaller();
    const sets: CompletenessSet[] = [];
    for (const dat of await this.repository.boundDats(platformId, withheld)) {
      const counts = await this.repository.counts(dat.id, filter, withheld);
      const facets = await this.repository.facets(dat.id);
      sets.push({
        dat_id: dat.id,
        platform_id: dat.platform_id,
        dat_name: dat.name,
        dat_version: dat.version,
        region: filter.region ?? null,
        language: filter.language ?? null,
        games: counts.games,
        owned: counts.owned,
        missing: counts.games - counts.owned,
        incomplete: counts.incomplete,
        regions: facetCounts(facets.map((row) => ({ value: row.region, count: row.count }))),
        languages: facetCounts(facets.map((row) => ({ value: row.languages, count: row.count }))),
      });
    }
    return sets;
  }

  /** One page of a set's missing games, by name. */
  async missing(
    datId: number,
    filter: GameFilter,
    page: { limit: number; offset: number },
  ): Promise<MissingGamesPage> {
    await this.boundDat(datId);
    const withheld = withheldFromCaller();
    const rows = await this.repository.missingGames(datId, filter, withheld, page);
    return {
      items: rows.map((row) => ({
        id: row.id,
        name: row.name,
        region: row.region,
        languages: row.languages,
        size: row.size,
        file_count: row.file_count,
        incomplete: row.incomplete === 1,
      })),
      total: await this.repository.missingCount(datId, filter, withheld),
      limit: page.limit,
      offset: page.offset,
    };
  }

  /** The missing games as CSV (name, region, languages, size, files, status). */
  async missingCsv(datId: number, filter: GameFilter): Promise<MissingExport> {
    const dat = await this.boundDat(datId);
    const games = this.missingBatches(datId, filter, false, withheldFromCaller());
    return {
      fileName: `${dat.name} (missing).csv`,
      contentType: 'text/csv; charset=utf-8',
      body: (async function* () {
        yield MISSING_CSV_HEADER;
        for await (const batch of games) yield batch.map(missingCsvRow).join('');
      })(),
    };
  }

  /** The missing games as a fixdat: a Logiqx DAT other tools fill the gaps with. */
  async fixdat(datId: number, filter: GameFilter): Promise<MissingExport> {
    const dat = await this.boundDat(datId);
    const games = this.missingBatches(datId, filter, true, withheldFromCaller());
    const header = fixdatHeader(dat, this.clock().toISOString().slice(0, 10));
    return {
      fileName: `Fix_${dat.name}.dat`,
      contentType: 'application/xml; charset=utf-8',
      body: (async function* () {
        yield header;
        for await (const batch of games) yield batch.map(fixdatGame).join('');
        yield FIXDAT_FOOTER;
      })(),
    };
  }

  /** The missing games in batches by id (with their files for a fixdat). */
  private async *missingBatches(
    datId: number,
    filter: GameFilter,
    withRoms: boolean,
    withheld: Withheld,
  ): AsyncGenerator<MissingGameWithRoms[]> {
    let afterId = 0;
    for (;;) {
      const games = await this.repository.missingGames(datId, filter, withheld, {
        limit: EXPORT_BATCH,
        afterId,
      });
      if (games.length === 0) return;
      const roms = new Map<number, DatRomEntry[]>();
      if (withRoms) {
        for (const rom of await this.repository.romsOf(games.map((game) => game.id))) {
          roms.set(rom.dat_game_id, [...(roms.get(rom.dat_game_id) ?? []), rom]);
        }
      }
      yield games.map((game) => ({ ...game, roms: roms.get(game.id) ?? [] }));
      afterId = games[games.length - 1]?.id ?? afterId;
    }
  }

  /** A DAT bound to a platform the caller sees, else 404. */
  private async boundDat(datId: number): Promise<BoundDatRow> {
    const dats = await this.repository.boundDats(undefined, withheldFromCaller());
    const dat = dats.find((row) => row.id === datId);
    if (dat === undefined) throw new HttpError(404, 'DAT not found');
    return dat;
  }
}

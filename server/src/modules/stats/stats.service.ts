import type { RegionCount, Stats } from '@romshelf/contract';
import { STATS_METADATA_SOURCES } from '@romshelf/contract';

import { withheldFromCaller } from '../hidden-items/visibility.js';
import type { StatsRepository } from './stats.repository.js';

export class StatsService {
  constructor(private readonly stats: StatsRepository) {}

  async get(includePlatformStats: boolean): Promise<Stats> {
    const withheld = withheldFromCaller();
    const totals = await this.stats.totals(withheld);
    const stats: Stats = {
      PLATFORMS: totals.platforms,
      ROMS: totals.roms,
      SAVES: totals.saves,
      STATES: totals.states,
      SCREENSHOTS: totals.screenshots,
      TOTAL_FILESIZE_BYTES: totals.size,
      METADATA_COVERAGE: {},
      REGION_BREAKDOWN: {},
    };
    if (!includePlatformStats) return stats;

    const coverage = await this.stats.coverage(withheld);
    const regions = new Map<number, RegionCount[]>(coverage.map((row) => [row.platform_id, []]));
    for (const row of await this.stats.regions(withheld)) {
      regions.get(row.platform_id)?.push({ region: row.region, count: row.count });
    }
    return {
      ...stats,
      METADATA_COVERAGE: Object.fromEntries(
        coverage.map((row) => [
          String(row.platform_id),
          STATS_METADATA_SOURCES.map((source) => ({ source, matched: row[source] })),
        ]),
      ),
      REGION_BREAKDOWN: Object.fromEntries(
        [...regions].map(([platformId, counts]) => [String(platformId), counts]),
      ),
    };
  }
}

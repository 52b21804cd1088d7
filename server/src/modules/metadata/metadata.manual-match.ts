import type { MatchSource, SearchCoverResult, SearchRom } from '@romshelf/contract';
import type { FastifyBaseLogger } from 'fastify';

import { HttpError } from '../../http/http-error.js';
import { nowIso } from '../../lib/time.js';
import type { RomMetadataWrites, RomRecord } from '../roms/writes/rom-metadata-writes.js';
import { jaroWinkler, normaliseName } from './matcher.js';
import type { IdClaims } from './metadata.claims.js';
import type { MatchMethod, NameSource } from './metadata.row.js';
import {
  ID_COLUMN,
  NAME_SOURCES,
  liveResults,
  parseJson,
  providerPlatform,
} from './metadata.row.js';
import type { MetadataProviders } from './metadata.sources.js';
import type { MetadataWriter } from './metadata.writer.js';
import type { NameProvider, ProviderGame, ProviderPlatform } from './providers/provider.js';
import { emptyGame } from './providers/provider.js';

/** A match-dialog entry for a game, before other sources' ids are added. */
function searchRomOf(row: RomRecord, game: ProviderGame): SearchRom {
  return {
    id: row.id,
    igdb_id: null,
    moby_id: null,
    ss_id: null,
    sgdb_id: null,
    flashpoint_id: null,
    launchbox_id: null,
    libretro_id: null,
    platform_id: row.platform_id,
    name: game.name,
    slug: game.slug,
    summary: game.summary,
    igdb_url_cover: null,
    moby_url_cover: null,
    ss_url_cover: null,
    sgdb_url_cover: null,
    flashpoint_url_cover: null,
    launchbox_url_cover: null,
    libretro_url_cover: null,
    is_unidentified: false,
    is_identified: true,
  };
}

/**
 * The match dialog: candidates from every name source, SteamGridDB covers, and a ROM matched
 * to one provider's game by hand.
 */
export class ManualMatch {
  constructor(
    private readonly providers: MetadataProviders,
    private readonly roms: RomMetadataWrites,
    private readonly claims: IdClaims,
    private readonly writer: MetadataWriter,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Applies one provider's game to a ROM by hand (`POST /api/roms/{id}/match`). */
  async matchManually(romId: number, source: MatchSource, id: number): Promise<void> {
    const row = await this.findRom(romId);
    const platform = providerPlatform(row.platform_slug, row.platform_id);
    const game = await this.fetchById(source, id, platform).catch((error: unknown) => {
      if (error instanceof HttpError) throw error;
      throw new HttpError(502, `${source} is unavailable: ${(error as Error).message}`);
    });
    if (game === null) throw new HttpError(404, `${source} has no game with id ${id}`);
    const results = liveResults(row);
    const methods = parseJson<Record<string, MatchMethod>>(row.match_methods, {});
    results[source] = game;
    methods[source] = 'manual';
    const edited = parseJson<string[]>(row.manual_fields, []).filter(
      (field) => field !== ID_COLUMN[source],
    );
    const fresh = { ...row, manual_fields: JSON.stringify(edited) };
    await this.claims.run(() => this.writer.apply(fresh, results, methods, row.tgdb_id, 'manual'));
    await this.roms.update(romId, { manual_fields: fresh.manual_fields }, nowIso());
  }

  private async findRom(romId: number): Promise<RomRecord> {
    const row = await this.roms.find(romId);
    if (row === undefined) throw new HttpError(404, `ROM with id ${romId} not found`);
    return row;
  }

  private async fetchById(
    source: MatchSource,
    id: number,
    platform: ProviderPlatform,
  ): Promise<ProviderGame | null> {
    if (source === 'ra') return this.require(this.providers.ra, source).byId(id);
    if (source === 'sgdb') {
      const grids = await this.require(this.providers.sgdb, source).grids(id);
      const game = emptyGame('sgdb', id, '');
      game.urlCover = grids[0]?.url ?? null;
      return game;
    }
    if (source === 'hasheous') throw new HttpError(400, 'Hasheous ids come from hash lookups only');
    return this.require(this.providers[source], source).byId(id, platform);
  }

  private require<T>(provider: T | undefined, source: string): T {
    if (provider === undefined)
      throw new HttpError(400, `Metadata source ${source} is not enabled`);
    return provider;
  }

  /** Candidates for the match dialog from every enabled name source, merged by name. */
  async searchCandidates(
    romId: number,
    term: string | undefined,
    by: 'name' | 'id',
  ): Promise<SearchRom[]> {
    const row = await this.findRom(romId);
    const providers = NAME_SOURCES.map((source) => this.providers[source]).filter(
      (provider): provider is NameProvider => provider !== undefined,
    );
    if (providers.length === 0) throw new HttpError(400, 'No metadata source is enabled');
    const platform = providerPlatform(row.platform_slug, row.platform_id);
    const text = (term ?? '').trim() === '' ? row.fs_name_no_tags : (term ?? '').trim();
    const lists = await Promise.all(
      providers.map((provider) => this.candidatesOf(provider, text, by, platform)),
    );
    const byName = new Map<string, SearchRom>();
    for (const game of lists.flat()) {
      const key = normaliseName(game.name);
      const entry = byName.get(key) ?? searchRomOf(row, game);
      const source = game.source as NameSource;
      if (entry[`${source}_id`] === null) {
        entry[`${source}_id`] = game.id;
        entry[`${source}_url_cover`] = game.urlCover;
      }
      entry.summary ??= game.summary;
      entry.slug ??= game.slug;
      byName.set(key, entry);
    }
    const wanted = normaliseName(text);
    return [...byName.values()].sort(
      (a, b) =>
        jaroWinkler(wanted, normaliseName(b.name)) - jaroWinkler(wanted, normaliseName(a.name)),
    );
  }

  /** One name source's candidates: by id, or a narrow and a wide search without repeats. */
  private async candidatesOf(
    provider: NameProvider,
    text: string,
    by: 'name' | 'id',
    platform: ProviderPlatform,
  ): Promise<ProviderGame[]> {
    try {
      if (by === 'id') {
        const id = Number(text);
        if (!Number.isSafeInteger(id) || id <= 0)
          throw new HttpError(400, 'search_term must be an id');
        const game = await provider.byId(id, platform);
        return game === null ? [] : [game];
      }
      const query = provider.termFor(text);
      const [narrow, wide] = await Promise.all([
        provider.search(query, platform, false),
        provider.search(query, platform, true),
      ]);
      const seen = new Set<number>();
      return [...narrow, ...wide].filter((game) => !seen.has(game.id) && seen.add(game.id));
    } catch (error) {
      if (error instanceof HttpError) throw error;
      this.log.warn(`metadata: ${provider.source} search failed: ${(error as Error).message}`);
      return [];
    }
  }

  /** SteamGridDB covers for a term (`GET /api/search/cover`). */
  async searchCovers(term: string): Promise<SearchCoverResult[]> {
    const sgdb = this.providers.sgdb;
    if (!sgdb) throw new HttpError(400, 'SteamGridDB is not enabled');
    try {
      const games = (await sgdb.autocomplete(term)).slice(0, 5);
      return await Promise.all(
        games.map(async (game) => ({
          name: game.name,
          resources: (await sgdb.grids(game.id, true)).map((grid) => ({
            thumb: grid.thumb,
            url: grid.url,
            type: grid.thumb.endsWith('.webm') ? ('animated' as const) : ('static' as const),
            width: grid.width,
            height: grid.height,
            style: grid.style,
            author: grid.author,
            score: grid.score,
          })),
        })),
      );
    } catch (error) {
      throw new HttpError(502, `SteamGridDB is unavailable: ${(error as Error).message}`);
    }
  }
}

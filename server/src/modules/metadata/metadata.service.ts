import { rm } from 'node:fs/promises';

import type { DetailedRom, MatchSource, SearchCoverResult, SearchRom } from '@romshelf/contract';
import { getPlatformBySlug, getRegionalTwin } from '@romshelf/contract';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';

import type { NewRomRow } from '../../db/schema.js';
import { HttpError } from '../../http/http-error.js';
import type { AddressPolicy } from '../../lib/safe-fetch.js';
import { publicAddressesOnly, safeFetch } from '../../lib/safe-fetch.js';
import { foldSearchText } from '../../lib/search-text.js';
import { nowIso } from '../../lib/time.js';
import type { LibraryConfigService } from '../library/library-config.service.js';
import { nameSortKey, regionProviderCode } from '../roms/rom-filename.js';
import { COVER_MAX_BYTES, RomResources } from '../roms/rom-resources.js';
import type { RomsRepository, RomWithPlatformRow } from '../roms/roms.repository.js';
import { planRaHash, raHashFrom } from '../hashing/ra-hash.js';
import type { MatchResult } from './matcher.js';
import {
  MATCH_THRESHOLDS,
  idTagOf,
  jaroWinkler,
  lastSegment,
  normaliseName,
  pickBest,
} from './matcher.js';
import type { ProviderResults } from './metadata.merge.js';
import { mergeResults } from './metadata.merge.js';
import type { IdColumn, IdentifySelection, MetadataRepository } from './metadata.repository.js';
import type { HasheousClient, HasheousMatch } from './providers/hasheous/hasheous.client.js';
import type { LaunchboxIndex } from './providers/launchbox/launchbox.index.js';
import type { PlaymatchClient } from './providers/playmatch/playmatch.client.js';
import type {
  HashIds,
  MetadataSource,
  NameProvider,
  ProviderGame,
  ProviderPlatform,
  RomLookup,
} from './providers/provider.js';
import { emptyGame } from './providers/provider.js';
import type { RetroAchievementsMetadataClient } from './providers/ra/ra.client.js';
import type { SteamGridDbClient } from './providers/sgdb/sgdb.client.js';

/** The enabled provider clients (absent = not configured). */
export interface MetadataProviders {
  igdb?: NameProvider;
  ss?: NameProvider & {
    byHash(rom: RomLookup): Promise<ProviderGame | null>;
    reset(): void;
    mediaUrl(url: string): string;
  };
  moby?: NameProvider;
  launchbox?: NameProvider;
  ra?: RetroAchievementsMetadataClient;
  sgdb?: SteamGridDbClient;
  hasheous?: HasheousClient;
  playmatch?: PlaymatchClient;
  launchboxIndex?: LaunchboxIndex;
}

/** How a source's id was found; `name:<score>` for fuzzy name matches. */
type MatchMethod = string;

/** Scan types that identify stored ROMs, and what they select. */
export type IdentifyMode = 'new' | 'unidentified' | 'update' | 'complete' | 'manual';

export interface MediaOptions {
  /** Origins of configured provider base URLs: downloads from them skip the address check. */
  trustedOrigins: ReadonlySet<string>;
  timeoutMs: number;
  maxScreenshots: number;
}

const NAME_SOURCES = ['igdb', 'ss', 'moby', 'launchbox'] as const;
type NameSource = (typeof NAME_SOURCES)[number];

const ID_COLUMN: Readonly<Record<string, IdColumn | 'sgdb_id' | 'tgdb_id'>> = {
  igdb: 'igdb_id',
  ss: 'ss_id',
  moby: 'moby_id',
  ra: 'ra_id',
  launchbox: 'launchbox_id',
  hasheous: 'hasheous_id',
  sgdb: 'sgdb_id',
  tgdb: 'tgdb_id',
};

const ALL_ID_COLUMNS = [
  'igdb_id',
  'ss_id',
  'moby_id',
  'ra_id',
  'launchbox_id',
  'hasheous_id',
  'sgdb_id',
  'tgdb_id',
] as const;

function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return (JSON.parse(text) as T | null) ?? fallback;
  } catch {
    return fallback;
  }
}

/**
 * The stored provider results whose id is still on the ROM (an edit or `unmatch_metadata`
 * may have cleared ids without touching the stored results).
 */
function liveResults(row: RomWithPlatformRow): ProviderResults {
  const stored = parseJson<ProviderResults>(row.metadata_results, {});
  const live: ProviderResults = {};
  for (const [source, game] of Object.entries(stored) as [MetadataSource, ProviderGame][]) {
    const column = ID_COLUMN[source];
    if (column === undefined || row[column] === game.id) live[source] = game;
  }
  return live;
}

function isFuzzy(method: MatchMethod | undefined): boolean {
  return method?.startsWith('name') ?? false;
}

function fuzzyScore(method: MatchMethod | undefined): number {
  return method?.startsWith('name:') ? Number(method.slice(5)) || 0 : 0;
}

/** A tiny async mutex: claims of provider ids are checked and written one at a time. */
class Mutex {
  private tail: Promise<void> = Promise.resolve();
  async run<T>(task: () => Promise<T>): Promise<T> {
    const previous = this.tail;
    let release!: () => void;
    this.tail = new Promise((resolve) => (release = resolve));
    await previous;
    try {
      return await task();
    } finally {
      release();
    }
  }
}

/**
 * Identifies ROMs (metadata-providers.md §0.4): hash services first (Playmatch, Hasheous,
 * RetroAchievements hashes), then per provider an id tag, a hash-service id, the stored id
 * (update) or a name search on the ROM's platform only. A fuzzy name match never gives a ROM
 * an id that another ROM of the platform with other hashes and another title holds, unless it
 * scores better than that ROM's own fuzzy match (which then loses it). Results are merged by
 * the configured priorities; fields edited by hand are kept; the cover and screenshots are
 * stored as WebP. A failing provider is logged and skipped, never thrown.
 */
export class MetadataService {
  private readonly claims = new Mutex();
  private readonly health = new Map<string, { at: number; ok: Promise<boolean> }>();

  constructor(
    private readonly providers: MetadataProviders,
    private readonly roms: RomsRepository,
    private readonly repository: MetadataRepository,
    private readonly libraryConfig: LibraryConfigService,
    private readonly resources: RomResources,
    private readonly media: MediaOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Sources that are configured, in RomM's `apis` vocabulary. */
  enabledSources(): MetadataSource[] {
    const p = this.providers;
    const list: MetadataSource[] = [];
    if (p.igdb) list.push('igdb');
    if (p.ss) list.push('ss');
    if (p.moby) list.push('moby');
    if (p.ra) list.push('ra');
    if (p.launchbox) list.push('launchbox');
    if (p.hasheous) list.push('hasheous');
    if (p.sgdb) list.push('sgdb');
    if (p.playmatch) list.push('playmatch');
    return list;
  }

  /** The requested sources that are enabled (unknown and disabled ones ignored). */
  selectSources(apis: readonly string[] | null): Set<MetadataSource> {
    const enabled = this.enabledSources();
    if (apis === null) return new Set(enabled);
    const wanted = new Set(apis.map((api) => (api === 'lb' ? 'launchbox' : api)));
    const chosen = new Set(enabled.filter((source) => wanted.has(source)));
    // Playmatch rides along with IGDB (RomM labels the option "IGDB + Playmatch").
    if (wanted.has('playmatch') || (chosen.has('igdb') && this.providers.playmatch)) {
      if (this.providers.playmatch) chosen.add('playmatch');
    }
    return chosen;
  }

  /** Resets per-scan provider state (ScreenScraper's credential/quota breaker). */
  startScan(): void {
    this.providers.ss?.reset();
  }

  /** ROM ids of a platform a scan type re-identifies (besides new ROMs). */
  romIdsFor(platformId: number, selection: IdentifySelection): Promise<number[]> {
    return this.repository.romIds(platformId, selection);
  }

  countIdentified(romIds: readonly number[]): Promise<number> {
    return this.repository.countIdentified(romIds);
  }

  providerPlatform(slug: string, platformId: number): ProviderPlatform {
    const entry = getPlatformBySlug(slug);
    const twinSlug = getRegionalTwin(slug);
    const twin = twinSlug === undefined ? undefined : getPlatformBySlug(twinSlug);
    const igdbIds = [entry?.igdb_id, twin?.igdb_id].filter(
      (id): id is number => id !== null && id !== undefined,
    );
    return {
      id: platformId,
      slug,
      igdbIds: [...new Set(igdbIds)],
      ssId: entry?.ss_id ?? null,
      mobyId: entry?.moby_id ?? null,
      raId: entry?.ra_id ?? null,
      launchboxName: entry?.launchbox_name ?? null,
    };
  }

  private lookupOf(row: RomWithPlatformRow): RomLookup {
    const regions = parseJson<string[]>(row.regions, [])
      .map((region) => regionProviderCode(region))
      .filter((code): code is string => code !== undefined);
    const platform = this.providerPlatform(row.platform_slug, row.platform_id);
    return {
      romId: row.id,
      fsName: row.fs_name,
      fsNameNoTags: row.fs_name_no_tags,
      fsSizeBytes: row.fs_size_bytes,
      crc: row.crc_hash,
      md5: row.md5_hash,
      sha1: row.sha1_hash,
      // Rows hashed before RA hashes existed: a plain file's RA hash is still known when it is
      // its MD5 (whole-file consoles) or comes from its name (arcade).
      raHash:
        row.ra_hash ??
        (row.kind === 'file'
          ? raHashFrom(
              planRaHash(platform.raId, row.fs_name, row.fs_size_bytes),
              row.md5_hash,
              null,
            )
          : null),
      regions,
      platform,
    };
  }

  private async safely<T>(
    source: string,
    romId: number,
    task: () => Promise<T>,
  ): Promise<T | null> {
    try {
      return await task();
    } catch (error) {
      this.log.warn(
        { source, romId },
        `metadata: ${source} failed for ROM ${romId}: ${(error as Error).message}`,
      );
      throw new SourceFailed(source);
    }
  }

  /**
   * Identifies one ROM with the chosen sources (null = every enabled one). Returns whether the
   * ROM is identified afterwards. Never throws for provider failures.
   */
  async identifyRom(
    romId: number,
    apis: readonly string[] | null,
    mode: IdentifyMode,
  ): Promise<boolean> {
    const row = await this.roms.findById(romId);
    if (row === undefined) return false;
    const sources = this.selectSources(apis);
    if (sources.size === 0) return this.identified(row);
    const rom = this.lookupOf(row);
    const stored = liveResults(row);
    const storedMethods = parseJson<Record<string, MatchMethod>>(row.match_methods, {});
    const edited = new Set(parseJson<string[]>(row.manual_fields, []));
    const failed = new Set<string>();
    const guard = async <T>(source: string, task: () => Promise<T>): Promise<T | null> => {
      try {
        return await this.safely(source, romId, task);
      } catch {
        failed.add(source);
        return null;
      }
    };

    // Step 1: hash services.
    const playmatchClient = sources.has('playmatch') ? this.providers.playmatch : undefined;
    const hasheousClient = sources.has('hasheous') ? this.providers.hasheous : undefined;
    const [playmatch, hasheous] = await Promise.all([
      playmatchClient === undefined
        ? Promise.resolve(null)
        : guard('playmatch', () => playmatchClient.lookup(rom)),
      hasheousClient === undefined
        ? Promise.resolve(null)
        : guard('hasheous', () => hasheousClient.lookup(rom)),
    ]);
    const hashIds: HashIds = { ...(playmatch ?? {}) };
    if (hasheous?.ids.igdb !== undefined) hashIds.igdb = hasheous.ids.igdb;
    if (hasheous?.ids.ra !== undefined) hashIds.ra = hasheous.ids.ra;

    const results: ProviderResults = {};
    const methods: Record<string, MatchMethod> = {};
    // Sources not run now keep what they had (except on complete rescans).
    if (mode !== 'complete') {
      for (const [source, game] of Object.entries(stored) as [MetadataSource, ProviderGame][]) {
        if (!sources.has(source)) {
          results[source] = game;
          if (storedMethods[source] !== undefined) methods[source] = storedMethods[source];
        }
      }
    }

    const tag = idTagOf(row.fs_name);
    const fixedId = (source: string): number | null => {
      const column = ID_COLUMN[source];
      if (column === undefined) return null;
      const current = row[column];
      if (current === null) return null;
      if (edited.has(column) || storedMethods[source] === 'manual') return current;
      return null;
    };
    const storedId = (source: string): number | null => {
      const column = ID_COLUMN[source];
      return column === undefined ? null : row[column];
    };

    // Step 2: every name provider concurrently, then RetroAchievements.
    const resolveName = async (source: NameSource): Promise<void> => {
      const provider = this.providers[source];
      if (!provider || !sources.has(source) || !provider.supports(rom.platform)) return;
      const attempt = async (): Promise<[ProviderGame, MatchMethod] | null> => {
        const manual = fixedId(source);
        if (manual !== null)
          return this.withMethod(await provider.byId(manual, rom.platform), 'manual');
        if (tag?.source === source) {
          const tagged = await provider.byId(tag.id, rom.platform);
          if (tagged !== null) return [tagged, 'id'];
        }
        const fromHash = hashIds[source];
        if (fromHash !== undefined) {
          const game = await provider.byId(fromHash, rom.platform);
          if (game !== null) return [game, 'hash'];
        }
        const previous = storedId(source);
        if (mode === 'update' && previous !== null) {
          const game = await provider.byId(previous, rom.platform);
          if (game !== null) return [game, storedMethods[source] ?? 'stored'];
        }
        if (source === 'ss' && this.providers.ss) {
          const game = await this.providers.ss.byHash(rom);
          if (game !== null) return [game, 'hash'];
        }
        const match = await this.searchByName(provider, row, rom.platform);
        return match === null ? null : [match.candidate.value, `name:${match.score.toFixed(4)}`];
      };
      const found = await guard(source, attempt);
      if (found !== null) {
        results[source] = found[0];
        methods[source] = found[1];
      } else if (failed.has(source) && stored[source] !== undefined) {
        results[source] = stored[source];
        if (storedMethods[source] !== undefined) methods[source] = storedMethods[source];
      }
    };
    const resolveRa = async (): Promise<void> => {
      const ra = this.providers.ra;
      if (!ra || !sources.has('ra') || rom.platform.raId === null) return;
      const found = await guard('ra', async (): Promise<[ProviderGame, MatchMethod] | null> => {
        const manual = fixedId('ra');
        if (manual !== null) return this.withMethod(await ra.byId(manual), 'manual');
        if (tag?.source === 'ra') return this.withMethod(await ra.byId(tag.id), 'id');
        if (hashIds.ra !== undefined) return this.withMethod(await ra.byId(hashIds.ra), 'hash');
        const previous = storedId('ra');
        if (mode === 'update' && previous !== null)
          return this.withMethod(await ra.byId(previous), 'stored');
        if (rom.raHash === null || rom.platform.raId === null) return null;
        const id = await ra.idForHash(rom.platform.raId, rom.raHash);
        return id === null ? null : this.withMethod(await ra.byId(id), 'hash');
      });
      if (found !== null) {
        results.ra = found[0];
        methods.ra = found[1];
      } else if (failed.has('ra') && stored.ra !== undefined) results.ra = stored.ra;
    };
    await Promise.all([...NAME_SOURCES.map(resolveName), resolveRa()]);
    if (hasheous !== null) {
      results.hasheous = this.hasheousGame(hasheous);
      methods.hasheous = 'hash';
    } else if (failed.has('hasheous') && stored.hasheous !== undefined) {
      results.hasheous = stored.hasheous;
    }

    // Step 3: SteamGridDB last, with the names found so far.
    if (sources.has('sgdb') && this.providers.sgdb) {
      const sgdb = await guard('sgdb', () =>
        this.resolveSgdb(row, results, hashIds, fixedId('sgdb')),
      );
      if (sgdb !== null) {
        results.sgdb = sgdb;
        methods.sgdb = 'name';
      } else if (failed.has('sgdb') && stored.sgdb !== undefined) results.sgdb = stored.sgdb;
    }

    return this.claims.run(async () => {
      await this.dropConflicts(row, results, methods);
      await this.apply(row, results, methods, hasheous?.ids.tgdb ?? null, mode);
      const after = await this.roms.findById(romId);
      return after !== undefined && this.identified(after);
    });
  }

  private withMethod(
    game: ProviderGame | null,
    method: MatchMethod,
  ): [ProviderGame, MatchMethod] | null {
    return game === null ? null : [game, method];
  }

  private identified(row: RomWithPlatformRow): boolean {
    return [row.igdb_id, row.ss_id, row.moby_id, row.ra_id, row.launchbox_id, row.hasheous_id].some(
      (id) => id !== null,
    );
  }

  private hasheousGame(match: HasheousMatch): ProviderGame {
    const game = emptyGame('hasheous', match.ids.hasheous ?? 0, match.name ?? '');
    game.urlCover = match.cover;
    game.raw = {
      ...match.raw,
      igdb_id: match.ids.igdb ?? null,
      ra_id: match.ids.ra ?? null,
      tgdb_id: match.ids.tgdb ?? null,
    };
    return game;
  }

  /** Name search on the platform: narrow pass, wide pass, then the last-segment fallback. */
  private async searchByName(
    provider: NameProvider,
    row: RomWithPlatformRow,
    platform: ProviderPlatform,
  ): Promise<MatchResult<ProviderGame> | null> {
    const term = provider.termFor(row.fs_name_no_tags);
    const terms = [term];
    if (provider.source === 'ss' || provider.source === 'moby') {
      const segment = lastSegment(term);
      if (segment !== null) terms.push(segment);
    }
    for (const text of terms) {
      for (const wide of [false, true]) {
        const games = await provider.search(text, platform, wide);
        if (games.length === 0) continue;
        const candidates = games.map((game) => ({
          id: game.id,
          names: [game.name, ...game.alternativeNames],
          value: game,
        }));
        const exclude = new Set<number>();
        for (let round = 0; round < 4; round += 1) {
          const best = pickBest(text, candidates, provider.threshold, { exclude });
          if (best === null) break;
          if (await this.conflicting(row, provider.source, best.candidate.id, best.score)) {
            exclude.add(best.candidate.id);
            continue;
          }
          return best;
        }
      }
    }
    return null;
  }

  /**
   * Whether giving `id` of `source` to the ROM would merge it with another ROM of the platform
   * that has other hashes and another title, and holds the id by a hash, an id tag, a manual
   * choice or a fuzzy match at least as good as `score`.
   */
  private async conflicting(
    row: RomWithPlatformRow,
    source: string,
    id: number,
    score: number,
  ): Promise<boolean> {
    const column = ID_COLUMN[source];
    if (column === undefined || column === 'sgdb_id' || column === 'tgdb_id') return false;
    const holders = await this.repository.holders(row.platform_id, column, id, row.id);
    const title = normaliseName(row.fs_name_no_tags);
    for (const holder of holders) {
      const sameDump =
        (holder.sha1_hash !== null && holder.sha1_hash === row.sha1_hash) ||
        (holder.md5_hash !== null && holder.md5_hash === row.md5_hash);
      if (sameDump || normaliseName(holder.fs_name_no_tags) === title) continue;
      const method = parseJson<Record<string, string>>(holder.match_methods, {})[source];
      if (!isFuzzy(method) || fuzzyScore(method) >= score) return true;
    }
    return false;
  }

  /** Under the claim lock: drops fuzzy ids that conflict now; takes ids from worse holders. */
  private async dropConflicts(
    row: RomWithPlatformRow,
    results: ProviderResults,
    methods: Record<string, MatchMethod>,
  ): Promise<void> {
    for (const source of NAME_SOURCES) {
      const game = results[source];
      const method = methods[source];
      if (game === undefined || !isFuzzy(method)) continue;
      const score = fuzzyScore(method);
      if (await this.conflicting(row, source, game.id, score)) {
        Reflect.deleteProperty(results, source);
        Reflect.deleteProperty(methods, source);
        continue;
      }
      const column = ID_COLUMN[source] as IdColumn;
      const title = normaliseName(row.fs_name_no_tags);
      for (const holder of await this.repository.holders(
        row.platform_id,
        column,
        game.id,
        row.id,
      )) {
        const holderMethod = parseJson<Record<string, string>>(holder.match_methods, {})[source];
        const sameDump = holder.sha1_hash !== null && holder.sha1_hash === row.sha1_hash;
        if (sameDump || normaliseName(holder.fs_name_no_tags) === title) continue;
        if (isFuzzy(holderMethod) && fuzzyScore(holderMethod) < score) {
          await this.clearSources(holder.id, [source]);
        }
      }
    }
  }

  private async resolveSgdb(
    row: RomWithPlatformRow,
    results: ProviderResults,
    hashIds: HashIds,
    fixed: number | null,
  ): Promise<ProviderGame | null> {
    const sgdb = this.providers.sgdb;
    if (!sgdb) return null;
    const withCover = async (id: number, name: string) => {
      const grids = await sgdb.grids(id);
      const game = emptyGame('sgdb', id, name);
      game.urlCover = grids[0]?.url ?? null;
      return game.urlCover === null ? null : game;
    };
    const known = fixed ?? hashIds.sgdb;
    if (known !== undefined) return withCover(known, row.name ?? row.fs_name_no_tags);
    const names = [
      results.igdb?.name,
      results.hasheous?.name,
      results.ss?.name,
      results.moby?.name,
      results.launchbox?.name,
      row.fs_name_no_tags,
    ].filter((name): name is string => name !== undefined && name !== '');
    for (const name of [...new Set(names)]) {
      const term = normaliseName(name, { removeArticles: false });
      const games = await sgdb.autocomplete(name);
      const best = games
        .map((game) => ({
          game,
          score: jaroWinkler(term, normaliseName(game.name, { removeArticles: false })),
        }))
        .filter((entry) => entry.score >= MATCH_THRESHOLDS.sgdb)
        .sort((a, b) => b.score - a.score)[0];
      if (best !== undefined) return withCover(best.game.id, best.game.name);
    }
    return null;
  }

  private policyFor(url: string): AddressPolicy {
    try {
      if (this.media.trustedOrigins.has(new URL(url).origin)) return () => true;
    } catch {
      // invalid URLs are refused by safeFetch itself
    }
    return publicAddressesOnly;
  }

  private async download(url: string): Promise<Buffer | null> {
    try {
      const fetched = await safeFetch(this.providers.ss?.mediaUrl(url) ?? url, {
        policy: this.policyFor(url),
        timeoutMs: this.media.timeoutMs,
        maxBytes: COVER_MAX_BYTES,
        maxRedirects: 3,
      });
      return fetched.body;
    } catch (error) {
      this.log.warn(
        `metadata: artwork download failed (${new URL(url).host}): ${(error as Error).message}`,
      );
      return null;
    }
  }

  private async storeScreenshots(
    row: RomWithPlatformRow,
    urls: readonly string[],
  ): Promise<string[]> {
    const folder = `${RomResources.romFolder(row.platform_id, row.id)}/screenshots`;
    await rm(this.resources.absolute(folder), { recursive: true, force: true });
    const stored: string[] = [];
    for (const url of urls.slice(0, this.media.maxScreenshots)) {
      const bytes = await this.download(url);
      if (bytes === null) continue;
      try {
        const webp = await sharp(bytes, { limitInputPixels: 60_000_000, animated: false })
          .resize({ width: 1280, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer();
        const relative = `${folder}/${stored.length}.webp`;
        await this.resources.writeAtomic(relative, webp);
        stored.push(relative);
      } catch {
        this.log.warn(`metadata: screenshot of ROM ${row.id} is not an image`);
      }
    }
    return stored;
  }

  /** Writes merged results to the ROM (keeping hand-edited fields) and stores its artwork. */
  private async apply(
    row: RomWithPlatformRow,
    results: ProviderResults,
    methods: Record<string, MatchMethod>,
    tgdbId: number | null,
    mode: IdentifyMode,
  ): Promise<void> {
    const identifying = Object.values(results).some((game) => game.source !== 'sgdb');
    if (!identifying && mode !== 'complete' && mode !== 'manual' && row.metadata_results === null)
      return;
    const config = this.libraryConfig.get();
    const merged = mergeResults(
      results,
      config.SCAN_METADATA_PRIORITY,
      config.SCAN_ARTWORK_PRIORITY,
    );
    const edited = new Set(parseJson<string[]>(row.manual_fields, []));
    const now = nowIso();
    const changes: Partial<Omit<NewRomRow, 'id'>> = {
      metadata_results: JSON.stringify(results),
      match_methods: JSON.stringify(methods),
      metadatum: JSON.stringify(merged.metadatum),
      alternative_names: JSON.stringify(merged.alternativeNames),
      youtube_video_id: merged.youtubeVideoId,
      slug: merged.slug,
    };
    for (const column of ALL_ID_COLUMNS) {
      if (edited.has(column)) continue;
      const source = Object.keys(ID_COLUMN).find((key) => ID_COLUMN[key] === column) ?? '';
      changes[column] =
        column === 'tgdb_id'
          ? (tgdbId ?? (mode === 'complete' ? null : row.tgdb_id))
          : (results[source as MetadataSource]?.id ?? null);
    }
    if (!edited.has('name')) {
      const name = merged.name ?? row.fs_name_no_tags;
      changes.name = name;
      changes.name_sort_key = nameSortKey(name);
      changes.search_text = foldSearchText(`${name} ${row.fs_name}`);
    }
    if (!edited.has('summary')) changes.summary = merged.summary;
    if (!edited.has('cover')) {
      if (merged.urlCover === null) {
        if (row.url_cover !== null || mode === 'complete' || mode === 'manual') {
          await this.resources.removeCover(row.platform_id, row.id);
          changes.cover_updated_at = null;
          changes.url_cover = null;
        }
      } else if (merged.urlCover !== row.url_cover || row.cover_updated_at === null) {
        const bytes = await this.download(merged.urlCover);
        if (bytes !== null) {
          try {
            await this.resources.saveCover(row.platform_id, row.id, bytes);
            changes.cover_updated_at = now;
            changes.url_cover = merged.urlCover;
          } catch {
            this.log.warn(`metadata: cover of ROM ${row.id} is not an image`);
          }
        }
      }
    }
    if (!edited.has('screenshots')) {
      const previous = parseJson<string[]>(row.url_screenshots, []);
      if (JSON.stringify(previous) !== JSON.stringify(merged.urlScreenshots)) {
        changes.path_screenshots = JSON.stringify(
          await this.storeScreenshots(row, merged.urlScreenshots),
        );
        changes.url_screenshots = JSON.stringify(merged.urlScreenshots);
      }
    }
    await this.roms.updateRom(row.id, changes, now);
  }

  /** Forgets what some sources said about a ROM (unmatch) and merges the rest again. */
  async clearSources(romId: number, sources: readonly string[] | null): Promise<void> {
    const row = await this.roms.findById(romId);
    if (row === undefined) throw new HttpError(404, `ROM with id ${romId} not found`);
    const results = liveResults(row);
    const methods = parseJson<Record<string, MatchMethod>>(row.match_methods, {});
    const dropped = sources ?? Object.keys(ID_COLUMN);
    for (const source of dropped) {
      Reflect.deleteProperty(results, source);
      Reflect.deleteProperty(methods, source);
    }
    // Unmatching also forgets hand-entered ids of those sources.
    const edited = parseJson<string[]>(row.manual_fields, []).filter(
      (field) => !dropped.some((source) => ID_COLUMN[source] === field),
    );
    const fresh = { ...row, manual_fields: JSON.stringify(edited) };
    await this.roms.updateRom(romId, { manual_fields: fresh.manual_fields }, nowIso());
    await this.apply(
      fresh,
      results,
      methods,
      dropped.includes('tgdb') ? null : row.tgdb_id,
      'manual',
    );
  }

  /** Applies one provider's game to a ROM by hand (`POST /api/roms/{id}/match`). */
  async matchManually(romId: number, source: MatchSource, id: number): Promise<void> {
    const row = await this.roms.findById(romId);
    if (row === undefined) throw new HttpError(404, `ROM with id ${romId} not found`);
    const platform = this.providerPlatform(row.platform_slug, row.platform_id);
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
    await this.claims.run(() => this.apply(fresh, results, methods, row.tgdb_id, 'manual'));
    await this.roms.updateRom(romId, { manual_fields: fresh.manual_fields }, nowIso());
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
    const row = await this.roms.findById(romId);
    if (row === undefined) throw new HttpError(404, `ROM with id ${romId} not found`);
    const providers = NAME_SOURCES.map((source) => this.providers[source]).filter(
      (provider): provider is NameProvider => provider !== undefined,
    );
    if (providers.length === 0) throw new HttpError(400, 'No metadata source is enabled');
    const platform = this.providerPlatform(row.platform_slug, row.platform_id);
    const text = (term ?? '').trim() === '' ? row.fs_name_no_tags : (term ?? '').trim();
    const lists = await Promise.all(
      providers.map(async (provider) => {
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
      }),
    );
    const byName = new Map<string, SearchRom>();
    for (const game of lists.flat()) {
      const key = normaliseName(game.name);
      const entry =
        byName.get(key) ??
        ({
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
        } satisfies SearchRom);
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

  /**
   * Whether a source is enabled and answers (`GET /api/heartbeat/metadata/{source}`). Results
   * are cached for a minute so the public endpoint cannot be used to hammer providers.
   */
  sourceHealthy(source: string): Promise<boolean> {
    const p = this.providers;
    const checks: Record<string, { heartbeat(): Promise<boolean> } | undefined> = {
      igdb: p.igdb,
      ss: p.ss,
      moby: p.moby,
      ra: p.ra,
      launchbox: p.launchbox,
      hasheous: p.hasheous,
      playmatch: p.playmatch,
      sgdb: p.sgdb,
    };
    const key = source === 'lb' ? 'launchbox' : source;
    const provider = Object.hasOwn(checks, key) ? checks[key] : undefined;
    if (provider === undefined) return Promise.resolve(false);
    const cached = this.health.get(key);
    if (cached !== undefined && Date.now() - cached.at < 60_000) return cached.ok;
    const ok = provider.heartbeat().catch((error: unknown) => {
      this.log.warn(`metadata: ${key} heartbeat failed: ${(error as Error).message}`);
      return false;
    });
    this.health.set(key, { at: Date.now(), ok });
    return ok;
  }

  /** Re-imports the LaunchBox dump (`update_launchbox_metadata`). */
  async refreshLaunchbox(): Promise<{ games: number; alternate_names: number; images: number }> {
    const index = this.providers.launchboxIndex;
    if (index === undefined) throw new HttpError(400, 'LaunchBox is not enabled');
    return index.refresh();
  }
}

class SourceFailed extends Error {
  override readonly name = 'SourceFailed';
}

export type { DetailedRom };

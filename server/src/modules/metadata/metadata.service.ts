import type { MatchSource, SearchCoverResult, SearchRom } from '@romshelf/contract';
import type { FastifyBaseLogger } from 'fastify';

import { HttpError } from '../../http/http-error.js';
import type { LibraryConfigService } from '../library/library-config.service.js';
import type { RomMetadataWrites } from '../roms/writes/rom-metadata-writes.js';
import type { RomResources } from '../roms/resources/rom-resources.js';
import { IdClaims } from './metadata.claims.js';
import { ProviderHealth } from './metadata.health.js';
import { MetadataIdentifier } from './metadata.identify.js';
import { ManualMatch } from './metadata.manual-match.js';
import type { MediaOptions } from './metadata.media.js';
import { MetadataMedia } from './metadata.media.js';
import type { IdentifySelection, MetadataRepository } from './metadata.repository.js';
import type { IdentifyMode } from './metadata.row.js';
import type { MetadataProviders } from './metadata.sources.js';
import { MetadataSources } from './metadata.sources.js';
import { MetadataWriter } from './metadata.writer.js';
import type { MetadataSource } from './providers/provider.js';

export type { IdentifyMode } from './metadata.row.js';
export type { MediaOptions } from './metadata.media.js';
export type { MetadataProviders } from './metadata.sources.js';

/**
 * The metadata module's one service, what scans, routes and tasks call. It is a facade over
 * one class per job, built here because they share the provider clients and the claim lock:
 * - `MetadataSources` (metadata.sources.ts): which sources are configured and chosen;
 * - `MetadataIdentifier` (metadata.identify.ts): identification, a loop over the per-source
 *   strategy table of metadata.strategies.ts, with `IdClaims` (metadata.claims.ts) keeping
 *   fuzzy name matches from giving two dumps one id;
 * - `MetadataWriter` (metadata.writer.ts) merges results onto the ROM, `MetadataMedia`
 *   (metadata.media.ts) downloads and stores covers and screenshots;
 * - `ManualMatch` (metadata.manual-match.ts): the match dialog's search and manual match;
 * - `ProviderHealth` (metadata.health.ts): the cached provider heartbeat.
 * ROM rows are read and written through the roms module's `RomMetadataWrites`.
 */
export class MetadataService {
  private readonly sources: MetadataSources;
  private readonly identifier: MetadataIdentifier;
  private readonly writer: MetadataWriter;
  private readonly manual: ManualMatch;
  private readonly health: ProviderHealth;

  constructor(
    private readonly providers: MetadataProviders,
    roms: RomMetadataWrites,
    private readonly repository: MetadataRepository,
    libraryConfig: LibraryConfigService,
    resources: RomResources,
    media: MediaOptions,
    log: FastifyBaseLogger,
  ) {
    this.sources = new MetadataSources(providers);
    const artwork = new MetadataMedia(providers, resources, media, log);
    this.writer = new MetadataWriter(roms, libraryConfig, artwork);
    const claims = new IdClaims(repository, this.writer);
    this.identifier = new MetadataIdentifier(
      providers,
      this.sources,
      roms,
      claims,
      this.writer,
      log,
    );
    this.manual = new ManualMatch(providers, roms, claims, this.writer, log);
    this.health = new ProviderHealth(providers, log);
  }

  /** Sources that are configured, in RomM's `apis` vocabulary. */
  enabledSources(): MetadataSource[] {
    return this.sources.enabled();
  }

  /** The requested sources that are enabled (unknown and disabled ones ignored). */
  selectSources(apis: readonly string[] | null): Set<MetadataSource> {
    return this.sources.select(apis);
  }

  /** Resets per-scan provider state (ScreenScraper's credential/quota breaker). */
  startScan(): void {
    this.providers.ss?.reset();
  }

  /** ROM ids of a platform a scan type re-identifies (besides new ROMs). */
  romIdsFor(platformId: number, selection: IdentifySelection): Promise<number[]> {
    return this.repository.romIds(platformId, selection);
  }

  /**
   * Identifies one ROM with the chosen sources (null = every enabled one). Returns whether the
   * ROM is identified afterwards. Never throws for provider failures.
   */
  identifyRom(romId: number, apis: readonly string[] | null, mode: IdentifyMode): Promise<boolean> {
    return this.identifier.identifyRom(romId, apis, mode);
  }

  /** Forgets what some sources said about a ROM (unmatch) and merges the rest again. */
  clearSources(romId: number, sources: readonly string[] | null): Promise<void> {
    return this.writer.clearSources(romId, sources);
  }

  /** Downloads a ROM's manual from its provider again (`POST /api/roms/{id}/manuals/redownload`). */
  redownloadManual(romId: number): Promise<void> {
    return this.writer.redownloadManual(romId);
  }

  /** Applies one provider's game to a ROM by hand (`POST /api/roms/{id}/match`). */
  matchManually(romId: number, source: MatchSource, id: number): Promise<void> {
    return this.manual.matchManually(romId, source, id);
  }

  /** Candidates for the match dialog from every enabled name source, merged by name. */
  searchCandidates(
    romId: number,
    term: string | undefined,
    by: 'name' | 'id',
  ): Promise<SearchRom[]> {
    return this.manual.searchCandidates(romId, term, by);
  }

  /** SteamGridDB covers for a term (`GET /api/search/cover`). */
  searchCovers(term: string): Promise<SearchCoverResult[]> {
    return this.manual.searchCovers(term);
  }

  /** Whether a source is enabled and answers (`GET /api/heartbeat/metadata/{source}`). */
  sourceHealthy(source: string, fresh = false): Promise<boolean> {
    return this.health.sourceHealthy(source, fresh);
  }

  /** Re-imports the LaunchBox dump (`update_launchbox_metadata`). */
  async refreshLaunchbox(): Promise<{ games: number; alternate_names: number; images: number }> {
    const index = this.providers.launchboxIndex;
    if (index === undefined) throw new HttpError(400, 'LaunchBox is not enabled');
    return index.refresh();
  }
}

import { HttpError } from '../../http/http-error.js';
import { romSearchText } from '../../lib/search-text.js';
import { nowIso } from '../../lib/time.js';
import type { LibraryConfigService } from '../library/library-config.service.js';
import { nameSortKey } from '../roms/names/rom-filename.js';
import type {
  RomMetadataWrites,
  RomRecord,
  RomRecordChanges,
} from '../roms/writes/rom-metadata-writes.js';
import type { MetadataMedia } from './metadata.media.js';
import type { ProviderResults } from './metadata.merge.js';
import { mergeResults } from './metadata.merge.js';
import type { IdentifyMode, MatchMethod } from './metadata.row.js';
import { ALL_ID_COLUMNS, ID_COLUMN, liveResults, parseJson } from './metadata.row.js';
import type { MetadataSource } from './providers/provider.js';

/**
 * Writes provider results to a ROM: merges them by the configured priorities, keeps the
 * fields edited by hand, and stores the artwork the merge picks.
 */
export class MetadataWriter {
  constructor(
    private readonly roms: RomMetadataWrites,
    private readonly libraryConfig: LibraryConfigService,
    private readonly media: MetadataMedia,
  ) {}

  /** Writes merged results to the ROM (keeping hand-edited fields) and stores its artwork. */
  async apply(
    row: RomRecord,
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
    const changes: RomRecordChanges = {
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
      changes.search_text = romSearchText(name, row.fs_name_no_tags);
    }
    if (!edited.has('summary')) changes.summary = merged.summary;
    if (!edited.has('cover')) {
      Object.assign(changes, await this.media.cover(row, merged.urlCover, mode, now));
    }
    if (!edited.has('screenshots')) {
      Object.assign(changes, await this.media.screenshots(row, merged.urlScreenshots));
    }
    Object.assign(changes, await this.providerManual(row, merged.urlManual, now, edited));
    await this.roms.update(row.id, changes, now);
  }

  /**
   * The provider's manual: its URL is kept (for a re-download on request); it is downloaded when
   * `scan.media` lists `manual` and the game has no manual yet (an uploaded one is never replaced,
   * a removed one not brought back).
   */
  private async providerManual(
    row: RomRecord,
    urlManual: string | null,
    now: string,
    edited: ReadonlySet<string>,
  ): Promise<RomRecordChanges> {
    const changes: RomRecordChanges = { url_manual: urlManual };
    const wanted = this.libraryConfig.get().SCAN_MEDIA.includes('manual') && !edited.has('manual');
    if (urlManual === null || !wanted || row.manual_updated_at !== null) return changes;
    return (await this.media.manual(row, urlManual, now)) ?? changes;
  }

  /** Downloads the game's manual from its provider again, replacing the stored one. */
  async redownloadManual(romId: number): Promise<void> {
    const row = await this.roms.find(romId);
    if (row === undefined) throw new HttpError(404, `ROM with id ${romId} not found`);
    if (row.url_manual === null) {
      throw new HttpError(400, 'No scraped manual URL available for this ROM');
    }
    const now = nowIso();
    const changes = await this.media.manual(row, row.url_manual, now);
    if (changes === null) {
      throw new HttpError(502, 'The manual could not be downloaded from its provider');
    }
    // Asked for, the provider's manual is the game's again (no longer removed by hand).
    const edited = parseJson<string[]>(row.manual_fields, []).filter((field) => field !== 'manual');
    await this.roms.update(romId, { ...changes, manual_fields: JSON.stringify(edited) }, now);
  }

  /** Forgets what some sources said about a ROM (unmatch) and merges the rest again. */
  async clearSources(romId: number, sources: readonly string[] | null): Promise<void> {
    const row = await this.roms.find(romId);
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
    await this.roms.update(romId, { manual_fields: fresh.manual_fields }, nowIso());
    await this.apply(
      fresh,
      results,
      methods,
      dropped.includes('tgdb') ? null : row.tgdb_id,
      'manual',
    );
  }
}

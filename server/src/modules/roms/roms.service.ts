import type {
  DetailedRom,
  RomByHashQuery,
  RomByProviderQuery,
  RomFile,
  RomFilterCounts,
  RomFilters,
  RomListPage,
  RomListQuery,
  SimpleRom,
} from '@romshelf/contract';
import { ROM_PROVIDER_ID_PARAMS } from '@romshelf/contract';

import { HttpError } from '../../http/http-error.js';
import { charIndexOf, planSearch } from './rom-list-query.js';
import { toUserNoteDto } from './rom-notes.mapper.js';
import type { RomNotesRepository } from './rom-notes.repository.js';
import type {
  RomFilter,
  RomListRepository,
  RomSortColumn,
  RomUserFilter,
} from './rom-list.repository.js';
import type { RomWritesRepository } from './rom-writes.repository.js';
import { toDetailedRomDto, toRomFileDto, toSimpleRomDto } from './roms.mapper.js';
import type { RomPlayAssets } from './roms.mapper.js';
import type {
  RomHashLookup,
  RomProviderIdColumn,
  RomsRepository,
  RomWithPlatformRow,
} from './roms.repository.js';

const SORT_COLUMNS: Readonly<Record<string, RomSortColumn>> = {
  name: 'name_sort_key',
  name_sort_key: 'name_sort_key',
  id: 'id',
  fs_name: 'fs_name',
  fs_size_bytes: 'fs_size_bytes',
  created_at: 'created_at',
  updated_at: 'updated_at',
  last_played: 'last_played',
  rating: 'rating',
};

/**
 * Hashes of `GET /api/roms/by-hash`, strongest first: when several are given and they match
 * different ROMs, the strongest match wins (a crc32 collision cannot beat a sha1 match).
 */
const HASH_PREFERENCE = ['sha1_hash', 'md5_hash', 'ra_hash', 'crc_hash'] as const;

/** Integer provider ids of `GET /api/roms/by-metadata-provider` (all but `flashpoint_id`). */
const LOOKUP_PROVIDER_IDS: readonly RomProviderIdColumn[] = ROM_PROVIDER_ID_PARAMS.filter(
  (param): param is Exclude<typeof param, 'flashpoint_id'> => param !== 'flashpoint_id',
);

const EMPTY_FILTERS: RomFilters = {
  genres: [],
  franchises: [],
  collections: [],
  companies: [],
  game_modes: [],
  age_ratings: [],
  player_counts: [],
  regions: [],
  languages: [],
  tags: [],
  platforms: [],
};

const EMPTY_COUNTS: RomFilterCounts = {
  genres: {},
  franchises: {},
  collections: {},
  companies: {},
  game_modes: {},
  age_ratings: {},
  player_counts: {},
  regions: {},
  languages: {},
  tags: {},
  platforms: {},
};

/** Loads a ROM detail's save, state and screenshot lists (the play-assets service). */
export interface RomPlayAssetsSource {
  forRom(userId: number, romId: number): Promise<RomPlayAssets>;
}

interface CachedAggregate<T> {
  version: number;
  value: T;
}

/** Reads ROMs: the gallery's pages and filters, one ROM by id, hash or provider id. */
export class RomsService {
  /** Per-scope aggregates of unsearched lists (char counts, filter values), per data version. */
  private readonly cache = new Map<string, CachedAggregate<unknown>>();

  constructor(
    private readonly roms: RomsRepository,
    private readonly lists: RomListRepository,
    /** The writes whose version the cached aggregates follow. */
    private readonly changes: Pick<RomWritesRepository, 'version'>,
    private readonly playAssets: RomPlayAssetsSource,
    private readonly notes: Pick<RomNotesRepository, 'visible' | 'romIdsWithVisibleNotes'>,
  ) {}

  private async cached<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const version = this.changes.version;
    const hit = this.cache.get(key);
    if (hit !== undefined && hit.version === version) return hit.value as T;
    const value = await compute();
    if (this.cache.size > 256) this.cache.clear();
    this.cache.set(key, { version, value });
    return value;
  }

  async list(query: RomListQuery, userId: number): Promise<RomListPage> {
    const platformIds = [
      ...new Set([
        ...(query.platform_id === undefined ? [] : [query.platform_id]),
        ...query.platform_ids,
      ]),
    ].sort((a, b) => a - b);
    const orderBy = SORT_COLUMNS[query.order_by ?? 'name'] ?? 'name_sort_key';
    const user = await this.userFilter(query, orderBy, userId);
    const filter: RomFilter = { platformIds, search: planSearch(query.search_term), user };
    const scopeKey = `${platformIds.join(',')}${user === null ? '' : `:${JSON.stringify(user)}`}`;

    const pageQuery = {
      ...filter,
      userId,
      orderBy,
      direction: query.order_dir,
      limit: query.limit,
      offset: query.offset,
    };
    const charColumn = orderBy === 'fs_name' ? 'fs_name' : 'sort_char';
    let ids: number[];
    let total: number | null = null;
    let charIndex: Record<string, number> = {};
    if (filter.search === null) {
      ids = await this.lists.pageIds(pageQuery);
      if (query.with_total) total = await this.lists.count(filter);
      if (query.with_char_index) {
        const counts = await this.cached(`chars:${charColumn}:${scopeKey}`, () =>
          this.lists.charCounts(filter, charColumn),
        );
        charIndex = charIndexOf(counts, query.order_dir);
      }
    } else {
      const searched = await this.lists.searchPage(pageQuery, charColumn);
      ids = searched.ids;
      if (query.with_total) total = searched.total;
      if (query.with_char_index) charIndex = charIndexOf(searched.chars, query.order_dir);
    }

    const rows = await this.roms.findByIds(ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const files = query.with_files ? await this.roms.filesOf(ids) : [];
    const romUsers = new Map(
      (await this.roms.romUsersOf(userId, ids)).map((romUser) => [romUser.rom_id, romUser]),
    );
    const withNotes = await this.notes.romIdsWithVisibleNotes(userId, ids);
    const items = ids
      .map((id) => byId.get(id))
      .filter((row): row is RomWithPlatformRow => row !== undefined)
      .map((row) =>
        toSimpleRomDto(
          row,
          userId,
          files.filter((file) => file.rom_id === row.id),
          romUsers.get(row.id),
          withNotes.has(row.id),
        ),
      );

    return {
      items,
      total,
      limit: query.limit,
      offset: query.offset,
      char_index: charIndex,
      rom_id_index: query.with_rom_id_index ? await this.lists.orderedIds(pageQuery) : [],
      filter_values: query.with_filter_values
        ? await this.filterValues(platformIds)
        : EMPTY_FILTERS,
      filter_value_counts: EMPTY_COUNTS,
    };
  }

  /**
   * Filters on the caller's data: favourites, played or not, statuses; ROMs they marked
   * hidden are left out unless `hidden` is asked for; sorting by last play leaves out ROMs
   * never played (the continue-playing rail).
   */
  private async userFilter(
    query: RomListQuery,
    orderBy: RomSortColumn,
    userId: number,
  ): Promise<RomUserFilter | null> {
    const statuses = [...new Set([...query.selected_status, ...query.statuses])].sort();
    const favourite = query.favourite ?? query.favorite;
    const lastPlayed = query.last_played ?? (orderBy === 'last_played' ? true : undefined);
    const excludeHidden = !statuses.includes('hidden') && (await this.lists.hasHidden(userId));
    if (favourite === undefined && lastPlayed === undefined && statuses.length === 0) {
      return excludeHidden ? { userId, statuses, excludeHidden } : null;
    }
    return {
      userId,
      statuses,
      excludeHidden,
      ...(favourite === undefined ? {} : { favourite }),
      ...(lastPlayed === undefined ? {} : { lastPlayed }),
    };
  }

  identifiers(): Promise<number[]> {
    return this.roms.allIds();
  }

  /** Values the gallery can filter on, over the platform scope (cached per data version). */
  filterValues(platformIds: readonly number[]): Promise<RomFilters> {
    return this.cached(`filters:${platformIds.join(',')}`, async () => ({
      ...EMPTY_FILTERS,
      regions: await this.lists.distinctJsonValues('regions', platformIds),
      languages: await this.lists.distinctJsonValues('languages', platformIds),
      tags: await this.lists.distinctJsonValues('tags', platformIds),
      platforms: await this.lists.distinctPlatformIds(platformIds),
    }));
  }

  /** The ROM's row, or a 404: enough to check a ROM exists before reading a request body. */
  async findOr404(id: number): Promise<RomWithPlatformRow> {
    const row = await this.roms.findById(id);
    if (row === undefined) throw new HttpError(404, `ROM with id ${id} not found`);
    return row;
  }

  /** One ROM in the list shape (RomM `GET /api/roms/{id}/simple`). */
  async getSimple(id: number, userId: number): Promise<SimpleRom> {
    const row = await this.findOr404(id);
    const [romUser] = await this.roms.romUsersOf(userId, [id]);
    const hasNotes = (await this.notes.romIdsWithVisibleNotes(userId, [id])).has(id);
    return toSimpleRomDto(row, userId, await this.roms.filesOf([id]), romUser, hasNotes);
  }

  /** One file of a ROM by the file's own id (RomM `GET /api/roms/{file_id}/files`). */
  async getFile(fileId: number): Promise<RomFile> {
    const file = await this.roms.findFileById(fileId);
    if (file === undefined) throw new HttpError(404, 'File not found');
    return toRomFileDto(file);
  }

  async get(id: number, userId: number): Promise<DetailedRom> {
    const row = await this.findOr404(id);
    const [romUser] = await this.roms.romUsersOf(userId, [id]);
    const files = await this.roms.filesOf([id]);
    const playAssets = await this.playAssets.forRom(userId, id);
    const notes = (await this.notes.visible(id, userId)).map(toUserNoteDto);
    return toDetailedRomDto(row, userId, files, romUser, playAssets, notes);
  }

  /**
   * The ROM matching local file hashes (RomM `by-hash`): its own hash or one of its files'.
   * Several matches: the strongest given hash wins (sha1, md5, RA hash, crc32), a ROM's own
   * hash before a file's, then the lowest ROM id.
   */
  async getByHash(query: RomByHashQuery, userId: number): Promise<DetailedRom> {
    const lookups = HASH_PREFERENCE.flatMap((column): RomHashLookup[] => {
      const value = query[column];
      return value === undefined ? [] : [{ column, value }];
    });
    const id = await this.roms.findIdByHash(lookups);
    if (id === undefined) throw new HttpError(404, 'No ROM matches the given hashes');
    return this.get(id, userId);
  }

  /**
   * The ROM carrying a metadata provider id (RomM `by-metadata-provider`); the lowest id when
   * several do. No ROM carries a Flashpoint id here (there is no Flashpoint source), so
   * `flashpoint_id` always finds none.
   */
  async getByProviderId(query: RomByProviderQuery, userId: number): Promise<DetailedRom> {
    for (const column of LOOKUP_PROVIDER_IDS) {
      const value = query[column];
      if (value === undefined) continue;
      const id = await this.roms.findIdByProviderId(column, value);
      if (id === undefined) throw new HttpError(404, `No ROM with ${column} ${value}`);
      return this.get(id, userId);
    }
    throw new HttpError(404, `No ROM with flashpoint_id ${query.flashpoint_id ?? ''}`);
  }
}

import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';

import type { DetailedRom, RomFilters, RomListPage, RomListQuery } from '@romshelf/contract';

import { HttpError } from '../../http/http-error.js';
import { foldSearchText } from '../../lib/search-text.js';
import { toDetailedRomDto, toSimpleRomDto } from './roms.mapper.js';
import type {
  RomFilter,
  RomSortColumn,
  RomsRepository,
  RomWithPlatformRow,
  SearchTermPlan,
} from './roms.repository.js';

const SORT_COLUMNS: Readonly<Record<string, RomSortColumn>> = {
  name: 'name_sort_key',
  name_sort_key: 'name_sort_key',
  id: 'id',
  fs_name: 'fs_name',
  fs_size_bytes: 'fs_size_bytes',
  created_at: 'created_at',
  updated_at: 'updated_at',
};

const HASH_COLUMNS = { 8: 'crc_hash', 32: 'md5_hash', 40: 'sha1_hash' } as const;

/** Words this long or longer use the FTS5 trigram index; shorter ones a LIKE scan. */
const TRIGRAM_MIN = 3;

function escapeLike(word: string): string {
  return `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Turns `search_term` into a plan: `|` separates OR-ed terms, the words of a term must all
 * appear (in name or file name, case- and accent-insensitively); a term that is 8, 32 or 40 hex
 * digits also matches the crc32 / md5 / sha1 of a ROM or of one of its files.
 */
export function planSearch(searchTerm: string | undefined): SearchTermPlan[] | null {
  if (searchTerm === undefined || searchTerm.trim() === '') return null;
  const plans: SearchTermPlan[] = [];
  for (const raw of searchTerm.split('|')) {
    const term = foldSearchText(raw);
    if (term === '') continue;
    const words = term.split(' ');
    const long = words.filter((word) => Array.from(word).length >= TRIGRAM_MIN);
    const short = words.filter((word) => Array.from(word).length < TRIGRAM_MIN);
    const hashColumn = /^[0-9a-f]+$/.test(term)
      ? HASH_COLUMNS[term.length as keyof typeof HASH_COLUMNS]
      : undefined;
    plans.push({
      ftsMatch:
        long.length === 0
          ? null
          : long.map((word) => `"${word.replace(/"/g, '""')}"`).join(' AND '),
      likePatterns: short.map(escapeLike),
      hash: hashColumn === undefined ? null : { column: hashColumn, value: term },
    });
  }
  return plans.length === 0 ? null : plans;
}

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

/** A file or an on-the-fly zip to send for `GET /api/roms/{id}/content/{fs_name}`. */
export type RomDownload =
  | { type: 'file'; absPath: string; size: number; mtimeMs: number; downloadName: string }
  | {
      type: 'zip';
      downloadName: string;
      entries: { absPath: string; name: string; size: number; mtime: Date }[];
      m3u: { name: string; content: string } | null;
    };

const DISC_NAME_RE = /\((?:disc|disk|cd)\s*\d+/i;
const DISC_EXTENSIONS = new Set([
  'chd',
  'iso',
  'cso',
  'bin',
  'img',
  'pbp',
  'gdi',
  'cdi',
  'ccd',
  'mds',
]);

/**
 * The `.m3u` playlist of a multi-disc download: its `.cue` files, else its files named
 * `(Disc N)` with a disc image extension; null when there are fewer than two discs or the
 * ROM already has a playlist.
 */
export function discPlaylist(names: readonly string[]): string[] | null {
  const extension = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  if (names.some((name) => extension(name) === 'm3u')) return null;
  const cues = names.filter((name) => extension(name) === 'cue');
  if (cues.length >= 2) return cues;
  const discs = names.filter(
    (name) => DISC_NAME_RE.test(name) && DISC_EXTENSIONS.has(extension(name)),
  );
  return discs.length >= 2 ? discs : null;
}

/**
 * First character → offset of its first row in the list sorted in `direction` (RomM
 * char_index: the number of rows sorting before it), keys in ascending order. `counts` are
 * in ascending (SQLite BINARY) order.
 */
export function charIndexOf(
  counts: readonly { char: string; count: number }[],
  direction: 'asc' | 'desc',
): Record<string, number> {
  const offsets = new Map<string, number>();
  let before = 0;
  for (const { char, count } of direction === 'asc' ? counts : [...counts].reverse()) {
    offsets.set(char, before);
    before += count;
  }
  const index: Record<string, number> = {};
  for (const { char } of counts) index[char] = offsets.get(char) ?? 0;
  return index;
}

interface CachedAggregate<T> {
  version: number;
  value: T;
}

export class RomsService {
  /** Per-scope aggregates of unsearched lists (char counts, filter values), per data version. */
  private readonly cache = new Map<string, CachedAggregate<unknown>>();

  constructor(
    private readonly roms: RomsRepository,
    private readonly libraryDir: string,
  ) {}

  private async cached<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const version = this.roms.version;
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
    const filter: RomFilter = { platformIds, search: planSearch(query.search_term) };

    const pageQuery = {
      ...filter,
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
      ids = await this.roms.pageIds(pageQuery);
      if (query.with_total) total = await this.roms.count(filter);
      if (query.with_char_index) {
        const counts = await this.cached(`chars:${charColumn}:${platformIds.join(',')}`, () =>
          this.roms.charCounts(filter, charColumn),
        );
        charIndex = charIndexOf(counts, query.order_dir);
      }
    } else {
      const searched = await this.roms.searchPage(pageQuery, charColumn);
      ids = searched.ids;
      if (query.with_total) total = searched.total;
      if (query.with_char_index) charIndex = charIndexOf(searched.chars, query.order_dir);
    }

    const rows = await this.roms.findByIds(ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const files = query.with_files ? await this.roms.filesOf(ids) : [];
    const items = ids
      .map((id) => byId.get(id))
      .filter((row): row is RomWithPlatformRow => row !== undefined)
      .map((row) =>
        toSimpleRomDto(
          row,
          userId,
          files.filter((file) => file.rom_id === row.id),
        ),
      );

    return {
      items,
      total,
      limit: query.limit,
      offset: query.offset,
      char_index: charIndex,
      rom_id_index: [],
      filter_values: query.with_filter_values
        ? await this.filterValues(platformIds)
        : EMPTY_FILTERS,
    };
  }

  /** Values the gallery can filter on, over the platform scope (cached per data version). */
  private filterValues(platformIds: readonly number[]): Promise<RomFilters> {
    return this.cached(`filters:${platformIds.join(',')}`, async () => ({
      ...EMPTY_FILTERS,
      regions: await this.roms.distinctJsonValues('regions', platformIds),
      languages: await this.roms.distinctJsonValues('languages', platformIds),
      tags: await this.roms.distinctJsonValues('tags', platformIds),
      platforms: await this.roms.distinctPlatformIds(platformIds),
    }));
  }

  private async findOr404(id: number): Promise<RomWithPlatformRow> {
    const row = await this.roms.findById(id);
    if (row === undefined) throw new HttpError(404, `ROM with id ${id} not found`);
    return row;
  }

  async get(id: number, userId: number): Promise<DetailedRom> {
    const row = await this.findOr404(id);
    return toDetailedRomDto(row, userId, await this.roms.filesOf([id]));
  }

  /**
   * What to send for a ROM download. `fsName` must be the ROM's `fs_name` (or it plus `.zip`);
   * `fileIds` must all be files of this ROM. Every path is resolved to its real location and
   * must stay inside the library.
   */
  async openContent(id: number, fsName: string, fileIds: string | undefined): Promise<RomDownload> {
    const rom = await this.findOr404(id);
    if (fsName !== rom.fs_name && fsName !== `${rom.fs_name}.zip`) {
      throw new HttpError(404, `File ${fsName} not found for ROM with id ${id}`);
    }
    const files = (await this.roms.filesOf([id])).filter((file) => file.missing_from_fs === 0);
    let selected = files;
    if (fileIds !== undefined) {
      const wanted = [...new Set(fileIds.split(',').map((part) => Number(part.trim())))];
      const known = new Set(files.map((file) => file.id));
      const foreign = wanted.filter((fileId) => !known.has(fileId));
      if (foreign.length > 0) {
        throw new HttpError(400, `Files ${foreign.join(', ')} do not belong to ROM with id ${id}`);
      }
      selected = files.filter((file) => wanted.includes(file.id));
    }
    if (selected.length === 0) throw new HttpError(404, `ROM with id ${id} has no files on disk`);

    const root = await realpath(this.libraryDir);
    const resolved = await Promise.all(
      selected.map(async (file) => {
        const absolute = path.join(this.libraryDir, ...file.file_path.split('/'), file.file_name);
        let real: string;
        try {
          real = await realpath(absolute);
        } catch {
          throw new HttpError(404, `File ${file.file_name} not found on disk`);
        }
        if (!real.startsWith(root + path.sep)) {
          throw new HttpError(404, `File ${file.file_name} not found on disk`);
        }
        const stats = await stat(real);
        if (!stats.isFile()) throw new HttpError(404, `File ${file.file_name} not found on disk`);
        return { file, real, stats };
      }),
    );

    const [only] = resolved;
    if (resolved.length === 1 && only !== undefined) {
      return {
        type: 'file',
        absPath: only.real,
        size: only.stats.size,
        mtimeMs: only.stats.mtimeMs,
        downloadName: only.file.file_name,
      };
    }
    const romFolder = `${rom.fs_path}/${rom.fs_name}`;
    const entries = resolved.map(({ file, real, stats }) => ({
      absPath: real,
      name: `${file.file_path === romFolder ? '' : `${file.file_path.slice(romFolder.length + 1)}/`}${file.file_name}`,
      size: stats.size,
      mtime: stats.mtime,
    }));
    const discs = discPlaylist(entries.map((entry) => entry.name));
    return {
      type: 'zip',
      downloadName: `${rom.fs_name}.zip`,
      entries,
      m3u: discs === null ? null : { name: `${rom.fs_name}.m3u`, content: `${discs.join('\n')}\n` },
    };
  }
}

import { link, lstat, mkdir, realpath, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type { Readable } from 'node:stream';

import type {
  DeleteRomsBody,
  DeleteRomsResponse,
  DetailedRom,
  PlayStatus,
  RomBulkDownloadQuery,
  RomByHashQuery,
  RomByProviderQuery,
  RomFile,
  RomFilters,
  RomListPage,
  RomListQuery,
  RomPropsBody,
  RomUpdateFields,
  RomUser,
  RomUserData,
  SimpleRom,
} from '@romshelf/contract';
import { BULK_DOWNLOAD_MAX_ROMS, ROM_PROVIDER_ID_PARAMS } from '@romshelf/contract';

import type { NewRomRow, RomFileRow } from '../../db/schema.js';
import { HttpError } from '../../http/http-error.js';
import type { ConfinedFiles } from '../../lib/confined-files.js';
import type { AddressPolicy } from '../../lib/safe-fetch.js';
import { OutboundFetchError, publicAddressesOnly, safeFetch } from '../../lib/safe-fetch.js';
import { foldSearchText } from '../../lib/search-text.js';
import { nowIso } from '../../lib/time.js';
import { fsNameProblem } from './fs-name.js';
import { nameSortKey, parseRomFileName } from './rom-filename.js';
import { COVER_MAX_BYTES, RomResources } from './rom-resources.js';
import { toDetailedRomDto, toRomFileDto, toRomUserDto, toSimpleRomDto } from './roms.mapper.js';
import type { RomPlayAssets } from './roms.mapper.js';
import type {
  RomFilter,
  RomHashLookup,
  RomProviderIdColumn,
  RomSortColumn,
  RomsRepository,
  RomUserFields,
  RomUserFilter,
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
  last_played: 'last_played',
  rating: 'rating',
};

/** Provider id columns a user may set or clear in `PUT /api/roms/{id}`. */
const EDITABLE_PROVIDER_IDS = ['igdb_id', 'moby_id', 'ss_id', 'launchbox_id'] as const;
/** Every provider id column (cleared by `unmatch_metadata`). */
const ALL_PROVIDER_IDS = [
  'igdb_id',
  'sgdb_id',
  'moby_id',
  'ss_id',
  'ra_id',
  'launchbox_id',
  'hasheous_id',
  'tgdb_id',
  'hltb_id',
] as const;

/**
 * Hashes of `GET /api/roms/by-hash`, strongest first: when several are given and they match
 * different ROMs, the strongest match wins (a crc32 collision cannot beat a sha1 match).
 */
const HASH_PREFERENCE = ['sha1_hash', 'md5_hash', 'ra_hash', 'crc_hash'] as const;

/** Integer provider ids of `GET /api/roms/by-metadata-provider` (all but `flashpoint_id`). */
const LOOKUP_PROVIDER_IDS: readonly RomProviderIdColumn[] = ROM_PROVIDER_ID_PARAMS.filter(
  (param): param is Exclude<typeof param, 'flashpoint_id'> => param !== 'flashpoint_id',
);

/** How `url_cover` is fetched; tests may pass a permissive address policy. */
export interface CoverFetchOptions {
  policy: AddressPolicy;
  timeoutMs: number;
  maxRedirects: number;
}

export const STRICT_COVER_FETCH: CoverFetchOptions = {
  policy: publicAddressesOnly,
  timeoutMs: 15_000,
  maxRedirects: 3,
};

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/** The status a props body asks for: `status` wins; RomM's booleans set or clear theirs. */
function statusFrom(data: RomUserData, current: PlayStatus | null): PlayStatus | null | undefined {
  if (data.status !== undefined) return data.status;
  let next: PlayStatus | null | undefined;
  for (const flag of ['backlogged', 'now_playing', 'hidden'] as const) {
    const value = data[flag];
    if (value === true) next = flag;
    else if (value === false && (next ?? current) === flag) next = null;
  }
  return next;
}

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
 * ROM already has a playlist. With a cue sheet, the other images are its tracks, not discs:
 * listing `Game (Disc 1) (Track 02).bin` would make an emulator load each track as a disc.
 */
export function discPlaylist(names: readonly string[]): string[] | null {
  const extension = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  if (names.some((name) => extension(name) === 'm3u')) return null;
  const cues = names.filter((name) => extension(name) === 'cue');
  if (cues.length > 0) return cues.length >= 2 ? cues : null;
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

/** Loads a ROM detail's save, state and screenshot lists (the play-assets service). */
export interface RomPlayAssetsSource {
  forRom(userId: number, romId: number): Promise<RomPlayAssets>;
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
    private readonly files: ConfinedFiles,
    private readonly resources: RomResources,
    private readonly playAssets: RomPlayAssetsSource,
    private readonly coverFetch: CoverFetchOptions = STRICT_COVER_FETCH,
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
      ids = await this.roms.pageIds(pageQuery);
      if (query.with_total) total = await this.roms.count(filter);
      if (query.with_char_index) {
        const counts = await this.cached(`chars:${charColumn}:${scopeKey}`, () =>
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
    const romUsers = new Map(
      (await this.roms.romUsersOf(userId, ids)).map((romUser) => [romUser.rom_id, romUser]),
    );
    const items = ids
      .map((id) => byId.get(id))
      .filter((row): row is RomWithPlatformRow => row !== undefined)
      .map((row) =>
        toSimpleRomDto(
          row,
          userId,
          files.filter((file) => file.rom_id === row.id),
          romUsers.get(row.id),
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
    const excludeHidden = !statuses.includes('hidden') && (await this.roms.hasHidden(userId));
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
      regions: await this.roms.distinctJsonValues('regions', platformIds),
      languages: await this.roms.distinctJsonValues('languages', platformIds),
      tags: await this.roms.distinctJsonValues('tags', platformIds),
      platforms: await this.roms.distinctPlatformIds(platformIds),
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
    return toSimpleRomDto(row, userId, await this.roms.filesOf([id]), romUser);
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
    return toDetailedRomDto(row, userId, files, romUser, await this.playAssets.forRom(userId, id));
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

  /** The real path of a ROM's folder (`fs_path`), which must lie inside the library. */
  private romFolder(rom: RomWithPlatformRow): Promise<string> {
    return this.files.existingFolder(this.libraryDir, rom.fs_path);
  }

  /**
   * Renames a ROM's file or folder inside its platform folder, never over an existing entry
   * (file: hard link + unlink; folder: the new name is reserved with mkdir, then the rename
   * replaces that empty folder atomically), then updates the ROM and its files' paths. Returns
   * the re-parsed name fields.
   */
  private async renameRom(
    rom: RomWithPlatformRow,
    newName: string,
    now: string,
    extra: Partial<Omit<NewRomRow, 'id'>>,
  ): Promise<void> {
    const problem = fsNameProblem(newName);
    if (problem !== null) throw new HttpError(400, problem);
    const taken = await this.roms.findStoredByName(rom.platform_id, newName);
    if (taken !== undefined) {
      throw new HttpError(409, `A ROM named ${newName} already exists on this platform`);
    }
    const folder = await this.romFolder(rom);
    const source = path.join(folder, rom.fs_name);
    const target = path.join(folder, newName);
    if (path.dirname(target) !== folder) throw new HttpError(400, 'Invalid file name');
    let isFolder: boolean;
    try {
      isFolder = (await lstat(source)).isDirectory();
    } catch {
      throw new HttpError(404, `${rom.fs_name} not found on disk`);
    }
    const collision = () => new HttpError(409, `${newName} already exists in ${rom.fs_path}`);
    if (isFolder) {
      try {
        await mkdir(target);
      } catch (error) {
        if (errorCode(error) === 'EEXIST') throw collision();
        throw error;
      }
      try {
        await rename(source, target);
      } catch (error) {
        await rmdir(target).catch(() => undefined);
        if (errorCode(error) === 'ENOTEMPTY' || errorCode(error) === 'EEXIST') throw collision();
        throw error;
      }
    } else {
      try {
        await link(source, target);
      } catch (error) {
        if (errorCode(error) === 'EEXIST') throw collision();
        throw error;
      }
      await unlink(source);
    }

    const parsed = parseRomFileName(newName, { isFolder });
    const name = extra.name ?? rom.name ?? parsed.fs_name_no_tags;
    const fields: Partial<Omit<NewRomRow, 'id'>> = {
      ...extra,
      fs_name: newName,
      fs_name_no_tags: parsed.fs_name_no_tags,
      fs_name_no_ext: parsed.fs_name_no_ext,
      fs_extension: parsed.fs_extension,
      regions: JSON.stringify(parsed.regions),
      languages: JSON.stringify(parsed.languages),
      tags: JSON.stringify(parsed.tags),
      revision:
        parsed.revision !== '' ? parsed.revision : parsed.version !== '' ? parsed.version : null,
      search_text: foldSearchText(`${name} ${newName}`),
    };
    try {
      await this.roms.applyRename(
        rom.id,
        fields,
        isFolder
          ? {
              kind: 'folder',
              oldFolder: `${rom.fs_path}/${rom.fs_name}`,
              newFolder: `${rom.fs_path}/${newName}`,
            }
          : { kind: 'file', folder: rom.fs_path, oldName: rom.fs_name, newName },
        now,
      );
    } catch (error) {
      // Put the file back so the database and the disk agree again.
      await rename(target, source).catch(() => undefined);
      throw error;
    }
  }

  private async fetchCover(url: string): Promise<Buffer> {
    try {
      const fetched = await safeFetch(url, { ...this.coverFetch, maxBytes: COVER_MAX_BYTES });
      return fetched.body;
    } catch (error) {
      if (error instanceof OutboundFetchError) {
        throw new HttpError(400, `Cannot fetch the cover: ${error.message}`);
      }
      throw error;
    }
  }

  /**
   * `PUT /api/roms/{id}`: only given fields change. `unmatch_metadata` clears provider ids,
   * metadata and artwork, resets the name and ignores the other fields (as RomM does);
   * `remove_cover` drops the stored cover. Fields edited by hand are recorded in
   * `manual_fields` so metadata updates keep them.
   */
  async update(
    id: number,
    userId: number,
    fields: RomUpdateFields,
    artwork: Buffer | null,
  ): Promise<DetailedRom> {
    const rom = await this.findOr404(id);
    const now = nowIso();
    if (fields.unmatch_metadata === true) {
      const cleared: Partial<Omit<NewRomRow, 'id'>> = {
        slug: null,
        summary: null,
        url_cover: null,
        cover_updated_at: null,
        manual_fields: '[]',
        name: rom.fs_name_no_tags,
        name_sort_key: nameSortKey(rom.fs_name_no_tags),
        search_text: foldSearchText(`${rom.fs_name_no_tags} ${rom.fs_name}`),
      };
      for (const column of ALL_PROVIDER_IDS) cleared[column] = null;
      await this.resources.removeCover(rom.platform_id, rom.id);
      await this.roms.updateRom(id, cleared, now);
      return this.get(id, userId);
    }

    const edited = new Set<string>(JSON.parse(rom.manual_fields) as string[]);
    const changes: Partial<Omit<NewRomRow, 'id'>> = {};
    if (fields.name !== undefined && fields.name !== rom.name) {
      changes.name = fields.name;
      changes.name_sort_key = nameSortKey(fields.name);
      changes.search_text = foldSearchText(`${fields.name} ${rom.fs_name}`);
      edited.add('name');
    }
    if (fields.summary !== undefined) {
      const summary =
        fields.summary === null || fields.summary.trim() === '' ? null : fields.summary;
      if (summary !== rom.summary) {
        changes.summary = summary;
        edited.add('summary');
      }
    }
    for (const column of EDITABLE_PROVIDER_IDS) {
      const value = fields[column];
      if (value !== undefined && value !== rom[column]) {
        changes[column] = value;
        edited.add(column);
      }
    }

    // Artwork: an uploaded image wins over a URL; both replace the stored cover.
    let cover: Buffer | null = artwork;
    let coverUrl: string | null | undefined;
    if (cover === null && fields.url_cover !== undefined) {
      const url = fields.url_cover?.trim() ?? '';
      if (url === '') coverUrl = null;
      else if (url !== rom.url_cover || rom.cover_updated_at === null) {
        cover = await this.fetchCover(url);
        coverUrl = url;
      }
    }
    if (fields.remove_cover === true && cover === null) {
      await this.resources.removeCover(rom.platform_id, rom.id);
      changes.cover_updated_at = null;
      changes.url_cover = null;
      edited.add('cover');
    }
    if (cover !== null) {
      await this.resources.saveCover(rom.platform_id, rom.id, cover);
      changes.cover_updated_at = now;
      changes.url_cover = coverUrl ?? null;
      edited.add('cover');
    } else if (coverUrl === null && rom.url_cover !== null) {
      changes.url_cover = null;
    }
    changes.manual_fields = JSON.stringify([...edited].sort());

    if (fields.fs_name !== undefined && fields.fs_name !== rom.fs_name) {
      await this.renameRom(rom, fields.fs_name, now, changes);
    } else {
      await this.roms.updateRom(id, changes, now);
    }
    return this.get(id, userId);
  }

  /** Stores a PDF manual for a ROM (checked by content). */
  async saveManual(
    id: number,
    userId: number,
    stream: Readable & { truncated?: boolean },
  ): Promise<DetailedRom> {
    const rom = await this.findOr404(id);
    await this.resources.saveManual(rom.platform_id, rom.id, stream);
    await this.roms.updateRom(id, { manual_updated_at: nowIso() }, nowIso());
    return this.get(id, userId);
  }

  /** Removes the stored manual of a ROM (404 when it has none). */
  async deleteManual(id: number, userId: number): Promise<DetailedRom> {
    const rom = await this.findOr404(id);
    if (rom.manual_updated_at === null) {
      throw new HttpError(404, `ROM with id ${id} has no manual`);
    }
    await this.resources.removeManual(rom.platform_id, rom.id);
    await this.roms.updateRom(id, { manual_updated_at: null }, nowIso());
    return this.get(id, userId);
  }

  /** The stored manual of a ROM, with the name it is served under (`<game>.pdf`). */
  async openManual(
    id: number,
  ): Promise<{ absPath: string; size: number; mtimeMs: number; fileName: string }> {
    const rom = await this.findOr404(id);
    if (rom.manual_updated_at === null) {
      throw new HttpError(404, `ROM with id ${id} has no manual`);
    }
    const absPath = this.resources.absolute(RomResources.manualPath(rom.platform_id, rom.id));
    try {
      const stats = await stat(absPath);
      return {
        absPath,
        size: stats.size,
        mtimeMs: stats.mtimeMs,
        fileName: `${rom.fs_name_no_ext}.pdf`,
      };
    } catch {
      throw new HttpError(404, `ROM with id ${id} has no manual`);
    }
  }

  /** Removes a ROM's file or folder (a symbolic link itself, never its target). */
  private async removeFromDisk(rom: RomWithPlatformRow): Promise<void> {
    let folder: string;
    try {
      folder = await this.romFolder(rom);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return;
      throw error;
    }
    if (fsNameProblem(rom.fs_name) !== null) {
      throw new Error(`${rom.fs_name} is not a plain name`);
    }
    const target = path.join(folder, rom.fs_name);
    if (path.dirname(target) !== folder) throw new Error(`${rom.fs_name} is not a plain name`);
    let isFolder: boolean;
    try {
      const stats = await lstat(target);
      isFolder = stats.isDirectory();
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return;
      throw error;
    }
    if (isFolder) await rm(target, { recursive: true });
    else await unlink(target);
  }

  /**
   * `POST /api/roms/delete`: removes the rows of `roms` (files, user data and resources go
   * with them) and, for ids also in `delete_from_fs`, their file or folder on disk first. A
   * ROM whose disk removal fails is kept. Unknown ids are reported in `failed_ids`.
   */
  async delete(body: DeleteRomsBody): Promise<DeleteRomsResponse> {
    const ids = [...new Set(body.roms)];
    const fromDisk = new Set(body.delete_from_fs);
    const found = new Map((await this.roms.findByIds(ids)).map((row) => [row.id, row]));
    const failed: number[] = [];
    const errors: string[] = [];
    const deleted: RomWithPlatformRow[] = [];
    for (const id of ids) {
      const rom = found.get(id);
      if (rom === undefined) {
        failed.push(id);
        errors.push(`ROM with id ${id} not found`);
        continue;
      }
      if (fromDisk.has(id)) {
        try {
          await this.removeFromDisk(rom);
        } catch (error) {
          failed.push(id);
          errors.push(`Cannot delete ${rom.fs_path}/${rom.fs_name}: ${(error as Error).message}`);
          continue;
        }
      }
      deleted.push(rom);
    }
    await this.roms.deleteRoms(deleted.map((rom) => rom.id));
    for (const rom of deleted) await this.resources.removeAll(rom.platform_id, rom.id);
    return {
      msg: `${deleted.length} ROM${deleted.length === 1 ? '' : 's'} deleted successfully!`,
      successful_items: deleted.length,
      failed_ids: failed,
      errors,
    };
  }

  /**
   * `PUT /api/roms/{id}/props`: the caller's own data. Only given fields change;
   * `update_last_played` stamps now, `remove_last_played` clears it.
   */
  async setProps(
    id: number,
    userId: number,
    body: RomPropsBody,
    flags: { update_last_played?: boolean; remove_last_played?: boolean },
  ): Promise<RomUser> {
    const rom = await this.findOr404(id);
    const { data: wrapped, update_last_played, remove_last_played, ...bare } = body ?? {};
    const data: RomUserData = wrapped ?? bare;
    const update = update_last_played ?? flags.update_last_played ?? false;
    const remove = remove_last_played ?? flags.remove_last_played ?? false;
    if (update && remove) {
      throw new HttpError(400, 'Use either update_last_played or remove_last_played');
    }
    const [current] = await this.roms.romUsersOf(userId, [id]);
    const currentStatus = toRomUserDto(rom, userId, current).status;
    const fields: RomUserFields = {};
    const status = statusFrom(data, currentStatus);
    if (status !== undefined) fields.status = status;
    if (data.is_favorite !== undefined) fields.is_favorite = data.is_favorite ? 1 : 0;
    if (data.is_main_sibling !== undefined) fields.is_main_sibling = data.is_main_sibling ? 1 : 0;
    if (data.rating !== undefined) fields.rating = data.rating;
    if (data.difficulty !== undefined) fields.difficulty = data.difficulty;
    if (data.completion !== undefined) fields.completion = data.completion;
    if (data.notes !== undefined) fields.notes = data.notes === '' ? null : data.notes;
    if (update) fields.last_played = nowIso();
    if (remove) fields.last_played = null;
    if (Object.keys(fields).length === 0) return toRomUserDto(rom, userId, current);
    return toRomUserDto(rom, userId, await this.roms.saveRomUser(userId, id, fields, nowIso()));
  }

  /**
   * What to send for a ROM download. `fsName` must be the ROM's `fs_name` (or it plus `.zip`);
   * `fileIds` must all be files of this ROM. Every path is resolved to its real location and
   * must stay inside the library.
   */
  /**
   * Several ROMs as one stored zip (`GET /api/roms/download`): the given ones, or a platform's.
   * Entries are named by their path in the library, so unpacking it into a library folder puts
   * every game where a scan finds it.
   */
  async openBulkContent(query: RomBulkDownloadQuery): Promise<RomDownload> {
    const ids =
      query.rom_ids === undefined
        ? await this.roms.idsOfPlatform(query.platform_id ?? 0, BULK_DOWNLOAD_MAX_ROMS + 1)
        : [...new Set(query.rom_ids.split(',').map((part) => Number(part.trim())))];
    if (ids.length > BULK_DOWNLOAD_MAX_ROMS) {
      throw new HttpError(400, `At most ${BULK_DOWNLOAD_MAX_ROMS} ROMs can be downloaded at once`);
    }
    if (ids.length === 0)
      throw new HttpError(404, `Platform ${query.platform_id ?? 0} has no ROMs`);
    const found = new Set((await this.roms.findByIds(ids)).map((row) => row.id));
    const unknown = ids.find((id) => !found.has(id));
    if (unknown !== undefined) throw new HttpError(404, `ROM with id ${unknown} not found`);

    const files = (await this.roms.filesOf(ids)).filter((file) => file.missing_from_fs === 0);
    const entries = (await this.onDisk(files)).map(({ file, real, stats }) => ({
      absPath: real,
      name: `${file.file_path}/${file.file_name}`,
      size: stats.size,
      mtime: stats.mtime,
    }));
    if (entries.length === 0) throw new HttpError(404, 'None of these ROMs has files on disk');
    const requested = query.filename?.replace(/[\\/]/g, '_');
    const manifest = crc32(entries.map((entry) => entry.name).join('\n'))
      .toString(16)
      .padStart(8, '0');
    return {
      type: 'zip',
      downloadName:
        requested === undefined
          ? `${ids.length} ROMs (${manifest}).zip`
          : requested.toLowerCase().endsWith('.zip')
            ? requested
            : `${requested}.zip`,
      entries,
      m3u: null,
    };
  }

  /**
   * Each file's real path and size, confined to the library: a file that is gone, is not a
   * regular file, or resolves (through links) outside the library is a 404.
   */
  private async onDisk(files: readonly RomFileRow[]) {
    const root = await realpath(this.libraryDir);
    return Promise.all(
      files.map(async (file) => {
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
  }

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

    const resolved = await this.onDisk(selected);
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

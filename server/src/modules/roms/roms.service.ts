import type {
  DetailedRom,
  RomByHashQuery,
  RomByProviderQuery,
  LibraryConfig,
  RomFile,
  SiblingRom,
  SimpleRom,
} from '@romshelf/contract';
import { ROM_PROVIDER_ID_PARAMS } from '@romshelf/contract';

import { HttpError } from '../../http/http-error.js';
import type { Withheld } from '../hidden-items/visibility.js';
import { withheldFromCaller, withholds, withholdsRom } from '../hidden-items/visibility.js';
import type { RomCollections } from './rom-collections.js';
import { toUserNoteDto } from './notes/rom-notes.mapper.js';
import type { RomNotesRepository } from './notes/rom-notes.repository.js';
import type { RomVersionGroups, VersionRanking } from './versions/rom-version-groups.js';
import { toDetailedRomDto, toRomFileDto, toSimpleRomDto } from './roms.mapper.js';
import type { RomPlayAssets } from './roms.mapper.js';
import type {
  ExportRomRow,
  RomHashLookup,
  RomProviderIdColumn,
  RomsRepository,
  RomWithPlatformRow,
} from './roms.repository.js';

/**
 * Hashes of `GET /api/roms/by-hash`, strongest first: when several are given and they match
 * different ROMs, the strongest match wins (a crc32 collision cannot beat a sha1 match).
 */
export type { ExportRomRow };

/** ROMs read at once when a platform is walked page by page (an export's memory stays flat). */
const PLATFORM_PAGE = 500;

const HASH_PREFERENCE = ['sha1_hash', 'md5_hash', 'ra_hash', 'crc_hash'] as const;

/** Integer provider ids of `GET /api/roms/by-metadata-provider` (all but `flashpoint_id`). */
const LOOKUP_PROVIDER_IDS: readonly RomProviderIdColumn[] = ROM_PROVIDER_ID_PARAMS.filter(
  (param): param is Exclude<typeof param, 'flashpoint_id'> => param !== 'flashpoint_id',
);

/** Loads a ROM detail's save, state and screenshot lists (the play-assets service). */
export interface RomPlayAssetsSource {
  forRom(userId: number, romId: number): Promise<RomPlayAssets>;
}

/** Versions of a game: their reads, and the region priority ranking a group's members. */
export interface RomVersionsSource {
  groups: RomVersionGroups;
  ranking(): Pick<LibraryConfig, 'SCAN_REGION_PRIORITY'>;
}

/** How a caller's grouped list picks each group's winner. */
export function versionRanking(versions: RomVersionsSource, userId: number): VersionRanking {
  return { userId, regionPriority: versions.ranking().SCAN_REGION_PRIORITY };
}

/** Reads single ROMs: by id, hash or provider id (lists: RomListService). */
export class RomsService {
  constructor(
    private readonly roms: RomsRepository,
    private readonly playAssets: RomPlayAssetsSource,
    private readonly notes: Pick<RomNotesRepository, 'visible' | 'romIdsWithVisibleNotes'>,
    private readonly versions: RomVersionsSource,
    private readonly collections: RomCollections,
  ) {}

  /** The other versions of a ROM (same platform, a shared provider id), by sort name. */
  async versionsOf(id: number, userId: number): Promise<SiblingRom[]> {
    return (await this.versions.groups.siblingsOf([id], userId)).get(id) ?? [];
  }

  /** Of these ROM ids, those the caller may see. */
  async visibleIds(ids: readonly number[]): Promise<Set<number>> {
    const withheld = withheldFromCaller();
    if (!withholds(withheld)) return new Set(ids);
    const rows = await this.roms.findByIds([...new Set(ids)]);
    return new Set(rows.filter((row) => !withholdsRom(withheld, row)).map((row) => row.id));
  }

  /**
   * A platform's ROMs on disk but the withheld ones, a page at a time by id: never the whole
   * platform in memory.
   */
  async *presentOfPlatform(platformId: number, withheld: Withheld): AsyncGenerator<ExportRomRow[]> {
    let afterId = 0;
    for (;;) {
      const page = await this.roms.presentOfPlatformAfter(
        platformId,
        afterId,
        PLATFORM_PAGE,
        withheld,
      );
      if (page.length === 0) return;
      yield page;
      afterId = page[page.length - 1]?.id ?? afterId;
      if (page.length < PLATFORM_PAGE) return;
    }
  }

  /** How many of a platform's ROMs on disk the caller may see. */
  countPresentOfPlatform(platformId: number): Promise<number> {
    return this.roms.countPresentOfPlatform(platformId, withheldFromCaller());
  }

  /** The id of every ROM the caller may see. */
  identifiers(): Promise<number[]> {
    return this.roms.allIds(withheldFromCaller());
  }

  /**
   * The ROM's row, or a 404 (also when it is hidden from the caller): enough to check a ROM
   * exists before reading a request body.
   */
  async findOr404(id: number): Promise<RomWithPlatformRow> {
    const row = await this.roms.findById(id);
    if (row === undefined || withholdsRom(withheldFromCaller(), row)) {
      throw new HttpError(404, `ROM with id ${id} not found`);
    }
    return row;
  }

  /** One ROM in the list shape (RomM `GET /api/roms/{id}/simple`). */
  async getSimple(id: number, userId: number): Promise<SimpleRom> {
    const row = await this.findOr404(id);
    const [romUser] = await this.roms.romUsersOf(userId, [id]);
    const hasNotes = (await this.notes.romIdsWithVisibleNotes(userId, [id])).has(id);
    const favourite = (await this.collections.favouriteIdsOf(userId, [id])).has(id);
    return toSimpleRomDto(row, userId, await this.roms.filesOf([id]), {
      romUser,
      favourite,
      hasNotes,
    });
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
    const favourite = (await this.collections.favouriteIdsOf(userId, [id])).has(id);
    const holding = await this.collections.holding(userId, id);
    const personal = { romUser, favourite };
    const detail = toDetailedRomDto(row, userId, files, personal, playAssets, notes, holding);
    return { ...detail, sibling_roms: await this.versionsOf(id, userId) };
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

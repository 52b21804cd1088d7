import type { DetailedRom, RomUpdateFields } from '@romshelf/contract';

import type { NewRomRow } from '../../../db/schema.js';
import { HttpError } from '../../../http/http-error.js';
import type { AddressPolicy } from '../../../lib/safe-fetch.js';
import { OutboundFetchError, publicAddressesOnly, safeFetch } from '../../../lib/safe-fetch.js';
import { romSearchText } from '../../../lib/search-text.js';
import { nowIso } from '../../../lib/time.js';
import { nameSortKey } from '../names/rom-filename.js';
import type { RomFilesService } from '../files/rom-files.service.js';
import { COVER_MAX_BYTES } from '../resources/rom-resources.js';
import type { RomResources } from '../resources/rom-resources.js';
import type { RomWritesRepository } from '../writes/rom-writes.repository.js';
import type { RomWithPlatformRow } from '../roms.repository.js';
import type { RomsService } from '../roms.service.js';

type RomChanges = Partial<Omit<NewRomRow, 'id'>>;

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

/**
 * The name, summary and provider id changes an edit asks for; each changed field is added to
 * `edited` (the fields metadata updates must keep).
 */
function textChanges(
  rom: RomWithPlatformRow,
  fields: RomUpdateFields,
  edited: Set<string>,
): RomChanges {
  const changes: RomChanges = {};
  if (fields.name !== undefined && fields.name !== rom.name) {
    changes.name = fields.name;
    changes.name_sort_key = nameSortKey(fields.name);
    changes.search_text = romSearchText(fields.name, rom.fs_name_no_tags);
    edited.add('name');
  }
  if (fields.summary !== undefined) {
    const summary = fields.summary === null || fields.summary.trim() === '' ? null : fields.summary;
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
  return changes;
}

/** Edits of a ROM's own record: its name, summary, provider ids, cover and file name. */
export class RomEditsService {
  constructor(
    private readonly roms: RomsService,
    private readonly files: RomFilesService,
    private readonly writes: RomWritesRepository,
    private readonly resources: RomResources,
    private readonly coverFetch: CoverFetchOptions = STRICT_COVER_FETCH,
  ) {}

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
    const rom = await this.roms.findOr404(id);
    const now = nowIso();
    if (fields.unmatch_metadata === true) {
      await this.unmatch(rom, now);
      return this.roms.get(id, userId);
    }

    const edited = new Set<string>(JSON.parse(rom.manual_fields) as string[]);
    const changes = textChanges(rom, fields, edited);
    await this.changeCover(rom, fields, artwork, now, changes, edited);
    changes.manual_fields = JSON.stringify([...edited].sort());

    if (fields.fs_name !== undefined && fields.fs_name !== rom.fs_name) {
      await this.files.rename(rom, fields.fs_name, now, changes);
    } else {
      await this.writes.updateRom(id, changes, now);
    }
    return this.roms.get(id, userId);
  }

  /** Clears provider ids, metadata and artwork, and resets the name to the file's. */
  private async unmatch(rom: RomWithPlatformRow, now: string): Promise<void> {
    const cleared: RomChanges = {
      slug: null,
      summary: null,
      url_cover: null,
      cover_updated_at: null,
      manual_fields: '[]',
      name: rom.fs_name_no_tags,
      name_sort_key: nameSortKey(rom.fs_name_no_tags),
      search_text: romSearchText(null, rom.fs_name_no_tags),
    };
    for (const column of ALL_PROVIDER_IDS) cleared[column] = null;
    await this.resources.removeCover(rom.platform_id, rom.id);
    await this.writes.updateRom(rom.id, cleared, now);
  }

  /** Artwork: an uploaded image wins over a URL; both replace the stored cover. */
  private async changeCover(
    rom: RomWithPlatformRow,
    fields: RomUpdateFields,
    artwork: Buffer | null,
    now: string,
    changes: RomChanges,
    edited: Set<string>,
  ): Promise<void> {
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
  }
}

import type { Collection, CollectionForm, CollectionUpdateForm } from '@romshelf/contract';
import { COLLECTION_COVERS_MAX, COLLECTION_ROMS_MAX } from '@romshelf/contract';

import { isUniqueViolation } from '../../db/dialect-sql.js';
import { HttpError } from '../../http/http-error.js';
import { nowIso } from '../../lib/time.js';
import { withheldFromCaller } from '../hidden-items/visibility.js';
import type { CollectionAccess } from './collection-access.js';
import type { CollectionCovers } from './collection-covers.js';
import type {
  CollectionFields,
  CollectionsRepository,
  CollectionWithOwner,
} from './collections.repository.js';
import { toCollectionDto } from './collections.mapper.js';

export interface CreateCollectionFlags {
  is_public: boolean;
  is_favorite: boolean;
}

export interface UpdateCollectionFlags {
  is_public?: boolean;
  remove_cover: boolean;
}

/** Parses RomM's `rom_ids` form field: a JSON array of ROM ids. */
function parseRomIds(raw: string): number[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new HttpError(422, 'rom_ids must be a JSON array of ROM ids');
  }
  if (
    !Array.isArray(parsed) ||
    !parsed.every((id) => Number.isSafeInteger(id) && (id as number) > 0)
  ) {
    throw new HttpError(422, 'rom_ids must be a JSON array of ROM ids');
  }
  if (parsed.length > COLLECTION_ROMS_MAX) {
    throw new HttpError(422, `rom_ids takes at most ${COLLECTION_ROMS_MAX} ids`);
  }
  return [...new Set(parsed as number[])];
}

/** Manual collections: reading what a caller may see, creating, editing, deleting. */
export class CollectionsService {
  constructor(
    private readonly collections: CollectionsRepository,
    private readonly access: CollectionAccess,
    private readonly covers: CollectionCovers,
  ) {}

  /** The answer for rows: members, own cover or collage, member thumbnails. */
  async toDtos(rows: readonly CollectionWithOwner[]): Promise<Collection[]> {
    const withheld = withheldFromCaller();
    const members = await this.collections.memberIds(
      rows.map((row) => row.id),
      withheld,
    );
    return Promise.all(
      rows.map(async (row) => {
        const memberCovers = await this.collections.memberCovers(
          row.id,
          COLLECTION_COVERS_MAX,
          withheld,
        );
        const cover =
          row.cover_updated_at === null
            ? await this.covers.collage(row.id, memberCovers)
            : this.covers.ownUrls(row.id, row.cover_updated_at);
        return toCollectionDto(row, members.get(row.id) ?? [], cover, memberCovers);
      }),
    );
  }

  async toDto(row: CollectionWithOwner): Promise<Collection> {
    const [dto] = await this.toDtos([row]);
    if (dto === undefined) throw new Error('unreachable: one row gives one answer');
    return dto;
  }

  async list(userId: number, updatedAfter: string | null): Promise<Collection[]> {
    return this.toDtos(await this.collections.visibleTo(userId, updatedAfter));
  }

  identifiers(userId: number): Promise<number[]> {
    return this.collections.visibleIds(userId);
  }

  async get(userId: number, id: number): Promise<Collection> {
    return this.toDto(await this.access.readable(userId, id));
  }

  private async assertNameFree(userId: number, name: string, exceptId?: number): Promise<void> {
    const taken = await this.collections.findByName(userId, name);
    if (taken !== undefined && taken.id !== exceptId) {
      throw new HttpError(409, `You already have a collection named "${name}"`);
    }
  }

  /** `POST /api/collections`: 409 for a name the caller already uses or a second favourites. */
  async create(
    userId: number,
    form: CollectionForm,
    artwork: Buffer | null,
    flags: CreateCollectionFlags,
  ): Promise<Collection> {
    await this.assertNameFree(userId, form.name);
    if (flags.is_favorite && (await this.collections.favouritesOf(userId)) !== undefined) {
      throw new HttpError(409, 'You already have a favourites collection');
    }
    // The cover is fetched and encoded first, then written before the row commits: a
    // collection never exists without the cover its request carried, even after a crash.
    const picture =
      artwork ?? (form.url_cover === '' ? null : await this.covers.fetch(form.url_cover));
    const cover = picture === null ? null : await this.covers.encodeOwn(picture);
    const now = nowIso();
    let created: number | undefined;
    try {
      created = await this.collections.create(
        userId,
        {
          name: form.name,
          description: form.description,
          url_cover: artwork === null ? form.url_cover : '',
          is_public: flags.is_public ? 1 : 0,
          is_favorite: flags.is_favorite ? 1 : 0,
          cover_updated_at: cover === null ? null : now,
        },
        now,
        async (id) => {
          created = id;
          // Files of an earlier row with this id that never committed (a crash) go first.
          await this.covers.removeAll(id);
          if (cover !== null) await this.covers.storeOwn(id, cover);
        },
      );
    } catch (error) {
      if (created !== undefined) await this.covers.removeAll(created);
      if (isUniqueViolation(error))
        throw new HttpError(409, `You already have a collection named "${form.name}"`);
      throw error;
    }
    return this.get(userId, created);
  }

  /**
   * `PUT /api/collections/{id}`: given fields change; `rom_ids` replaces the members; a new
   * artwork or `url_cover` replaces the own cover, `remove_cover` drops it (back to the collage).
   * The favourites collection keeps its name.
   */
  async update(
    userId: number,
    id: number,
    form: CollectionUpdateForm,
    artwork: Buffer | null,
    flags: UpdateCollectionFlags,
  ): Promise<Collection> {
    const row = await this.access.writable(userId, id);
    const fields: CollectionFields = {};
    if (form.name !== undefined && form.name !== row.name) {
      if (row.is_favorite === 1)
        throw new HttpError(400, 'The favourites collection cannot be renamed');
      await this.assertNameFree(userId, form.name, id);
      fields.name = form.name;
    }
    if (form.description !== undefined) fields.description = form.description;
    if (flags.is_public !== undefined) fields.is_public = flags.is_public ? 1 : 0;
    const romIds = form.rom_ids === undefined ? null : parseRomIds(form.rom_ids);
    if (romIds !== null) await this.assertRoms(romIds);
    const now = nowIso();
    await this.changeCover(row, form, artwork, flags.remove_cover, fields, now);
    try {
      await this.collections.update(id, fields, now);
    } catch (error) {
      if (isUniqueViolation(error))
        throw new HttpError(409, `You already have a collection named "${form.name ?? ''}"`);
      throw error;
    }
    if (romIds !== null) await this.collections.replaceRoms(id, romIds, now);
    return this.get(userId, id);
  }

  /** `PUT /api/collections/{id}/visibility` (owner only). */
  async setVisibility(userId: number, id: number, isPublic: boolean): Promise<Collection> {
    await this.access.writable(userId, id);
    await this.collections.update(id, { is_public: isPublic ? 1 : 0 }, nowIso());
    return this.get(userId, id);
  }

  private async changeCover(
    row: CollectionWithOwner,
    form: CollectionUpdateForm,
    artwork: Buffer | null,
    removeCover: boolean,
    fields: CollectionFields,
    now: string,
  ): Promise<void> {
    if (removeCover) {
      await this.covers.removeOwn(row.id);
      Object.assign(fields, { url_cover: '', cover_updated_at: null });
      return;
    }
    if (artwork !== null) {
      await this.covers.saveOwn(row.id, artwork);
      Object.assign(fields, { url_cover: '', cover_updated_at: now });
      return;
    }
    if (form.url_cover === undefined || form.url_cover === row.url_cover) return;
    if (form.url_cover === '') {
      await this.covers.removeOwn(row.id);
      Object.assign(fields, { url_cover: '', cover_updated_at: null });
      return;
    }
    await this.covers.saveOwn(row.id, await this.covers.fetch(form.url_cover));
    Object.assign(fields, { url_cover: form.url_cover, cover_updated_at: now });
  }

  /** 404 naming the first id that is not a ROM. */
  async assertRoms(romIds: readonly number[]): Promise<void> {
    const [unknown] = await this.collections.unknownRomIds(romIds);
    if (unknown !== undefined) throw new HttpError(404, `ROM with id ${unknown} not found`);
  }

  /** Deletes the collection (never its ROMs); the favourites collection stays. */
  async delete(userId: number, id: number): Promise<void> {
    const row = await this.access.writable(userId, id);
    if (row.is_favorite === 1)
      throw new HttpError(400, 'The favourites collection cannot be deleted');
    await this.collections.delete(id);
    await this.covers.removeAll(id);
  }
}

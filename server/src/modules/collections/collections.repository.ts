import type { Transaction } from 'kysely';
import { sql } from 'kysely';

import type { Db } from '../../db/database.js';
import type { DataVersions } from '../../db/data-versions.js';
import { engineOf } from '../../db/engine.js';
import { caseless } from '../../db/dialect-sql.js';
import { chunks, ID_CHUNK } from '../../db/id-chunks.js';
import type { CollectionRow, Database } from '../../db/schema.js';
import type { Withheld } from '../hidden-items/visibility.js';
import { NOTHING_WITHHELD } from '../hidden-items/visibility.js';
import { withheldClauses } from '../hidden-items/withheld-sql.js';

/** A collection with its owner's name. */
export type CollectionWithOwner = CollectionRow & { owner_username: string };

/** A member ROM's stored cover (for the answer's thumbnails and the collage). */
export interface MemberCover {
  rom_id: number;
  platform_id: number;
  cover_updated_at: string;
}

export type CollectionFields = Partial<
  Pick<CollectionRow, 'name' | 'description' | 'url_cover' | 'is_public' | 'cover_updated_at'>
>;

/** Collections, their members and favourites, in SQLite. */
export class CollectionsRepository {
  constructor(
    private readonly db: Db,
    /** Told of every membership change (list caches follow it). */
    private readonly versions: DataVersions,
  ) {}

  private changed(): void {
    this.versions.wrote('collections');
  }

  private withOwner() {
    return this.db
      .selectFrom('collection')
      .innerJoin('user', 'user.id', 'collection.user_id')
      .selectAll('collection')
      .select('user.username as owner_username');
  }

  /** The caller's collections and everyone's public ones, favourites first, then by name. */
  visibleTo(userId: number, updatedAfter: string | null): Promise<CollectionWithOwner[]> {
    let query = this.withOwner().where((eb) =>
      eb.or([eb('collection.user_id', '=', userId), eb('collection.is_public', '=', 1)]),
    );
    if (updatedAfter !== null) query = query.where('collection.updated_at', '>', updatedAfter);
    return query
      .orderBy(sql`collection.user_id = ${userId}`, 'desc')
      .orderBy('collection.is_favorite', 'desc')
      .orderBy(caseless(engineOf(this.db), sql`collection.name`))
      .orderBy('collection.id')
      .execute();
  }

  async visibleIds(userId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('collection')
      .select('id')
      .where((eb) => eb.or([eb('user_id', '=', userId), eb('is_public', '=', 1)]))
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  }

  find(id: number): Promise<CollectionWithOwner | undefined> {
    return this.withOwner().where('collection.id', '=', id).executeTakeFirst();
  }

  async findByName(userId: number, name: string): Promise<CollectionRow | undefined> {
    return this.db
      .selectFrom('collection')
      .selectAll()
      .where('user_id', '=', userId)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  favouritesOf(userId: number): Promise<CollectionRow | undefined> {
    return this.db
      .selectFrom('collection')
      .selectAll()
      .where('user_id', '=', userId)
      .where('is_favorite', '=', 1)
      .executeTakeFirst();
  }

  /**
   * Inserts a collection and runs `beforeCommit` with its id inside the same transaction, so
   * the row only ever exists once what it names (its cover files) is written.
   */
  async create(
    userId: number,
    fields: Required<Pick<CollectionRow, 'name' | 'description' | 'url_cover'>> & {
      is_public: number;
      is_favorite: number;
      cover_updated_at: string | null;
    },
    now: string,
    beforeCommit: (id: number) => Promise<void> = () => Promise.resolve(),
  ): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('collection')
        .values({ ...fields, user_id: userId, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await beforeCommit(row.id);
      return row.id;
    });
  }

  async update(id: number, fields: CollectionFields, now: string): Promise<void> {
    await this.db
      .updateTable('collection')
      .set({ ...fields, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('collection').where('id', '=', id).execute();
    this.changed();
  }

  /** Member ids per collection, in id order. */
  async memberIds(
    collectionIds: readonly number[],
    withheld: Withheld = NOTHING_WITHHELD,
  ): Promise<Map<number, number[]>> {
    const members = new Map<number, number[]>(collectionIds.map((id) => [id, []]));
    for (const part of chunks(collectionIds, ID_CHUNK)) {
      const rows = await this.visibleMembers(withheld)
        .select(['collection_id', 'rom_id'])
        .where('collection_id', 'in', part)
        .orderBy('collection_id')
        .orderBy('rom_id')
        .execute();
      for (const row of rows) members.get(row.collection_id)?.push(row.rom_id);
    }
    return members;
  }

  /** Membership rows, without the withheld ROMs and those of withheld platforms. */
  private visibleMembers(withheld: Withheld) {
    let query = this.db.selectFrom('collection_rom');
    if (withheld.romIds.length > 0) {
      query = query.where('collection_rom.rom_id', 'not in', [...withheld.romIds]);
    }
    if (withheld.platformIds.length > 0) {
      const onHiddenPlatforms = this.db
        .selectFrom('rom')
        .select('rom.id')
        .where('rom.platform_id', 'in', [...withheld.platformIds]);
      query = query.where('collection_rom.rom_id', 'not in', onHiddenPlatforms);
    }
    return query;
  }

  /** Up to `limit` members with a stored cover the caller may see, in id order. */
  memberCovers(
    collectionId: number,
    limit: number,
    withheld: Withheld = NOTHING_WITHHELD,
  ): Promise<MemberCover[]> {
    let query = this.db
      .selectFrom('collection_rom')
      .innerJoin('rom', 'rom.id', 'collection_rom.rom_id');
    for (const clause of withheldClauses(withheld)) query = query.where(clause);
    return query
      .select(['rom.id as rom_id', 'rom.platform_id', 'rom.cover_updated_at'])
      .where('collection_rom.collection_id', '=', collectionId)
      .where('rom.cover_updated_at', 'is not', null)
      .orderBy('collection_rom.rom_id')
      .limit(limit)
      .execute() as Promise<MemberCover[]>;
  }

  /** Of these ids, those that are not ROMs. */
  async unknownRomIds(romIds: readonly number[]): Promise<number[]> {
    const found = new Set<number>();
    for (const part of chunks(romIds, ID_CHUNK)) {
      const rows = await this.db.selectFrom('rom').select('id').where('id', 'in', part).execute();
      for (const row of rows) found.add(row.id);
    }
    return romIds.filter((id) => !found.has(id));
  }

  /** Adds ROMs (already members stay), all in one transaction; stamps the collection. */
  async addRoms(collectionId: number, romIds: readonly number[], now: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await insertMembers(trx, collectionId, romIds, now);
      await touch(trx, collectionId, now);
    });
    this.changed();
  }

  async removeRoms(collectionId: number, romIds: readonly number[], now: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const part of chunks(romIds, ID_CHUNK)) {
        await trx
          .deleteFrom('collection_rom')
          .where('collection_id', '=', collectionId)
          .where('rom_id', 'in', part)
          .execute();
      }
      await touch(trx, collectionId, now);
    });
    this.changed();
  }

  /** Makes the members exactly these ROMs. */
  async replaceRoms(collectionId: number, romIds: readonly number[], now: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('collection_rom').where('collection_id', '=', collectionId).execute();
      await insertMembers(trx, collectionId, romIds, now);
      await touch(trx, collectionId, now);
    });
    this.changed();
  }

  /** Which of these ROMs are in the user's favourites collection. */
  async favouriteIdsOf(userId: number, romIds: readonly number[]): Promise<Set<number>> {
    const ids = new Set<number>();
    if (romIds.length === 0) return ids;
    for (const part of chunks(romIds, ID_CHUNK)) {
      const rows = await this.db
        .selectFrom('collection_rom')
        .innerJoin('collection', 'collection.id', 'collection_rom.collection_id')
        .select('collection_rom.rom_id')
        .where('collection.user_id', '=', userId)
        .where('collection.is_favorite', '=', 1)
        .where('collection_rom.rom_id', 'in', part)
        .execute();
      for (const row of rows) ids.add(row.rom_id);
    }
    return ids;
  }

  /** The user's own collections holding a ROM, by name. */
  holding(userId: number, romId: number): Promise<{ id: number; name: string }[]> {
    return this.db
      .selectFrom('collection_rom')
      .innerJoin('collection', 'collection.id', 'collection_rom.collection_id')
      .select(['collection.id', 'collection.name'])
      .where('collection_rom.rom_id', '=', romId)
      .where('collection.user_id', '=', userId)
      .orderBy(caseless(engineOf(this.db), sql`collection.name`))
      .execute();
  }

  /** Up to `limit` member ids, in id order. */
  async someMemberIds(
    collectionId: number,
    limit: number,
    withheld: Withheld = NOTHING_WITHHELD,
  ): Promise<number[]> {
    const rows = await this.visibleMembers(withheld)
      .select('rom_id')
      .where('collection_id', '=', collectionId)
      .orderBy('rom_id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.rom_id);
  }
}

async function insertMembers(
  trx: Transaction<Database>,
  collectionId: number,
  romIds: readonly number[],
  now: string,
): Promise<void> {
  for (const part of chunks([...new Set(romIds)], ID_CHUNK)) {
    await trx
      .insertInto('collection_rom')
      .values(part.map((romId) => ({ collection_id: collectionId, rom_id: romId, added_at: now })))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
}

async function touch(trx: Transaction<Database>, collectionId: number, now: string): Promise<void> {
  await trx
    .updateTable('collection')
    .set({ updated_at: now })
    .where('id', '=', collectionId)
    .execute();
}

import type { Db } from '../../db/database.js';
import type { SmartCollectionRow } from '../../db/schema.js';

/** A smart collection row with its owner's name. */
export type SmartCollectionWithOwner = SmartCollectionRow & { owner_username: string };

export interface SmartCollectionFields {
  name: string;
  description: string;
  /** JSON object text. */
  filter_criteria: string;
  is_public: boolean;
}

/** Stored smart collections (`smart_collection`). */
export class SmartCollectionsRepository {
  constructor(private readonly db: Db) {}

  private withOwner() {
    return this.db
      .selectFrom('smart_collection')
      .innerJoin('user', 'user.id', 'smart_collection.user_id')
      .selectAll('smart_collection')
      .select('user.username as owner_username');
  }

  find(id: number): Promise<SmartCollectionWithOwner | undefined> {
    return this.withOwner().where('smart_collection.id', '=', id).executeTakeFirst();
  }

  /** The user's own and everyone's public ones, by name then id. */
  visibleTo(userId: number, updatedAfter: string | null): Promise<SmartCollectionWithOwner[]> {
    let query = this.withOwner().where((eb) =>
      eb.or([
        eb('smart_collection.user_id', '=', userId),
        eb('smart_collection.is_public', '=', 1),
      ]),
    );
    if (updatedAfter !== null)
      query = query.where('smart_collection.updated_at', '>', updatedAfter);
    return query.orderBy('smart_collection.name').orderBy('smart_collection.id').execute();
  }

  async visibleIds(userId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('smart_collection')
      .select('id')
      .where((eb) => eb.or([eb('user_id', '=', userId), eb('is_public', '=', 1)]))
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** Another of the owner's smart collections has this name (`exceptId` excluded). */
  async nameTaken(userId: number, name: string, exceptId: number | null): Promise<boolean> {
    let query = this.db
      .selectFrom('smart_collection')
      .select('id')
      .where('user_id', '=', userId)
      .where('name', '=', name);
    if (exceptId !== null) query = query.where('id', '<>', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async insert(userId: number, fields: SmartCollectionFields): Promise<number> {
    const now = new Date().toISOString();
    const row = await this.db
      .insertInto('smart_collection')
      .values({
        user_id: userId,
        name: fields.name,
        description: fields.description,
        filter_criteria: fields.filter_criteria,
        is_public: fields.is_public ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, fields: SmartCollectionFields): Promise<void> {
    await this.db
      .updateTable('smart_collection')
      .set({
        name: fields.name,
        description: fields.description,
        filter_criteria: fields.filter_criteria,
        is_public: fields.is_public ? 1 : 0,
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('smart_collection').where('id', '=', id).execute();
  }
}

import type { Db } from '../../db/database.js';
import type { FirmwareRow } from '../../db/schema.js';

export type FirmwareFields = Omit<FirmwareRow, 'id' | 'created_at' | 'updated_at'>;

export class FirmwareRepository {
  constructor(private readonly db: Db) {}

  async list(platformId?: number): Promise<FirmwareRow[]> {
    let query = this.db.selectFrom('firmware').selectAll();
    if (platformId !== undefined) query = query.where('platform_id', '=', platformId);
    return query.orderBy('file_name').orderBy('id').execute();
  }

  async find(id: number): Promise<FirmwareRow | undefined> {
    return this.db.selectFrom('firmware').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findByIds(ids: readonly number[]): Promise<FirmwareRow[]> {
    if (ids.length === 0) return [];
    return this.db.selectFrom('firmware').selectAll().where('id', 'in', ids).execute();
  }

  /** Inserts or updates the row of a file (keyed by its folder and name). */
  async upsert(fields: FirmwareFields, now: string): Promise<{ row: FirmwareRow; isNew: boolean }> {
    const existing = await this.db
      .selectFrom('firmware')
      .select('id')
      .where('file_path', '=', fields.file_path)
      .where('file_name', '=', fields.file_name)
      .executeTakeFirst();
    if (existing !== undefined) {
      const row = await this.db
        .updateTable('firmware')
        .set({ ...fields, updated_at: now })
        .where('id', '=', existing.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { row, isNew: false };
    }
    const row = await this.db
      .insertInto('firmware')
      .values({ ...fields, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { row, isNew: true };
  }

  async markMissing(ids: readonly number[], now: string): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('firmware')
      .set({ missing_from_fs: 1, updated_at: now })
      .where('id', 'in', ids)
      .execute();
  }

  async delete(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('firmware').where('id', 'in', ids).execute();
  }
}

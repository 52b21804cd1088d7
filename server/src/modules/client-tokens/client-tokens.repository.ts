import type { Db } from '../../db/database.js';
import type { ClientTokenRow, NewClientTokenRow } from '../../db/schema.js';

/** A token with the name and avatar of its owner (the administrators' list). */
export interface ClientTokenWithOwner extends ClientTokenRow {
  username: string;
  user_avatar_path: string;
  user_updated_at: string;
}

/** Client API tokens. Every lookup by owner takes the owner's id, so nobody reaches another's. */
export class ClientTokensRepository {
  constructor(private readonly db: Db) {}

  async insert(row: NewClientTokenRow): Promise<ClientTokenRow> {
    return this.db.insertInto('client_token').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async countByUser(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('client_token')
      .select((eb) => eb.fn.countAll<number | bigint | string>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async listByUser(userId: number): Promise<ClientTokenRow[]> {
    return this.db
      .selectFrom('client_token')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  }

  async listAll(): Promise<ClientTokenWithOwner[]> {
    return this.db
      .selectFrom('client_token')
      .innerJoin('user', 'user.id', 'client_token.user_id')
      .selectAll('client_token')
      .select([
        'user.username as username',
        'user.avatar_path as user_avatar_path',
        'user.updated_at as user_updated_at',
      ])
      .orderBy('client_token.id')
      .execute();
  }

  /** One token; of that owner only when `userId` is given. */
  async find(id: number, userId?: number): Promise<ClientTokenRow | undefined> {
    let query = this.db.selectFrom('client_token').selectAll().where('id', '=', id);
    if (userId !== undefined) query = query.where('user_id', '=', userId);
    return query.executeTakeFirst();
  }

  async findByHash(hashedToken: string): Promise<ClientTokenRow | undefined> {
    return this.db
      .selectFrom('client_token')
      .selectAll()
      .where('hashed_token', '=', hashedToken)
      .executeTakeFirst();
  }

  /** The device id last issued to this device of this user (device authorisation flow). */
  async findDeviceId(userId: number, clientDeviceIdentifier: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('client_token')
      .select('device_id')
      .where('user_id', '=', userId)
      .where('client_device_identifier', '=', clientDeviceIdentifier)
      .where('device_id', 'is not', null)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row?.device_id ?? undefined;
  }

  /** Deletes a token (of that owner when `userId` is given); false when there was none. */
  async delete(id: number, userId?: number): Promise<boolean> {
    let query = this.db.deleteFrom('client_token').where('id', '=', id);
    if (userId !== undefined) query = query.where('user_id', '=', userId);
    const result = await query.executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** Replaces a token's secret; undefined when the owner has no such token. */
  async replaceHash(
    id: number,
    userId: number,
    hashedToken: string,
  ): Promise<ClientTokenRow | undefined> {
    return this.db
      .updateTable('client_token')
      .set({ hashed_token: hashedToken })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirst();
  }

  async touch(id: number, now: string): Promise<void> {
    await this.db
      .updateTable('client_token')
      .set({ last_used_at: now })
      .where('id', '=', id)
      .execute();
  }
}

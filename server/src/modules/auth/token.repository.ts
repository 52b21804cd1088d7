import type { Db } from '../../db/database.js';
import type { OneTimeTokenRow } from '../../db/schema.js';

/** OAuth refresh tokens and single-use links (invites, password resets). */
export class TokenRepository {
  constructor(private readonly db: Db) {}

  async insertRefresh(jti: string, userId: number, expiresAt: string): Promise<void> {
    await this.db
      .insertInto('refresh_token')
      .values({ jti, user_id: userId, expires_at: expiresAt, used_at: null })
      .execute();
  }

  /** Marks a live refresh token used; false when unknown, already used or expired. */
  async useRefresh(jti: string, userId: number, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('refresh_token')
      .set({ used_at: now })
      .where('jti', '=', jti)
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async deleteRefreshForUser(userId: number): Promise<void> {
    await this.db.deleteFrom('refresh_token').where('user_id', '=', userId).execute();
  }

  async deleteExpired(now: string): Promise<void> {
    await this.db.deleteFrom('refresh_token').where('expires_at', '<=', now).execute();
    await this.db.deleteFrom('one_time_token').where('expires_at', '<=', now).execute();
  }

  async insertOneTime(row: OneTimeTokenRow): Promise<void> {
    await this.db.insertInto('one_time_token').values(row).execute();
  }

  async findOneTime(id: string): Promise<OneTimeTokenRow | undefined> {
    return this.db.selectFrom('one_time_token').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Claims an unused link; false when someone else used it first. */
  async claimOneTime(id: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('one_time_token')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Gives a claimed link back (the account it was for could not be created). */
  async releaseOneTime(id: string): Promise<void> {
    await this.db
      .updateTable('one_time_token')
      .set({ used_at: null })
      .where('id', '=', id)
      .execute();
  }

  /** Ends every pending reset link of a user (after a successful reset). */
  async deleteResetsForUser(userId: number): Promise<void> {
    await this.db
      .deleteFrom('one_time_token')
      .where('kind', '=', 'reset')
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  }
}

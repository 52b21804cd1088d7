import type { Db } from '../../db/database.js';
import type { NewUserRow, UserRow } from '../../db/schema.js';

export class UsersRepository {
  constructor(private readonly db: Db) {}

  async findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findByUsername(username: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('user')
      .selectAll()
      .where('username', '=', username.toLowerCase())
      .executeTakeFirst();
  }

  async adminExists(): Promise<boolean> {
    const row = await this.db
      .selectFrom('user')
      .select('id')
      .where('role', '=', 'admin')
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Inserts a user after checking for duplicates, all in one transaction. With
   * `onlyIfNoAdmin`, the insert happens only while no admin exists (first-admin setup), so
   * concurrent setup requests cannot create two admins.
   */
  async insertChecked(
    user: NewUserRow,
    options: { onlyIfNoAdmin: boolean },
  ): Promise<
    | { outcome: 'created'; user: UserRow }
    | { outcome: 'admin-exists' | 'username-taken' | 'email-taken' }
  > {
    return this.db.transaction().execute(async (trx) => {
      if (options.onlyIfNoAdmin) {
        const admin = await trx
          .selectFrom('user')
          .select('id')
          .where('role', '=', 'admin')
          .limit(1)
          .executeTakeFirst();
        if (admin !== undefined) return { outcome: 'admin-exists' as const };
      }
      const sameName = await trx
        .selectFrom('user')
        .select('id')
        .where('username', '=', user.username)
        .executeTakeFirst();
      if (sameName !== undefined) return { outcome: 'username-taken' as const };
      if (user.email !== null && user.email !== undefined) {
        const sameEmail = await trx
          .selectFrom('user')
          .select('id')
          .where('email', '=', user.email)
          .executeTakeFirst();
        if (sameEmail !== undefined) return { outcome: 'email-taken' as const };
      }
      const created = await trx
        .insertInto('user')
        .values(user)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { outcome: 'created' as const, user: created };
    });
  }

  async setLastLogin(id: number, now: string): Promise<void> {
    await this.db
      .updateTable('user')
      .set({ last_login: now, last_active: now })
      .where('id', '=', id)
      .execute();
  }

  async setLastActive(id: number, now: string): Promise<void> {
    await this.db.updateTable('user').set({ last_active: now }).where('id', '=', id).execute();
  }
}

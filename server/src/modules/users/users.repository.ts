import type { Db } from '../../db/database.js';
import type { NewUserRow, UserRow, UserUpdate } from '../../db/schema.js';

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

  async list(): Promise<UserRow[]> {
    return this.db.selectFrom('user').selectAll().orderBy('id').execute();
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('user')
      .selectAll()
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
  }

  /**
   * Updates a user after checking that a new username or e-mail is free, and (for role and
   * enabled changes) that at least one enabled admin remains, all in one transaction.
   */
  async updateChecked(
    id: number,
    patch: UserUpdate,
  ): Promise<
    | { outcome: 'updated'; user: UserRow }
    | { outcome: 'not-found' | 'username-taken' | 'email-taken' | 'last-admin' }
  > {
    return this.db
      .transaction()
      .execute(async (trx) => {
        if (typeof patch.username === 'string') {
          const same = await trx
            .selectFrom('user')
            .select('id')
            .where('username', '=', patch.username)
            .where('id', '!=', id)
            .executeTakeFirst();
          if (same !== undefined) return { outcome: 'username-taken' as const };
        }
        if (typeof patch.email === 'string') {
          const same = await trx
            .selectFrom('user')
            .select('id')
            .where('email', '=', patch.email)
            .where('id', '!=', id)
            .executeTakeFirst();
          if (same !== undefined) return { outcome: 'email-taken' as const };
        }
        const updated = await trx
          .updateTable('user')
          .set(patch)
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst();
        if (updated === undefined) return { outcome: 'not-found' as const };
        const admins = await trx
          .selectFrom('user')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('role', '=', 'admin')
          .where('enabled', '=', 1)
          .executeTakeFirstOrThrow();
        if (admins.count === 0) {
          throw new LastAdminError();
        }
        return { outcome: 'updated' as const, user: updated };
      })
      .catch((error: unknown) => {
        if (error instanceof LastAdminError) return { outcome: 'last-admin' as const };
        throw error;
      });
  }

  /** Deletes a user unless it is the last enabled admin; false when nothing was deleted. */
  async deleteChecked(id: number): Promise<'deleted' | 'not-found' | 'last-admin'> {
    return this.db
      .transaction()
      .execute(async (trx) => {
        const result = await trx.deleteFrom('user').where('id', '=', id).executeTakeFirst();
        if (result.numDeletedRows === 0n) return 'not-found' as const;
        const admins = await trx
          .selectFrom('user')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('role', '=', 'admin')
          .where('enabled', '=', 1)
          .executeTakeFirstOrThrow();
        if (admins.count === 0) throw new LastAdminError();
        return 'deleted' as const;
      })
      .catch((error: unknown) => {
        if (error instanceof LastAdminError) return 'last-admin' as const;
        throw error;
      });
  }

  async bumpTokenVersion(id: number): Promise<void> {
    await this.db
      .updateTable('user')
      .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }
}

/** Thrown inside a transaction to roll it back when no enabled admin would remain. */
class LastAdminError extends Error {}

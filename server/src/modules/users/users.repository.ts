import type { Transaction } from 'kysely';

import type { Db } from '../../db/database.js';
import { DataVersions } from '../../db/data-versions.js';
import { lockForWrite } from '../../db/dialect-sql.js';
import type { Database, NewUserRow, UserRow, UserUpdate } from '../../db/schema.js';
import { groupOfChangedRole, groupOfNewRole } from './role-groups.js';

export class UsersRepository {
  constructor(
    private readonly db: Db,
    /** Told when a deletion takes the user's notes and collections with it. */
    private readonly versions = new DataVersions(),
  ) {}

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
      await lockForWrite(trx, 'user');
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
        .values({
          ...user,
          permission_group_id: user.permission_group_id ?? groupOfNewRole(user.role),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { outcome: 'created' as const, user: created };
    });
  }

  async setLastLogin(id: number, now: string): Promise<void> {
    await this.db
      .updateTable('user')
      .set((eb) => ({ previous_login: eb.ref('last_login'), last_login: now, last_active: now }))
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
   * Updates a user after checking that a new username or e-mail is free, and (when an enabled
   * admin is demoted or disabled) that another enabled admin remains, in one transaction.
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
        const before = await trx
          .selectFrom('user')
          .select(['role', 'enabled'])
          .where('id', '=', id)
          .executeTakeFirst();
        const group =
          patch.role !== undefined && patch.permission_group_id === undefined
            ? { permission_group_id: groupOfChangedRole(patch.role) }
            : {};
        const updated = await trx
          .updateTable('user')
          .set({ ...patch, ...group })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst();
        if (before === undefined || updated === undefined) return { outcome: 'not-found' as const };
        if (isEnabledAdmin(before) && !isEnabledAdmin(updated)) await assertAdminLeft(trx);
        return { outcome: 'updated' as const, user: updated };
      })
      .catch((error: unknown) => {
        if (error instanceof LastAdminError) return { outcome: 'last-admin' as const };
        throw error;
      });
  }

  /** Deletes a user unless it is the last enabled admin. */
  async deleteChecked(id: number): Promise<'deleted' | 'not-found' | 'last-admin'> {
    const outcome = await this.db
      .transaction()
      .execute(async (trx) => {
        const deleted = await trx
          .deleteFrom('user')
          .where('id', '=', id)
          .returning(['role', 'enabled'])
          .executeTakeFirst();
        if (deleted === undefined) return 'not-found' as const;
        if (isEnabledAdmin(deleted)) await assertAdminLeft(trx);
        return 'deleted' as const;
      })
      .catch((error: unknown) => {
        if (error instanceof LastAdminError) return 'last-admin' as const;
        throw error;
      });
    if (outcome === 'deleted') {
      // Their public notes and collections, gone with them, no longer show on others' lists.
      this.versions.wrote('notes');
      this.versions.wrote('collections');
    }
    return outcome;
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

function isEnabledAdmin(row: { role: string; enabled: number }): boolean {
  return row.role === 'admin' && row.enabled === 1;
}

/** Throws LastAdminError when no enabled admin is left (rolls the transaction back). */
async function assertAdminLeft(trx: Transaction<Database>): Promise<void> {
  const admins = await trx
    .selectFrom('user')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('role', '=', 'admin')
    .where('enabled', '=', 1)
    .executeTakeFirstOrThrow();
  if (admins.count === 0) throw new LastAdminError();
}

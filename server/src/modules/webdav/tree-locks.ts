import type { Db } from '../../db/database.js';
import { nowIso } from '../../lib/time.js';
import { KeyedLock } from './keyed-lock.js';

/** Runs the changes of one user's tree one at a time. */
export interface TreeLocks {
  run<T>(userId: number, change: () => Promise<T>): Promise<T>;
}

/**
 * Tree locks that hold across the processes sharing a database: a change runs inside a
 * transaction that first writes the user's `webdav_lock` row, so another process's change of
 * that tree waits for the commit (PostgreSQL: the row lock; SQLite: the database's write lock).
 * Changes within this process queue before taking a connection.
 */
export class DatabaseTreeLocks implements TreeLocks {
  private readonly local = new KeyedLock<number>();

  constructor(private readonly db: Db) {}

  run<T>(userId: number, change: () => Promise<T>): Promise<T> {
    return this.local.run(userId, () =>
      this.db.transaction().execute(async (trx) => {
        const takenAt = nowIso();
        await trx
          .insertInto('webdav_lock')
          .values({ user_id: userId, taken_at: takenAt })
          .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ taken_at: takenAt }))
          .execute();
        return change();
      }),
    );
  }
}

import type { Db } from '../../db/database.js';
import type { SessionRow } from '../../db/schema.js';

export class SessionRepository {
  constructor(private readonly db: Db) {}

  async insert(session: SessionRow): Promise<void> {
    await this.db.insertInto('session').values(session).execute();
  }

  async findById(id: string): Promise<SessionRow | undefined> {
    return this.db.selectFrom('session').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('session').where('id', '=', id).execute();
  }

  async deleteForUser(userId: number): Promise<void> {
    await this.db.deleteFrom('session').where('user_id', '=', userId).execute();
  }

  async deleteForUserExcept(userId: number, keepId: string): Promise<void> {
    await this.db
      .deleteFrom('session')
      .where('user_id', '=', userId)
      .where('id', '!=', keepId)
      .execute();
  }

  async deleteExpired(now: string): Promise<void> {
    await this.db.deleteFrom('session').where('expires_at', '<=', now).execute();
  }

  async touch(id: string, now: string): Promise<void> {
    await this.db.updateTable('session').set({ last_seen_at: now }).where('id', '=', id).execute();
  }
}

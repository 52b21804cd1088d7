import type { Db } from '../../db/database.js';
import type { PlaySessionRow, PlaySessionTable } from '../../db/schema-devices.js';

export type NewPlaySession = Omit<PlaySessionTable, 'id'>;

export interface PlaySessionFilters {
  romId?: number;
  deviceId?: string;
  startAfter?: string;
  endBefore?: string;
  limit: number | null;
  offset: number;
}

/** Time played; every query but the per-game totals is scoped to one user. */
export class PlaySessionsRepository {
  constructor(private readonly db: Db) {}

  /** Stores the session, or answers undefined when the same one was reported before. */
  async insert(row: NewPlaySession): Promise<PlaySessionRow | undefined> {
    return this.db
      .insertInto('play_session')
      .values(row)
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  async romExists(romId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('rom')
      .select('id')
      .where('id', '=', romId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async userExists(userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('user')
      .select('id')
      .where('id', '=', userId)
      .where('enabled', '=', 1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async list(userId: number, filters: PlaySessionFilters): Promise<PlaySessionRow[]> {
    let query = this.db.selectFrom('play_session').selectAll().where('user_id', '=', userId);
    if (filters.romId !== undefined) query = query.where('rom_id', '=', filters.romId);
    if (filters.deviceId !== undefined) query = query.where('device_id', '=', filters.deviceId);
    if (filters.startAfter !== undefined) {
      query = query.where('start_time', '>=', filters.startAfter);
    }
    if (filters.endBefore !== undefined) query = query.where('end_time', '<=', filters.endBefore);
    query = query.orderBy('start_time', 'desc').orderBy('id', 'desc');
    if (filters.limit !== null) query = query.limit(filters.limit).offset(filters.offset);
    return query.execute();
  }

  async delete(userId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('play_session')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /**
   * Each user's time on one ROM, most played first: everyone's when `viewerId` is null,
   * else the viewer's own and that of users who share their activity.
   */
  async totals(romId: number, viewerId: number | null) {
    return this.db
      .selectFrom('play_session')
      .innerJoin('user', 'user.id', 'play_session.user_id')
      .select((eb) => [
        'play_session.user_id as user_id',
        'user.username as username',
        eb.fn.sum<number>('play_session.duration_ms').as('total_ms'),
        eb.fn.countAll<number>().as('session_count'),
        eb.fn.max('play_session.end_time').as('last_played_at'),
      ])
      .where('play_session.rom_id', '=', romId)
      .$if(viewerId !== null, (query) =>
        query.where((eb) =>
          eb.or([
            eb('play_session.user_id', '=', viewerId ?? 0),
            eb('user.share_activity', '=', 1),
          ]),
        ),
      )
      .groupBy(['play_session.user_id', 'user.username'])
      .orderBy('total_ms', 'desc')
      .orderBy('user.username')
      .execute();
  }
}

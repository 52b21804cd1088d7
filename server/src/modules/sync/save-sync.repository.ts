import type { Db } from '../../db/database.js';
import type { DeviceSaveSyncRow, SyncSessionRow } from '../../db/schema-devices.js';

/** The sync time of a record made only to untrack a save the device never synced. */
export const NEVER_SYNCED = '1970-01-01T00:00:00.000+00:00';

export interface SyncRecordRow extends DeviceSaveSyncRow {
  device_name: string | null;
}

/** Devices' records of saves, and sync sessions; sessions are scoped to their owner. */
export class SaveSyncRepository {
  constructor(private readonly db: Db) {}

  async recordsOf(saveIds: readonly number[]): Promise<SyncRecordRow[]> {
    if (saveIds.length === 0) return [];
    return this.db
      .selectFrom('device_save_sync')
      .innerJoin('device', 'device.id', 'device_save_sync.device_id')
      .selectAll('device_save_sync')
      .select('device.name as device_name')
      .where('device_save_sync.save_id', 'in', [...new Set(saveIds)])
      .orderBy('device_save_sync.last_synced_at')
      .execute();
  }

  async recordsOfDevice(deviceId: string): Promise<DeviceSaveSyncRow[]> {
    return this.db
      .selectFrom('device_save_sync')
      .selectAll()
      .where('device_id', '=', deviceId)
      .execute();
  }

  /** Sets when the device last synced the save (its tracking choice stays). */
  async upsert(deviceId: string, saveId: number, at: string): Promise<void> {
    await this.db
      .insertInto('device_save_sync')
      .values({ device_id: deviceId, save_id: saveId, last_synced_at: at })
      .onConflict((oc) => oc.columns(['device_id', 'save_id']).doUpdateSet({ last_synced_at: at }))
      .execute();
  }

  /**
   * Stops or resumes syncing a save on a device. A device that never synced the save gets a
   * record dated `NEVER_SYNCED` while untracked, dropped again when it tracks the save anew.
   */
  async setUntracked(deviceId: string, saveId: number, untracked: boolean): Promise<void> {
    await this.db
      .insertInto('device_save_sync')
      .values({
        device_id: deviceId,
        save_id: saveId,
        last_synced_at: NEVER_SYNCED,
        is_untracked: untracked ? 1 : 0,
      })
      .onConflict((oc) =>
        oc.columns(['device_id', 'save_id']).doUpdateSet({ is_untracked: untracked ? 1 : 0 }),
      )
      .execute();
    if (!untracked) {
      await this.db
        .deleteFrom('device_save_sync')
        .where('device_id', '=', deviceId)
        .where('save_id', '=', saveId)
        .where('last_synced_at', '=', NEVER_SYNCED)
        .execute();
    }
  }

  /** Cancels the device's unfinished sessions (a new negotiation supersedes them). */
  async cancelActive(userId: number, deviceId: string, at: string): Promise<void> {
    await this.db
      .updateTable('sync_session')
      .set({ status: 'cancelled', updated_at: at })
      .where('user_id', '=', userId)
      .where('device_id', '=', deviceId)
      .where('status', 'in', ['pending', 'in_progress'])
      .execute();
  }

  async createSession(
    userId: number,
    deviceId: string,
    planned: number,
    at: string,
  ): Promise<SyncSessionRow> {
    return this.db
      .insertInto('sync_session')
      .values({
        user_id: userId,
        device_id: deviceId,
        status: 'in_progress',
        initiated_at: at,
        completed_at: null,
        operations_planned: planned,
        error_message: null,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async findSession(userId: number, id: number): Promise<SyncSessionRow | undefined> {
    return this.db
      .selectFrom('sync_session')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async listSessions(userId: number, deviceId: string | undefined, limit: number) {
    let query = this.db.selectFrom('sync_session').selectAll().where('user_id', '=', userId);
    if (deviceId !== undefined) query = query.where('device_id', '=', deviceId);
    return query.orderBy('id', 'desc').limit(limit).execute();
  }

  async completeSession(
    id: number,
    counts: { completed: number; failed: number },
    at: string,
  ): Promise<SyncSessionRow> {
    return this.db
      .updateTable('sync_session')
      .set({
        status: 'completed',
        completed_at: at,
        operations_completed: counts.completed,
        operations_failed: counts.failed,
        updated_at: at,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** A server-run session learns how many device files it goes through. */
  async setPlanned(id: number, planned: number, at: string): Promise<void> {
    await this.db
      .updateTable('sync_session')
      .set({ operations_planned: planned, updated_at: at })
      .where('id', '=', id)
      .execute();
  }

  async failSession(
    id: number,
    counts: { completed: number; failed: number },
    error: string,
    at: string,
  ): Promise<SyncSessionRow> {
    return this.db
      .updateTable('sync_session')
      .set({
        status: 'failed',
        completed_at: at,
        operations_completed: counts.completed,
        operations_failed: counts.failed,
        error_message: error,
        updated_at: at,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async countCompleted(userId: number, id: number, at: string): Promise<void> {
    await this.db
      .updateTable('sync_session')
      .set((eb) => ({
        operations_completed: eb('operations_completed', '+', 1),
        updated_at: at,
      }))
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('status', 'in', ['pending', 'in_progress'])
      .execute();
  }
}

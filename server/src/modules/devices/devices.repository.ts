import type { Db } from '../../db/database.js';
import type { Insertable } from 'kysely';
import { sql } from 'kysely';

import type { DeviceRow, DeviceTable } from '../../db/schema-devices.js';

export type DeviceFields = Omit<DeviceTable, 'id' | 'user_id' | 'created_at' | 'sync_enabled'> & {
  sync_enabled?: number;
};

/** A device with the app's own id of it, from the device-flow token issued to it (if any). */
export type DeviceWithIdentifierRow = DeviceRow & { client_device_identifier: string | null };

/** Devices; every query is scoped to their owner. */
export class DevicesRepository {
  constructor(private readonly db: Db) {}

  /** Devices with their `client_device_identifier` (from their latest device-flow token). */
  private withIdentifier() {
    return this.db
      .selectFrom('device')
      .selectAll('device')
      .select((eb) =>
        eb
          .selectFrom('client_token')
          .select('client_token.client_device_identifier')
          .whereRef('client_token.device_id', '=', 'device.id')
          .where('client_token.client_device_identifier', 'is not', null)
          .orderBy('client_token.id', 'desc')
          .limit(1)
          .as('client_device_identifier'),
      );
  }

  async insert(row: Insertable<DeviceTable>): Promise<DeviceRow> {
    return this.db.insertInto('device').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async list(userId: number): Promise<DeviceWithIdentifierRow[]> {
    return (
      this.withIdentifier()
        .where('device.user_id', '=', userId)
        .orderBy('device.created_at')
        // Registration order when two share a timestamp (ids are random UUIDs).
        .orderBy(sql`rowid`)
        .execute()
    );
  }

  async find(userId: number, id: string): Promise<DeviceWithIdentifierRow | undefined> {
    return this.withIdentifier()
      .where('device.user_id', '=', userId)
      .where('device.id', '=', id)
      .executeTakeFirst();
  }

  /** Any user's device (server-run syncs find a device by its sync folder's name). */
  async findById(id: string): Promise<DeviceRow | undefined> {
    return this.db.selectFrom('device').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async listBySyncMode(mode: string): Promise<DeviceRow[]> {
    return this.db
      .selectFrom('device')
      .selectAll()
      .where('sync_mode', '=', mode)
      .where('sync_enabled', '=', 1)
      .execute();
  }

  /** The user's device with this MAC address, else with this host name and platform. */
  async findByFingerprint(
    userId: number,
    fingerprint: { mac: string | null; hostname: string | null; platform: string | null },
  ): Promise<DeviceRow | undefined> {
    const base = this.db.selectFrom('device').selectAll().where('user_id', '=', userId);
    if (fingerprint.mac !== null) {
      return base
        .where('mac_address', '=', fingerprint.mac)
        .orderBy('created_at')
        .executeTakeFirst();
    }
    if (fingerprint.hostname === null || fingerprint.platform === null) return undefined;
    return base
      .where('hostname', '=', fingerprint.hostname)
      .where('platform', '=', fingerprint.platform)
      .orderBy('created_at')
      .executeTakeFirst();
  }

  async update(
    userId: number,
    id: string,
    fields: Partial<DeviceFields>,
  ): Promise<DeviceRow | undefined> {
    return this.db
      .updateTable('device')
      .set(fields)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /** Removes the device (its syncs and sync sessions go with it; its saves stay, unattributed). */
  async delete(userId: number, id: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom('device')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (removed.numDeletedRows === 0n) return false;
      await trx
        .updateTable('play_asset')
        .set({ origin_device_id: null })
        .where('user_id', '=', userId)
        .where('origin_device_id', '=', id)
        .execute();
      return true;
    });
  }

  /** Forgets what the device synced, so its next negotiation starts afresh. */
  async deleteSyncs(deviceId: string): Promise<void> {
    await this.db.deleteFrom('device_save_sync').where('device_id', '=', deviceId).execute();
  }
}

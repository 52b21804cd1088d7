import type {
  SaveDevice,
  SaveDeviceSyncs,
  SaveSyncRecord,
} from '../play-assets/save-device-syncs.js';
import type { DevicesService } from '../devices/devices.service.js';
import { toIsoUtc } from '../../lib/time.js';
import type { SaveSyncRepository } from './save-sync.repository.js';

/** Devices' records of the saves they took or sent, for the save routes and the negotiation. */
export class SaveSyncService implements SaveDeviceSyncs {
  constructor(
    private readonly repo: SaveSyncRepository,
    private readonly devices: DevicesService,
    private readonly now: () => number = Date.now,
  ) {}

  private stamp(): string {
    return toIsoUtc(new Date(this.now()));
  }

  async device(userId: number, deviceId: string): Promise<SaveDevice> {
    const row = await this.devices.find(userId, deviceId);
    return { id: row.id, name: row.name };
  }

  async recordsOf(saveIds: readonly number[]): Promise<Map<number, SaveSyncRecord[]>> {
    const bySave = new Map<number, SaveSyncRecord[]>();
    for (const row of await this.repo.recordsOf(saveIds)) {
      const list = bySave.get(row.save_id) ?? [];
      list.push({
        device_id: row.device_id,
        device_name: row.device_name,
        last_synced_at: row.last_synced_at,
        is_untracked: row.is_untracked === 1,
      });
      bySave.set(row.save_id, list);
    }
    return bySave;
  }

  /** The device's records, by save id. */
  async recordsOfDevice(deviceId: string): Promise<Map<number, SaveSyncRecord>> {
    const rows = await this.repo.recordsOfDevice(deviceId);
    return new Map(
      rows.map((row) => [
        row.save_id,
        {
          device_id: row.device_id,
          device_name: null,
          last_synced_at: row.last_synced_at,
          is_untracked: row.is_untracked === 1,
        },
      ]),
    );
  }

  async recordSync(userId: number, deviceId: string, saveId: number, at: string): Promise<void> {
    await this.repo.upsert(deviceId, saveId, at);
    await this.devices.touch(userId, deviceId);
  }

  async setUntracked(deviceId: string, saveId: number, untracked: boolean): Promise<void> {
    await this.repo.setUntracked(deviceId, saveId, untracked);
  }

  async countOperation(userId: number, sessionId: number): Promise<void> {
    await this.repo.countCompleted(userId, sessionId, this.stamp());
  }
}

import type { Save } from '@romshelf/contract';

/** A device of the caller, as the save routes need it. */
export interface SaveDevice {
  id: string;
  name: string | null;
}

/** When one device last took or sent one save. */
export interface SaveSyncRecord {
  device_id: string;
  device_name: string | null;
  last_synced_at: string;
  is_untracked: boolean;
}

/**
 * What saves need of devices and their sync records (implemented by the sync module, so this
 * module does not depend on it): a device named by the caller, and the save↔device records.
 */
export interface SaveDeviceSyncs {
  /** The caller's device, else 404. */
  device(userId: number, deviceId: string): Promise<SaveDevice>;
  /** Every device's record of each save. */
  recordsOf(saveIds: readonly number[]): Promise<Map<number, SaveSyncRecord[]>>;
  /** The device took or sent the save as it was at `at` (and was seen now). */
  recordSync(userId: number, deviceId: string, saveId: number, at: string): Promise<void>;
  /** Stops (or resumes) syncing the save on the device. */
  setUntracked(deviceId: string, saveId: number, untracked: boolean): Promise<void>;
  /** Counts one completed operation in the caller's sync session (ignored when unknown). */
  countOperation(userId: number, sessionId: number): Promise<void>;
}

/**
 * RomM's `device_syncs` of a save for the caller's device: every device's record, the caller's
 * first, and a placeholder (not current) for the caller when it never synced this save.
 */
export function deviceSyncsOf(
  save: Pick<Save, 'updated_at'>,
  records: readonly SaveSyncRecord[],
  device: SaveDevice,
): Save['device_syncs'] {
  const saveTime = Date.parse(save.updated_at);
  const entries = records.map((record) => ({
    ...record,
    is_current: Date.parse(record.last_synced_at) >= saveTime,
  }));
  if (!entries.some((entry) => entry.device_id === device.id)) {
    entries.push({
      device_id: device.id,
      device_name: device.name,
      last_synced_at: save.updated_at,
      is_untracked: false,
      is_current: false,
    });
  }
  return entries.sort(
    (a, b) => Number(a.device_id !== device.id) - Number(b.device_id !== device.id),
  );
}

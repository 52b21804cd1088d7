import type { Save } from '@romshelf/contract';

import { fileNameParts } from '../../lib/stored-files.js';

const DATETIME_TAG = / \[\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\]$/;

/** The name a device knows a slotted save by: its stored name less the upload-time tag. */
export function deviceFileName(save: Pick<Save, 'file_name'>): string {
  const { noExt, extension } = fileNameParts(save.file_name);
  const base = noExt.replace(DATETIME_TAG, '');
  return extension === '' ? base : `${base}.${extension}`;
}

/** The platform folder a save is stored under (`users/{id}/saves/{fs_slug}/{rom_id}`). */
export function platformSlugOf(save: Pick<Save, 'file_path'>): string {
  return save.file_path.split('/')[3] ?? '';
}

/**
 * The current save of each slot (its newest version), by platform and device file name: the
 * saves a server-run sync pairs with device files. Saves without a slot are archival (RomM).
 */
export function currentSlotSaves(saves: readonly Save[]): Map<string, Save> {
  const newestOfSlot = new Map<string, Save>();
  for (const save of saves) {
    if (save.slot === null) continue;
    const key = slotKeyOf(save);
    const current = newestOfSlot.get(key);
    if (current === undefined || Date.parse(save.updated_at) > Date.parse(current.updated_at)) {
      newestOfSlot.set(key, save);
    }
  }
  const byDeviceName = new Map<string, Save>();
  for (const save of newestOfSlot.values()) {
    const key = deviceSaveKey(platformSlugOf(save), deviceFileName(save));
    const current = byDeviceName.get(key);
    if (current === undefined || Date.parse(save.updated_at) > Date.parse(current.updated_at)) {
      byDeviceName.set(key, save);
    }
  }
  return byDeviceName;
}

export const deviceSaveKey = (platformSlug: string, fileName: string) =>
  `${platformSlug}/${fileName}`;

export const slotKeyOf = (save: Pick<Save, 'rom_id' | 'slot'>) =>
  `${String(save.rom_id)}\u0000${save.slot ?? ''}`;

/**
 * When the device last synced any version of each slot: a device that took version 1 and
 * changed it has changed it since, whatever newer version another device sent meanwhile.
 */
export function lastSyncedBySlot(
  saves: readonly Save[],
  syncedAt: (saveId: number) => number | null,
): Map<string, number> {
  const bySlot = new Map<string, number>();
  for (const save of saves) {
    const at = save.slot === null ? null : syncedAt(save.id);
    if (at === null) continue;
    const key = slotKeyOf(save);
    bySlot.set(key, Math.max(at, bySlot.get(key) ?? at));
  }
  return bySlot;
}

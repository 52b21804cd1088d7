import type { SyncAction } from '@romshelf/contract';

/** RomM's comparison of a device's copy of a save with the server's. */
export function compareSave(input: {
  clientHash: string | null;
  clientUpdatedAt: number;
  serverHash: string | null;
  serverUpdatedAt: number;
  lastSyncedAt: number | null;
}): { action: SyncAction; reason: string } {
  const { clientHash, clientUpdatedAt, serverHash, serverUpdatedAt, lastSyncedAt } = input;
  if (clientHash && serverHash && clientHash === serverHash) {
    return { action: 'no_op', reason: 'Content is identical' };
  }
  if (lastSyncedAt !== null) {
    const clientChanged = clientUpdatedAt > lastSyncedAt;
    const serverChanged = serverUpdatedAt > lastSyncedAt;
    if (clientChanged && serverChanged) {
      return { action: 'conflict', reason: 'Both sides changed since last sync' };
    }
    if (clientChanged) return { action: 'upload', reason: 'Client save is newer than last sync' };
    if (serverChanged) return { action: 'download', reason: 'Server save is newer than last sync' };
    return { action: 'no_op', reason: 'No changes since last sync' };
  }
  if (clientUpdatedAt > serverUpdatedAt) {
    return { action: 'upload', reason: 'Client save is newer (no sync history)' };
  }
  if (serverUpdatedAt > clientUpdatedAt) {
    return { action: 'download', reason: 'Server save is newer (no sync history)' };
  }
  if (clientHash !== serverHash) {
    return { action: 'conflict', reason: 'Same timestamp but different content' };
  }
  return { action: 'no_op', reason: 'Saves appear identical' };
}

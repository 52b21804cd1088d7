import type {
  ClientSaveState,
  Save,
  SyncCompleteBody,
  SyncNegotiateBody,
  SyncNegotiateResponse,
  SyncOperation,
  SyncSession,
} from '@romshelf/contract';
import { SyncSessionStatusSchema } from '@romshelf/contract';

import type { SyncSessionRow } from '../../db/schema-devices.js';
import { HttpError } from '../../http/http-error.js';
import { toIsoUtc } from '../../lib/time.js';
import type { DevicesService } from '../devices/devices.service.js';
import type { PlayAssetsService } from '../play-assets/play-assets.service.js';
import type { SaveSyncRecord } from '../play-assets/save-device-syncs.js';
import type { PlaySessionsService } from '../play-sessions/play-sessions.service.js';
import type { SaveSyncRepository } from './save-sync.repository.js';
import { NEVER_SYNCED } from './save-sync.repository.js';
import type { SaveSyncService } from './save-sync.service.js';
import { compareSave } from './sync-comparison.js';

function toSyncSession(row: SyncSessionRow): SyncSession {
  return { ...row, status: SyncSessionStatusSchema.parse(row.status) };
}

const slotKey = (romId: number, slot: string | null) => `${romId}\u0000${slot ?? ''}`;

function serverOperation(save: Save, action: SyncOperation['action'], reason: string) {
  return {
    action,
    rom_id: save.rom_id,
    save_id: save.id,
    file_name: save.file_name,
    slot: save.slot,
    emulator: save.emulator,
    reason,
    server_updated_at: save.updated_at,
    server_content_hash: save.content_hash,
  };
}

/**
 * The newest save of each (ROM, slot), and when the device last synced any version of that
 * slot: a device that took version 1 and changed it has changed it since version 1, whatever
 * newer version another device sent since (RomM looks at the newest version's record alone,
 * which would call that an upload and lose the other device's progress).
 */
function slotsOf(saves: readonly Save[], records: ReadonlyMap<number, SaveSyncRecord>) {
  const latest = new Map<string, Save>();
  const lastSynced = new Map<string, number>();
  for (const save of saves) {
    if (save.slot === null) continue;
    const key = slotKey(save.rom_id, save.slot);
    const current = latest.get(key);
    if (current === undefined || Date.parse(save.updated_at) > Date.parse(current.updated_at)) {
      latest.set(key, save);
    }
    const record = records.get(save.id);
    if (record !== undefined && record.last_synced_at !== NEVER_SYNCED) {
      const at = Date.parse(record.last_synced_at);
      lastSynced.set(key, Math.max(at, lastSynced.get(key) ?? at));
    }
  }
  return { latest, lastSynced };
}

/**
 * RomM's sync negotiation: a device lists the saves it holds and learns, per save, whether to
 * upload, download, or that both sides changed (a conflict: neither is overwritten; the device
 * decides, and a conflicting upload is kept aside). Saves pair on (ROM, slot) with the newest
 * server save of the slot; saves without a slot are archival and never paired.
 */
export class SyncService {
  constructor(
    private readonly repo: SaveSyncRepository,
    private readonly saveSyncs: SaveSyncService,
    private readonly devices: DevicesService,
    private readonly assets: PlayAssetsService,
    private readonly playSessions: PlaySessionsService,
    private readonly now: () => number = Date.now,
  ) {}

  private stamp(): string {
    return toIsoUtc(new Date(this.now()));
  }

  async negotiate(userId: number, body: SyncNegotiateBody): Promise<SyncNegotiateResponse> {
    const device = await this.devices.find(userId, body.device_id);
    if (device.sync_enabled !== 1) throw new HttpError(400, 'Sync is disabled for this device');
    const records = await this.saveSyncs.recordsOfDevice(device.id);
    const { latest, lastSynced } = slotsOf(
      (await this.assets.list(userId, 'save', {})) as Save[],
      records,
    );
    const matched = new Set<number>();
    const operations: SyncOperation[] = body.saves.map((client) => {
      const key = slotKey(client.rom_id, client.slot ?? null);
      const server = latest.get(key);
      if (server !== undefined) matched.add(server.id);
      const record = records.get(server?.id ?? -1);
      return this.operationFor(client, server, record?.is_untracked === true, lastSynced.get(key));
    });
    for (const save of latest.values()) {
      if (matched.has(save.id)) continue;
      const record = records.get(save.id);
      if (record?.is_untracked) continue;
      if (record === undefined) {
        operations.push(
          serverOperation(save, 'download', 'Save exists on server but not on client'),
        );
      } else if (Date.parse(save.updated_at) > Date.parse(record.last_synced_at)) {
        operations.push(
          serverOperation(
            save,
            'download',
            'Server save updated since last sync, not present on client',
          ),
        );
      }
    }
    const count = (action: SyncOperation['action']) =>
      operations.filter((operation) => operation.action === action).length;
    const at = this.stamp();
    await this.repo.cancelActive(userId, device.id, at);
    const planned = count('upload') + count('download') + count('conflict');
    const session = await this.repo.createSession(userId, device.id, planned, at);
    await this.devices.touch(userId, device.id);
    return {
      session_id: session.id,
      operations,
      total_upload: count('upload'),
      total_download: count('download'),
      total_conflict: count('conflict'),
      total_no_op: count('no_op'),
      total_delete: count('delete'),
    };
  }

  private operationFor(
    client: ClientSaveState,
    server: Save | undefined,
    untracked: boolean,
    lastSyncedAt: number | undefined,
  ): SyncOperation {
    if (server === undefined) {
      return {
        action: 'upload',
        rom_id: client.rom_id,
        save_id: null,
        file_name: client.file_name,
        slot: client.slot ?? null,
        emulator: client.emulator ?? null,
        reason: 'Save exists on client but not on server',
        server_updated_at: null,
        server_content_hash: null,
      };
    }
    if (untracked) {
      return {
        ...serverOperation(server, 'no_op', 'Save is untracked on this device'),
        server_updated_at: null,
        server_content_hash: null,
      };
    }
    const { action, reason } = compareSave({
      clientHash: client.content_hash ?? null,
      clientUpdatedAt: Date.parse(client.updated_at),
      serverHash: server.content_hash,
      serverUpdatedAt: Date.parse(server.updated_at),
      lastSyncedAt: lastSyncedAt ?? null,
    });
    return serverOperation(server, action, reason);
  }

  async complete(userId: number, sessionId: number, body: SyncCompleteBody) {
    const session = await this.findSession(userId, sessionId);
    if (session.status !== 'pending' && session.status !== 'in_progress') {
      throw new HttpError(400, `Session is already ${session.status}`);
    }
    const completed = await this.repo.completeSession(
      sessionId,
      { completed: body.operations_completed, failed: body.operations_failed },
      this.stamp(),
    );
    const sessions = body.play_sessions ?? [];
    const ingest =
      sessions.length === 0
        ? null
        : await this.playSessions.ingest(userId, sessions, session.device_id);
    return { session: toSyncSession(completed), play_session_ingest: ingest };
  }

  private async findSession(userId: number, id: number): Promise<SyncSessionRow> {
    const row = await this.repo.findSession(userId, id);
    if (row === undefined) throw new HttpError(404, `Sync session with ID ${id} not found`);
    return row;
  }

  async session(userId: number, id: number): Promise<SyncSession> {
    return toSyncSession(await this.findSession(userId, id));
  }

  async sessions(userId: number, deviceId: string | undefined, limit: number) {
    return (await this.repo.listSessions(userId, deviceId, limit)).map(toSyncSession);
  }
}

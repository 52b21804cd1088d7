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
    const latest = new Map<string, Save>();
    for (const save of (await this.assets.list(userId, 'save', {})) as Save[]) {
      if (save.slot === null) continue;
      const key = slotKey(save.rom_id, save.slot);
      const current = latest.get(key);
      if (current === undefined || Date.parse(save.updated_at) > Date.parse(current.updated_at)) {
        latest.set(key, save);
      }
    }
    const records = await this.saveSyncs.recordsOfDevice(device.id);
    const matched = new Set<number>();
    const operations: SyncOperation[] = body.saves.map((client) => {
      const server = latest.get(slotKey(client.rom_id, client.slot ?? null));
      if (server !== undefined) matched.add(server.id);
      return this.operationFor(client, server, records.get(server?.id ?? -1));
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
    record: SaveSyncRecord | undefined,
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
    if (record?.is_untracked) {
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
      lastSyncedAt: record === undefined ? null : Date.parse(record.last_synced_at),
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

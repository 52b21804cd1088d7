import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';

import type { Save, ServerSyncMode } from '@romshelf/contract';

import type { DeviceRow } from '../../db/schema-devices.js';
import { toIsoUtc } from '../../lib/time.js';
import type { DevicesService } from '../devices/devices.service.js';
import type { PlayAssetsService } from '../play-assets/play-assets.service.js';
import type { SaveSyncRecord } from '../play-assets/save-device-syncs.js';
import type { RomsService } from '../roms/roms.service.js';
import type { DeviceFile, DeviceSide, FileOutcome } from './device-side.js';
import {
  currentSlotSaves,
  deviceFileName,
  deviceSaveKey,
  lastSyncedBySlot,
  platformSlugOf,
  slotKeyOf,
} from './device-saves.js';
import type { SaveSyncRepository } from './save-sync.repository.js';
import { NEVER_SYNCED } from './save-sync.repository.js';
import type { SaveSyncService } from './save-sync.service.js';
import { compareSave } from './sync-comparison.js';
import type { SyncEvents } from './sync-events.js';

/** The services a server-run sync calls. */
export interface ServerSyncParts {
  repo: SaveSyncRepository;
  saveSyncs: SaveSyncService;
  devices: DevicesService;
  assets: PlayAssetsService;
  roms: RomsService;
  events: SyncEvents;
  clock: () => number;
}

async function md5Of(path: string): Promise<string> {
  const hash = createHash('md5');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** One run's view of the server's saves and what the device synced of them. */
interface RunState {
  device: DeviceRow;
  sessionId: number;
  saves: Map<string, Save>;
  records: Map<number, SaveSyncRecord>;
  /** When the device last synced any version of each slot. */
  slotSynced: Map<string, number>;
}

/**
 * A sync the server runs against a device's files (RomM's file_transfer watcher and push_pull
 * task): each device file pairs with the current save of the slot it names (same platform,
 * same name less the upload-time tag) and is compared as the API negotiation does. A newer
 * device file becomes the slot's newest version (the older one is kept), a newer server save
 * is written to the device, and when both changed nothing is overwritten: the owner is told.
 */
export class ServerSyncRun {
  constructor(private readonly parts: ServerSyncParts) {}

  private stamp(): string {
    return toIsoUtc(new Date(this.parts.clock()));
  }

  /** Opens a session for a run about to start (RomM answers it before the run). */
  async openSession(device: DeviceRow) {
    return this.parts.repo.createSession(device.user_id, device.id, 0, this.stamp());
  }

  /** Runs one sync session; answers whether it completed or failed. */
  async run(
    device: DeviceRow,
    mode: ServerSyncMode,
    connect: () => Promise<DeviceSide>,
    sessionId?: number,
  ): Promise<'completed' | 'failed'> {
    const { repo, events } = this.parts;
    const id = sessionId ?? (await this.openSession(device)).id;
    const who = { device_id: device.id, session_id: id };
    events.started(device.user_id, { ...who, sync_mode: mode });
    const counts = { completed: 0, failed: 0 };
    let side: DeviceSide | null = null;
    try {
      side = await connect();
      const files = await side.list();
      await repo.setPlanned(id, files.length, this.stamp());
      const state = await this.stateOf(device, id);
      for (const file of files) {
        const outcome = await this.processSafely(state, side, file);
        if (outcome === 'failed') counts.failed += 1;
        else if (outcome !== 'skipped') counts.completed += 1;
        events.progress(device.user_id, {
          ...who,
          operations_completed: counts.completed + counts.failed,
          operations_planned: files.length,
          current_file: file.fileName,
        });
      }
      if (mode === 'push_pull') counts.completed += await this.pushMissing(state, side, files);
    } catch (error) {
      await repo.failSession(id, counts, messageOf(error), this.stamp());
      events.error(device.user_id, { ...who, error: messageOf(error) });
      return 'failed';
    } finally {
      await side?.close();
    }
    await repo.completeSession(id, counts, this.stamp());
    await this.parts.devices.touch(device.user_id, device.id);
    if (counts.failed > 0) {
      events.error(device.user_id, {
        ...who,
        error: `${String(counts.failed)} file(s) failed to process`,
      });
    }
    events.completed(device.user_id, {
      ...who,
      operations_completed: counts.completed,
      operations_failed: counts.failed,
    });
    return 'completed';
  }

  private async stateOf(device: DeviceRow, sessionId: number): Promise<RunState> {
    const saves = (await this.parts.assets.list(device.user_id, 'save', {})) as Save[];
    const records = await this.parts.saveSyncs.recordsOfDevice(device.id);
    const syncedAt = (saveId: number) => {
      const record = records.get(saveId);
      return record === undefined || record.last_synced_at === NEVER_SYNCED
        ? null
        : Date.parse(record.last_synced_at);
    };
    return {
      device,
      sessionId,
      saves: currentSlotSaves(saves),
      records,
      slotSynced: lastSyncedBySlot(saves, syncedAt),
    };
  }

  private async processSafely(
    state: RunState,
    side: DeviceSide,
    file: DeviceFile,
  ): Promise<FileOutcome | 'failed'> {
    try {
      const outcome = await this.process(state, side, file);
      await side.settle(file, outcome);
      return outcome;
    } catch {
      return 'failed';
    }
  }

  private async process(state: RunState, side: DeviceSide, file: DeviceFile): Promise<FileOutcome> {
    const save = state.saves.get(deviceSaveKey(file.platformSlug, file.fileName));
    if (save === undefined) return 'skipped';
    const record = state.records.get(save.id);
    if (record?.is_untracked === true) return 'skipped';
    const { device } = state;
    const fetched = await side.fetch(file);
    try {
      const hash = await md5Of(fetched.path);
      const { action, reason } = compareSave({
        clientHash: hash,
        clientUpdatedAt: file.mtimeMs,
        serverHash: save.content_hash,
        serverUpdatedAt: Date.parse(save.updated_at),
        lastSyncedAt: state.slotSynced.get(slotKeyOf(save)) ?? null,
      });
      if (action === 'upload') {
        const stored = await this.parts.assets.upload(
          device.user_id,
          'save',
          { romId: save.rom_id, emulator: save.emulator },
          uploadOf(file.fileName, fetched.path),
          { slot: save.slot, overwrite: false, autocleanup: false, autocleanupLimit: 10 },
        );
        await this.record(device, stored.id, stored.updated_at);
        return 'pulled';
      }
      if (action === 'download') {
        const { file: stored } = await this.parts.assets.openContent(
          device.user_id,
          'save',
          save.id,
        );
        await side.send(file.platformSlug, file.fileName, stored.real, new Date(save.updated_at));
        await this.record(device, save.id, save.updated_at);
        return 'pushed';
      }
      if (action === 'conflict') {
        const rom = await this.parts.roms.getSimple(save.rom_id, device.user_id);
        this.parts.events.conflict(device.user_id, {
          device_id: device.id,
          session_id: state.sessionId,
          file_name: file.fileName,
          rom_id: save.rom_id,
          rom_name: rom.name ?? rom.fs_name,
          reason,
        });
        return 'conflict';
      }
      if (hash === save.content_hash) await this.record(device, save.id, save.updated_at);
      return 'no_op';
    } finally {
      await fetched.dispose();
    }
  }

  private async record(device: DeviceRow, saveId: number, at: string): Promise<void> {
    await this.parts.saveSyncs.recordSync(device.user_id, device.id, saveId, at);
  }

  /**
   * Writes the current saves of the device's platforms that it lacks (push_pull), except
   * those it stopped tracking or deleted after taking them.
   */
  private async pushMissing(
    state: RunState,
    side: DeviceSide,
    files: readonly DeviceFile[],
  ): Promise<number> {
    const held = new Set(files.map((file) => deviceSaveKey(file.platformSlug, file.fileName)));
    let pushed = 0;
    for (const [key, save] of state.saves) {
      const platformSlug = platformSlugOf(save);
      if (held.has(key) || side.folderOf(platformSlug) === null) continue;
      const record = state.records.get(save.id);
      if (record?.is_untracked === true) continue;
      const synced = state.slotSynced.get(slotKeyOf(save));
      if (synced !== undefined && Date.parse(save.updated_at) <= synced) continue;
      const { file: stored } = await this.parts.assets.openContent(
        state.device.user_id,
        'save',
        save.id,
      );
      await side.send(platformSlug, deviceFileName(save), stored.real, new Date(save.updated_at));
      await this.record(state.device, save.id, save.updated_at);
      pushed += 1;
    }
    return pushed;
  }
}

/** A device file as the one part of a save upload. */
async function* uploadOf(fileName: string, path: string) {
  await Promise.resolve();
  yield {
    field: 'asset' as const,
    fileName,
    stream: createReadStream(path),
    truncated: () => false,
  };
}

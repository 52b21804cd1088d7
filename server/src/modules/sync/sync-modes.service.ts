import { watch } from 'node:fs';
import type { FSWatcher } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';

import type { SyncSession } from '@romshelf/contract';
import { PushPullConfigSchema, SyncSessionStatusSchema } from '@romshelf/contract';

import type { DeviceRow } from '../../db/schema-devices.js';
import { HttpError } from '../../http/http-error.js';
import type { DevicesService } from '../devices/devices.service.js';
import type { DeviceSide } from './device-side.js';
import type { ServerSyncRun } from './server-sync-run.js';
import { SyncFolder } from './sync-folder.js';

/** Opens a push_pull device's disk (SFTP); throws with the reason it cannot. */
export type PushPullConnect = (
  device: DeviceRow,
  config: ReturnType<typeof PushPullConfigSchema.parse>,
) => Promise<DeviceSide>;

/** Counters of a scheduled push-pull run (devices synced, failed, skipped as incomplete). */
export interface PushPullSummary {
  devices: number;
  synced_devices: number;
  failed_devices: number;
  skipped_devices: number;
}

function pushPullConfigOf(device: DeviceRow) {
  return PushPullConfigSchema.safeParse(
    device.sync_config === null ? {} : JSON.parse(device.sync_config),
  );
}

/** Quiet time after the last change in a device's sync folder before it is taken in. */
const FOLDER_SETTLE_MS = 2000;

/**
 * RomM's server-run sync modes: push_pull (the server reaches the device over SSH/SFTP, on
 * request) and file_transfer (the device's files arrive in its sync folder, watched). One run
 * per device at a time; a run asked for while one goes on is answered with its session.
 */
export class SyncModesService {
  private readonly running = new Map<string, Promise<void>>();

  constructor(
    private readonly devices: DevicesService,
    private readonly runner: ServerSyncRun,
    private readonly syncRoot: string,
    private readonly connectPushPull: PushPullConnect,
    private readonly onError: (error: unknown) => void,
    private readonly settleMs = FOLDER_SETTLE_MS,
  ) {}

  /** `POST /api/sync/devices/{id}/push-pull`: starts a run and answers its session. */
  async pushPull(userId: number, deviceId: string): Promise<SyncSession> {
    const device = await this.devices.find(userId, deviceId);
    if (device.sync_mode !== 'push_pull') {
      throw new HttpError(400, 'Device is not in push_pull sync mode');
    }
    if (device.sync_enabled !== 1) throw new HttpError(400, 'Sync is disabled for this device');
    const parsed = pushPullConfigOf(device);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
      throw new HttpError(400, `The device's sync_config is incomplete: ${fields}`);
    }
    const session = await this.runner.openSession(device);
    void this.start(device, () =>
      this.runner.run(
        device,
        'push_pull',
        () => this.connectPushPull(device, parsed.data),
        session.id,
      ),
    );
    return { ...session, status: SyncSessionStatusSchema.parse(session.status) };
  }

  /** Whether any push_pull device has sync on (a due scheduled run with none is not started). */
  async hasPushPullDevices(): Promise<boolean> {
    return (await this.devices.syncingIn('push_pull')).length > 0;
  }

  /**
   * RomM's scheduled `sync_push_pull`: every push_pull device with sync on, one after another;
   * a device whose sync_config is incomplete is skipped.
   */
  async pushPullAll(report: (done: number, total: number) => void): Promise<PushPullSummary> {
    const devices = await this.devices.syncingIn('push_pull');
    const summary = {
      devices: devices.length,
      synced_devices: 0,
      failed_devices: 0,
      skipped_devices: 0,
    };
    report(0, devices.length);
    for (const [index, device] of devices.entries()) {
      const parsed = pushPullConfigOf(device);
      if (parsed.success) {
        const outcome = await this.start(device, () =>
          this.runner.run(device, 'push_pull', () => this.connectPushPull(device, parsed.data)),
        );
        if (outcome === 'completed') summary.synced_devices += 1;
        else summary.failed_devices += 1;
      } else {
        summary.skipped_devices += 1;
      }
      report(index + 1, devices.length);
    }
    return summary;
  }

  /** Runs after the device's run in progress, if any; answers the outcome (undefined: threw). */
  private start<T>(device: DeviceRow, run: () => Promise<T>): Promise<T | undefined> {
    const previous = this.running.get(device.id) ?? Promise.resolve();
    const result = previous.then(run);
    const next = result
      .then(() => undefined, this.onError)
      .finally(() => {
        if (this.running.get(device.id) === next) this.running.delete(device.id);
      });
    this.running.set(device.id, next);
    return result.catch(() => undefined);
  }

  /** Resolves when no run is going on (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running.values());
  }

  /** Makes a device's sync folders as soon as it is switched to file_transfer. */
  async prepare(device: DeviceRow): Promise<void> {
    if (device.sync_mode === 'file_transfer') {
      await new SyncFolder(this.syncRoot, device.id).ensure();
    }
  }

  /**
   * Takes in what waits in the sync folders of every file_transfer device, making the folders
   * of those that have none yet; answers the runs it started.
   */
  private async scanFolders(): Promise<{
    devices: number;
    files: number;
    runs: Promise<unknown>[];
  }> {
    const devices = await this.devices.syncingIn('file_transfer');
    const scan = { devices: devices.length, files: 0, runs: [] as Promise<unknown>[] };
    for (const device of devices) {
      await new SyncFolder(this.syncRoot, device.id).ensure();
      const taken = await this.takeIn(device.id);
      if (taken !== null) {
        scan.files += taken.files;
        scan.runs.push(taken.run);
      }
    }
    return scan;
  }

  /** RomM's manual `sync_folder_scan`: takes the sync folders' files in now, to the end. */
  async scanFoldersNow(
    report: (done: number, total: number) => void,
  ): Promise<{ devices: number; files: number }> {
    const { devices, files, runs } = await this.scanFolders();
    report(0, runs.length);
    for (const [index, run] of runs.entries()) {
      await run;
      report(index + 1, runs.length);
    }
    return { devices, files };
  }

  private async takeIn(deviceId: string): Promise<{ files: number; run: Promise<unknown> } | null> {
    const device = await this.devices.findById(deviceId);
    if (device?.sync_mode !== 'file_transfer' || device.sync_enabled !== 1) return null;
    const folder = new SyncFolder(this.syncRoot, device.id);
    const files = (await folder.list()).length;
    if (files === 0) return null;
    const run = this.start(device, () =>
      this.runner.run(device, 'file_transfer', () => Promise.resolve(folder)),
    );
    return { files, run };
  }

  /**
   * Watches the sync folder (RomM's sync watcher): a device's incoming files are taken in once
   * its folder has been quiet a moment; what arrived while the server was down is taken in
   * at start. Returns the stop.
   */
  async watch(): Promise<() => Promise<void>> {
    await mkdir(this.syncRoot, { recursive: true });
    const pending = new Map<string, NodeJS.Timeout>();
    const watcher: FSWatcher = watch(this.syncRoot, { recursive: true }, (_event, name) => {
      // A new device folder's first files may come before its watch, so its own creation
      // schedules too; what RomShelf writes (outgoing, conflicts) does not.
      const [deviceId, kind] = (name ?? '').split(path.sep);
      if (deviceId === undefined || deviceId === '') return;
      if (kind !== undefined && kind !== 'incoming') return;
      clearTimeout(pending.get(deviceId));
      pending.set(
        deviceId,
        setTimeout(() => {
          pending.delete(deviceId);
          this.takeIn(deviceId).catch(this.onError);
        }, this.settleMs),
      );
    });
    watcher.on('error', this.onError);
    await this.scanFolders().catch(this.onError);
    return async () => {
      watcher.close();
      for (const timer of pending.values()) clearTimeout(timer);
      await this.idle();
    };
  }
}

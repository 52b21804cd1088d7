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
    const parsed = PushPullConfigSchema.safeParse(
      device.sync_config === null ? {} : JSON.parse(device.sync_config),
    );
    if (!parsed.success) {
      const fields = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
      throw new HttpError(400, `The device's sync_config is incomplete: ${fields}`);
    }
    const session = await this.runner.openSession(device);
    this.start(device, () =>
      this.runner.run(
        device,
        'push_pull',
        () => this.connectPushPull(device, parsed.data),
        session.id,
      ),
    );
    return { ...session, status: SyncSessionStatusSchema.parse(session.status) };
  }

  private start(device: DeviceRow, run: () => Promise<void>): void {
    const previous = this.running.get(device.id) ?? Promise.resolve();
    const next = previous
      .then(run)
      .catch(this.onError)
      .finally(() => {
        if (this.running.get(device.id) === next) this.running.delete(device.id);
      });
    this.running.set(device.id, next);
  }

  /** Resolves when no run is going on (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running.values());
  }

  /**
   * Takes in what waits in the sync folders of every file_transfer device, making the folders
   * of those that have none yet (RomM's folder scan).
   */
  async scanFolders(): Promise<void> {
    for (const device of await this.devices.syncingIn('file_transfer')) {
      await new SyncFolder(this.syncRoot, device.id).ensure();
      await this.takeIn(device.id);
    }
  }

  private async takeIn(deviceId: string): Promise<void> {
    const device = await this.devices.findById(deviceId);
    if (device?.sync_mode !== 'file_transfer' || device.sync_enabled !== 1) return;
    const folder = new SyncFolder(this.syncRoot, device.id);
    if ((await folder.list()).length === 0) return;
    this.start(device, () =>
      this.runner.run(device, 'file_transfer', () => Promise.resolve(folder)),
    );
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

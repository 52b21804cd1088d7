import type { ActivityClear, ActivityEntry } from '@romshelf/contract';
import { ACTIVITY_TTL_MS, WEB_DEVICE_TYPE } from '@romshelf/contract';

import type { UserRow } from '../../db/schema.js';
import { HttpError } from '../../http/http-error.js';
import { toIsoUtc } from '../../lib/time.js';
import type { DevicesService } from '../devices/devices.service.js';
import { RESOURCES_URL_PREFIX } from '../roms/resources/rom-resources.js';
import type { RomsService } from '../roms/roms.service.js';
import { avatarUrl } from '../users/users.mapper.js';
import type { UsersService } from '../users/users.service.js';
import type { ActivityStore } from './activity.store.js';

/**
 * A change others may be told about: `shared` when the player shares what they play (everyone
 * may hear it), else only the player and users who read every user.
 */
export type ActivityChange =
  | { kind: 'update'; entry: ActivityEntry; shared: boolean; platformId: number }
  | { kind: 'clear'; cleared: ActivityClear; shared: boolean };

/**
 * RomM's `rom_cover_path`: the small cover's path inside the resources folder ('' without one),
 * which RomM's web client puts behind its resources URL itself.
 */
function coverResourcePath(coverUrl: string): string {
  const prefix = `${RESOURCES_URL_PREFIX}/`;
  return coverUrl.startsWith(prefix) ? (coverUrl.slice(prefix.length).split('?')[0] ?? '') : '';
}

type ActivityListener = (change: ActivityChange) => void;

/** Who asks, and whether they may see everyone's activity (`users.read`, as play-time totals). */
export interface ActivityViewer {
  id: number;
  seesEveryone: boolean;
}

/**
 * RomM's live activity: who plays which game on which device, right now. The web player reports
 * over the socket, devices through the heartbeat route; an entry ends when it is stopped or when
 * no heartbeat came for the TTL. Others see an entry only while its player shares their activity.
 */
export class ActivityService {
  private readonly listeners = new Set<ActivityListener>();

  constructor(
    private readonly store: ActivityStore,
    private readonly roms: RomsService,
    private readonly devices: DevicesService,
    private readonly users: UsersService,
    private readonly now: () => number = Date.now,
    private readonly ttlMs: number = ACTIVITY_TTL_MS,
  ) {}

  /** Listens to updates and clears; answers the unsubscribe function. */
  subscribe(listener: ActivityListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Every live entry the viewer may see. */
  async list(viewer: ActivityViewer): Promise<ActivityEntry[]> {
    return this.visible(await this.store.all(this.now()), viewer);
  }

  /** The live entries of one game the viewer may see. */
  async listForRom(romId: number, viewer: ActivityViewer): Promise<ActivityEntry[]> {
    const all = await this.store.all(this.now());
    return this.visible(
      all.filter((entry) => entry.rom_id === romId),
      viewer,
    );
  }

  /** The web player started a game (`fresh`) or is still playing it. */
  async reportWebPlay(
    user: UserRow,
    romId: number,
    deviceId: string,
    fresh: boolean,
  ): Promise<ActivityEntry> {
    return this.publish(user, romId, deviceId, WEB_DEVICE_TYPE, fresh);
  }

  /** A registered device of the user is playing a game (404 for a device of anyone else). */
  async deviceHeartbeat(user: UserRow, romId: number, deviceId: string): Promise<ActivityEntry> {
    const device = await this.devices.find(user.id, deviceId).catch((error: unknown) => {
      if (error instanceof HttpError && error.statusCode === 404) {
        throw new HttpError(404, `Device ${deviceId} not found for this user`);
      }
      throw error;
    });
    const entry = await this.publish(user, romId, device.id, device.client ?? 'unknown', false);
    await this.devices.touch(user.id, device.id);
    return entry;
  }

  /** Ends the user's play on a device (nothing when none is live). */
  async stop(userId: number, deviceId: string): Promise<void> {
    const ended = await this.store.remove(userId, deviceId, this.now());
    if (ended === undefined) return;
    const shared = (await this.users.sharingActivity([userId])).has(userId);
    const cleared = { user_id: userId, device_id: deviceId, rom_id: ended.rom_id };
    this.emit({ kind: 'clear', cleared, shared });
  }

  private async publish(
    user: UserRow,
    romId: number,
    deviceId: string,
    deviceType: string,
    fresh: boolean,
  ): Promise<ActivityEntry> {
    const rom = await this.roms.getSimple(romId, user.id);
    const now = this.now();
    const previous = fresh ? undefined : await this.store.get(user.id, deviceId, now);
    const entry: ActivityEntry = {
      user_id: user.id,
      username: user.username,
      avatar_path: avatarUrl(user),
      rom_id: rom.id,
      rom_name: rom.name ?? rom.fs_name,
      rom_cover_path: coverResourcePath(rom.path_cover_small),
      platform_slug: rom.platform_slug,
      platform_name: rom.platform_display_name,
      device_id: deviceId,
      device_type: deviceType,
      started_at: previous?.rom_id === rom.id ? previous.started_at : toIsoUtc(new Date(now)),
    };
    await this.store.put(entry, now, this.ttlMs);
    const shared = (await this.users.sharingActivity([user.id])).has(user.id);
    this.emit({ kind: 'update', entry, shared, platformId: rom.platform_id });
    return entry;
  }

  private async visible(
    entries: ActivityEntry[],
    viewer: ActivityViewer,
  ): Promise<ActivityEntry[]> {
    const sharing = viewer.seesEveryone
      ? null
      : await this.users.sharingActivity(entries.map((entry) => entry.user_id));
    const seen = await this.roms.visibleIds(entries.map((entry) => entry.rom_id));
    return entries
      .filter((entry) => seen.has(entry.rom_id))
      .filter(
        (entry) => sharing === null || entry.user_id === viewer.id || sharing.has(entry.user_id),
      )
      .sort((a, b) => b.started_at.localeCompare(a.started_at) || a.user_id - b.user_id);
  }

  private emit(change: ActivityChange): void {
    for (const listener of this.listeners) listener(change);
  }
}

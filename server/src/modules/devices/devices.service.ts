import { randomUUID } from 'node:crypto';

import type {
  Device,
  DeviceCreateBody,
  DeviceCreated,
  DeviceUpdateBody,
  SyncMode,
} from '@romshelf/contract';

import { SENSITIVE_SYNC_CONFIG_KEYS, SYNC_CONFIG_MASK } from '@romshelf/contract';

import type { DeviceRow } from '../../db/schema-devices.js';
import { HttpError } from '../../http/http-error.js';
import { toIsoUtc } from '../../lib/time.js';
import { toDevice } from './devices.mapper.js';
import type {
  DeviceFields,
  DevicesRepository,
  DeviceWithIdentifierRow,
} from './devices.repository.js';

/** What a device told about itself when it was approved through the device flow. */
export interface ApprovedDeviceInfo {
  name: string;
  platform: string | null;
  client: string;
  client_version: string | null;
}

const notFound = (id: string) => new HttpError(404, `Device with ID ${id} not found`);

/**
 * RomM's devices: a user's handhelds and apps, registered by the device itself (or when the user
 * approves it through the device flow), listed with when each was last seen, renamed, removed.
 * Nobody sees or touches another user's devices (404).
 */
export class DevicesService {
  private readonly syncModeListeners: ((device: DeviceRow) => Promise<void>)[] = [];

  constructor(
    private readonly repo: DevicesRepository,
    private readonly now: () => number = Date.now,
  ) {}

  private stamp(): string {
    return toIsoUtc(new Date(this.now()));
  }

  /** Registers a device (201), or answers the one with the same fingerprint (200), or 409. */
  async register(
    userId: number,
    body: DeviceCreateBody,
  ): Promise<{ created: boolean; device: DeviceCreated }> {
    const existing = body.allow_duplicate
      ? undefined
      : await this.repo.findByFingerprint(userId, {
          mac: body.mac_address ?? null,
          hostname: body.hostname ?? null,
          platform: body.platform ?? null,
        });
    if (existing !== undefined) {
      if (!body.allow_existing) {
        throw new HttpError(
          409,
          `A device with this fingerprint already exists (device_id ${existing.id})`,
        );
      }
      if (body.reset_syncs) await this.repo.deleteSyncs(existing.id);
      await this.touch(userId, existing.id);
      return { created: false, device: created(existing) };
    }
    const at = this.stamp();
    const row = await this.repo.insert({
      id: randomUUID(),
      user_id: userId,
      name: body.name ?? null,
      platform: body.platform ?? null,
      client: body.client ?? null,
      client_version: body.client_version ?? null,
      ip_address: body.ip_address ?? null,
      mac_address: body.mac_address ?? null,
      hostname: body.hostname ?? null,
      sync_mode: body.sync_mode ?? 'api',
      sync_config: body.sync_config == null ? null : JSON.stringify(body.sync_config),
      last_seen: at,
      created_at: at,
      updated_at: at,
    });
    return { created: true, device: created(row) };
  }

  /**
   * Makes sure the device a token was approved for is registered (device flow); a device
   * approved again keeps its id and is seen anew.
   */
  async ensureApproved(userId: number, id: string, info: ApprovedDeviceInfo): Promise<void> {
    if ((await this.repo.find(userId, id)) !== undefined) {
      await this.touch(userId, id);
      return;
    }
    const at = this.stamp();
    await this.repo.insert({
      id,
      user_id: userId,
      name: info.name,
      platform: info.platform,
      client: info.client,
      client_version: info.client_version,
      ip_address: null,
      mac_address: null,
      hostname: null,
      sync_mode: 'api',
      sync_config: null,
      last_seen: at,
      created_at: at,
      updated_at: at,
    });
  }

  async list(userId: number): Promise<Device[]> {
    return (await this.repo.list(userId)).map(toDevice);
  }

  /** The caller's device, else 404. */
  async find(userId: number, id: string): Promise<DeviceWithIdentifierRow> {
    const row = await this.repo.find(userId, id);
    if (row === undefined) throw notFound(id);
    return row;
  }

  /** Any user's device, or undefined (server-run syncs). */
  async findById(id: string): Promise<DeviceRow | undefined> {
    return this.repo.findById(id);
  }

  /** Every user's devices that sync in this mode, sync on. */
  async syncingIn(mode: SyncMode): Promise<DeviceRow[]> {
    return this.repo.listBySyncMode(mode);
  }

  async get(userId: number, id: string): Promise<Device> {
    return toDevice(await this.find(userId, id));
  }

  /** Changes only the fields sent. */
  async update(userId: number, id: string, body: DeviceUpdateBody): Promise<Device> {
    const fields: Partial<DeviceFields> = {};
    for (const key of [
      'name',
      'platform',
      'client',
      'client_version',
      'ip_address',
      'mac_address',
      'hostname',
    ] as const) {
      if (body[key] !== undefined) fields[key] = body[key];
    }
    if (body.sync_mode != null) fields.sync_mode = body.sync_mode;
    if (body.sync_enabled != null) fields.sync_enabled = body.sync_enabled ? 1 : 0;
    if (body.sync_config !== undefined) {
      fields.sync_config =
        body.sync_config === null
          ? null
          : JSON.stringify(
              keepMaskedSecrets(body.sync_config, (await this.find(userId, id)).sync_config),
            );
    }
    const row = await this.repo.update(userId, id, { ...fields, updated_at: this.stamp() });
    if (row === undefined) throw notFound(id);
    if (body.sync_mode != null) {
      const device = await this.find(userId, id);
      for (const listener of this.syncModeListeners) await listener(device);
    }
    return this.get(userId, id);
  }

  /** Calls the listener (awaited) each time a device's sync mode is set. */
  onSyncModeSet(listener: (device: DeviceRow) => Promise<void>): void {
    this.syncModeListeners.push(listener);
  }

  async remove(userId: number, id: string): Promise<void> {
    if (!(await this.repo.delete(userId, id))) throw notFound(id);
  }

  /** Records that the device was just seen. */
  async touch(userId: number, id: string): Promise<void> {
    await this.repo.update(userId, id, { last_seen: this.stamp() });
  }
}

function created(row: DeviceRow): DeviceCreated {
  return { device_id: row.id, name: row.name, created_at: row.created_at };
}

/** A secret sent back as shown (masked) keeps its stored value. */
function keepMaskedSecrets(
  config: Record<string, unknown>,
  stored: string | null,
): Record<string, unknown> {
  const previous = stored === null ? {} : (JSON.parse(stored) as Record<string, unknown>);
  const kept = { ...config };
  for (const key of SENSITIVE_SYNC_CONFIG_KEYS) {
    if (kept[key] === SYNC_CONFIG_MASK) kept[key] = previous[key];
  }
  return kept;
}

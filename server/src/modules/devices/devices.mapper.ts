import type { Device, SyncMode } from '@romshelf/contract';
import { SENSITIVE_SYNC_CONFIG_KEYS, SYNC_CONFIG_MASK, SyncModeSchema } from '@romshelf/contract';

import type { DeviceWithIdentifierRow } from './devices.repository.js';

function syncConfigOf(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  const config = JSON.parse(text) as Record<string, unknown>;
  const sensitive = new Set<string>(SENSITIVE_SYNC_CONFIG_KEYS);
  return Object.fromEntries(
    Object.entries(config).map(([key, value]) => [
      key,
      sensitive.has(key) ? SYNC_CONFIG_MASK : value,
    ]),
  );
}

export function toDevice(row: DeviceWithIdentifierRow): Device {
  const mode = SyncModeSchema.safeParse(row.sync_mode);
  return {
    id: row.id,
    user_id: row.user_id,
    name: row.name,
    platform: row.platform,
    client: row.client,
    client_version: row.client_version,
    client_device_identifier: row.client_device_identifier,
    ip_address: row.ip_address,
    mac_address: row.mac_address,
    hostname: row.hostname,
    sync_mode: mode.success ? mode.data : ('api' satisfies SyncMode),
    sync_enabled: row.sync_enabled === 1,
    sync_config: syncConfigOf(row.sync_config),
    last_seen: row.last_seen,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

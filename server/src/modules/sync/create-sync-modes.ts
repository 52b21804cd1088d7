import path from 'node:path';

import type { FastifyBaseLogger } from 'fastify';

import type { AppConfig } from '../../config/app-config.js';
import type { DevicesService } from '../devices/devices.service.js';
import type { PlayAssetsService } from '../play-assets/play-assets.service.js';
import type { RomsService } from '../roms/roms.service.js';
import type { SaveSyncRepository } from './save-sync.repository.js';
import type { SaveSyncService } from './save-sync.service.js';
import { ServerSyncRun } from './server-sync-run.js';
import { connectSftp } from './sftp-device.js';
import { SyncEvents } from './sync-events.js';
import { SyncModesService } from './sync-modes.service.js';

/** RomM's file_transfer and push_pull modes, with the socket events of their runs. */
export function createSyncModes(
  config: AppConfig,
  parts: {
    repo: SaveSyncRepository;
    saveSyncs: SaveSyncService;
    devices: DevicesService;
    assets: PlayAssetsService;
    roms: RomsService;
  },
  log: FastifyBaseLogger,
  clock: () => number = Date.now,
) {
  const events = new SyncEvents();
  const runner = new ServerSyncRun({ ...parts, events, clock });
  const modes = new SyncModesService(
    parts.devices,
    runner,
    path.join(config.dataDir, 'sync'),
    (device, pushPull) => connectSftp(config.sshFiles, device.id, pushPull),
    (error) => log.error({ err: error }, 'a server-run device sync failed'),
  );
  parts.devices.onSyncModeSet((device) => modes.prepare(device));
  return { syncEvents: events, syncModes: modes };
}

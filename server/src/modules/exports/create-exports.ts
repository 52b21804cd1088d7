import path from 'node:path';

import type { FastifyBaseLogger } from 'fastify';

import type { AppConfig } from '../../config/app-config.js';
import type { ConfinedFiles } from '../../lib/confined-files.js';
import type { LibraryConfigService } from '../library/library-config.service.js';
import type { PlatformLookup } from '../platforms/platform-lookup.js';
import type { RomsService } from '../roms/roms.service.js';
import type { ScanService } from '../scan/scan.service.js';
import { ExportsService } from './exports.service.js';

/** The exports, run after every scan for config.yml's `scan.gamelist.export` / `scan.pegasus.export`. */
export function createExports(
  config: AppConfig,
  parts: {
    platformLookup: PlatformLookup;
    roms: RomsService;
    libraryConfig: LibraryConfigService;
    files: ConfinedFiles;
    scan: ScanService;
  },
  log: FastifyBaseLogger,
): ExportsService {
  const exports = new ExportsService({
    platforms: parts.platformLookup,
    roms: parts.roms,
    libraryConfig: parts.libraryConfig,
    files: parts.files,
    libraryDir: config.libraryDir,
    resourcesDir: path.join(config.dataDir, 'resources'),
    baseUrl: config.baseUrl,
    log,
  });
  parts.scan.afterEachScan((platformIds) => exports.afterScan(platformIds));
  return exports;
}

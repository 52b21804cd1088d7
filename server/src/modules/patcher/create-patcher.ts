import type { Db } from '../../db/database.js';
import type { ConfinedFiles } from '../../lib/confined-files.js';
import type { PlatformLookup } from '../platforms/platform-lookup.js';
import type { RomsService } from '../roms/roms.service.js';
import type { ScanService } from '../scan/scan.service.js';
import { PatchCandidatesRepository } from './patch-candidates.repository.js';
import { PatcherService } from './patcher.service.js';

/** The ROM patcher, limited to ROM_PATCHER_MAX_FILE_SIZE_BYTES per ROM, patch and result. */
export function createPatcher(
  db: Db,
  parts: { roms: RomsService; platformLookup: PlatformLookup; scan: ScanService },
  files: ConfinedFiles,
  config: { libraryDir: string; romPatcherMaxFileSizeBytes: number },
): PatcherService {
  return new PatcherService(
    parts.roms,
    parts.platformLookup,
    parts.scan,
    new PatchCandidatesRepository(db),
    files,
    config.libraryDir,
    config.romPatcherMaxFileSizeBytes,
  );
}

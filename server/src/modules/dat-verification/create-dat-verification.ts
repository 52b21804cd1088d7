import { TASK_NAMES } from '@romshelf/contract';

import type { DataVersions } from '../../db/data-versions.js';
import type { Db } from '../../db/database.js';
import type { RomFilesService } from '../roms/files/rom-files.service.js';
import type { RomsService } from '../roms/roms.service.js';
import type { ScanService } from '../scan/scan.service.js';
import { DatVerdictsService } from './dat-verdicts.service.js';
import { DatVerificationRepository } from './dat-verification.repository.js';
import { DatVerificationService } from './dat-verification.service.js';

/** The verification engine and a game's verdicts (composition root part). */
export function createDatVerification(
  db: Db,
  versions: DataVersions,
  parts: { roms: RomsService; romFiles: RomFilesService },
) {
  const repository = new DatVerificationRepository(db);
  const datVerification = new DatVerificationService(repository, versions);
  return {
    datVerification,
    datVerdicts: new DatVerdictsService(repository, datVerification, parts.roms, parts.romFiles),
  };
}

/**
 * After every scan that walked a platform with a DAT, the verification task looks at the games
 * the scan added or changed (a run already going on picks them up on its next pass or the next
 * scan's: what is left to verify is read from the database).
 */
export function verifyAfterScans(
  scan: Pick<ScanService, 'afterEachScan'>,
  tasks: { start(name: string, trigger: 'scheduled', params: Record<string, unknown>): unknown },
  verification: Pick<DatVerificationService, 'hasDats'>,
): void {
  scan.afterEachScan(async (platformIds) => {
    if (!(await verification.hasDats(platformIds))) return;
    tasks.start(TASK_NAMES.verifyDats, 'scheduled', { platform_ids: platformIds, full: false });
  });
}

import type { DataVersions } from '../../db/data-versions.js';
import type { Db } from '../../db/database.js';
import type { RomFilesService } from '../roms/files/rom-files.service.js';
import type { RomsService } from '../roms/roms.service.js';
import type { ScanService } from '../scan/scan.service.js';
import { DatVerdictsService } from './dat-verdicts.service.js';
import { DatVerificationRepository } from './dat-verification.repository.js';
import { DatVerificationService } from './dat-verification.service.js';
import type { TaskStarter } from './verification-requests.js';
import { VerificationRequests } from './verification-requests.js';

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

/** The changes of the DAT files (the `dats` module's service). */
export interface DatChanges {
  onChange(
    listener: (change: {
      kind: 'imported' | 'rebound' | 'removed';
      platformId: number | null;
    }) => void | Promise<void>,
  ): void;
}

/**
 * Keeps the verdicts following the library and its DATs: after every scan that walked a
 * platform with a DAT, the games it added or changed are verified; after a DAT's import or
 * binding to another platform, its platform's games (a removed DAT's verdicts go with it).
 */
export function verifyOnChanges(
  parts: {
    scan: Pick<ScanService, 'afterEachScan'>;
    dats: DatChanges;
    tasks: TaskStarter;
    datVerification: Pick<DatVerificationService, 'hasDats'>;
  },
  versions: Pick<DataVersions, 'wrote'>,
): void {
  const requests = new VerificationRequests(parts.tasks);
  parts.scan.afterEachScan(async (platformIds) => {
    if (await parts.datVerification.hasDats(platformIds)) requests.request(platformIds);
  });
  parts.dats.onChange((change) => {
    if (change.kind === 'removed') {
      // Its verdicts went with it: lists filtering on them show it now.
      versions.wrote('romRows');
      return;
    }
    requests.request(change.platformId === null ? null : [change.platformId]);
  });
}

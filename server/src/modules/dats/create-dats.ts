import path from 'node:path';

import type { FastifyBaseLogger } from 'fastify';

import type { Db } from '../../db/database.js';
import type { ConfinedFiles } from '../../lib/confined-files.js';
import { DATS_FOLDER } from '../library/library-fs.js';
import type { PlatformsService } from '../platforms/platforms.service.js';
import type { ScanService } from '../scan/scan.service.js';
import { DatImporter } from './dat-importer.js';
import { DatsRepository } from './dats.repository.js';
import { DatsService } from './dats.service.js';

/** DAT import, reading the library's `dats` folder again at the end of every scan. */
export function createDats(
  db: Db,
  parts: { platforms: PlatformsService; scan: ScanService; files: ConfinedFiles },
  libraryDir: string,
  log: FastifyBaseLogger,
  clock: () => number = Date.now,
): DatsService {
  const repository = new DatsRepository(db);
  const dats = new DatsService(
    repository,
    new DatImporter(repository, () => new Date(clock())),
    parts.platforms,
    parts.files,
    path.join(libraryDir, DATS_FOLDER),
    log,
  );
  parts.scan.afterEachScan(async () => {
    await dats.syncFolder();
  });
  return dats;
}

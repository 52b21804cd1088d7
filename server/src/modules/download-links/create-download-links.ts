import type { Db } from '../../db/database.js';
import type { RomFilesService } from '../roms/files/rom-files.service.js';
import type { RomsService } from '../roms/roms.service.js';
import { DownloadLinksRepository } from './download-links.repository.js';
import { DownloadLinksService } from './download-links.service.js';

/** Download links over their own table, opening ROMs through the roms module. */
export function createDownloadLinks(
  db: Db,
  roms: { roms: RomsService; romFiles: RomFilesService },
  clock?: () => number,
): DownloadLinksService {
  return new DownloadLinksService(new DownloadLinksRepository(db), roms.roms, roms.romFiles, clock);
}

import type { Db } from '../../db/database.js';
import type { RomFilesService } from '../roms/files/rom-files.service.js';
import type { RomsService } from '../roms/roms.service.js';
import { DownloadLinksRepository } from './download-links.repository.js';
import type { OwnerVisibility } from './download-links.service.js';
import { DownloadLinksService } from './download-links.service.js';

/** Download links over their own table, opening ROMs through the roms module. */
export function createDownloadLinks(
  db: Db,
  roms: { roms: RomsService; romFiles: RomFilesService },
  owners: OwnerVisibility,
  clock?: () => number,
): DownloadLinksService {
  const links = new DownloadLinksRepository(db);
  return new DownloadLinksService(links, roms.roms, roms.romFiles, owners, clock);
}

import type { Db } from '../../../db/database.js';
import type { ConfinedFiles } from '../../../lib/confined-files.js';
import type { RomsService } from '../roms.service.js';
import { RomFolderFilesRepository } from './rom-folder-files.repository.js';
import { RomFolderFilesService } from './rom-folder-files.service.js';

/** The files added to games' folders (manuals, screenshots), wired for the composition root. */
export function createRomFolderFiles(
  db: Db,
  roms: RomsService,
  libraryDir: string,
  files: ConfinedFiles,
): RomFolderFilesService {
  return new RomFolderFilesService(roms, new RomFolderFilesRepository(db), libraryDir, files);
}

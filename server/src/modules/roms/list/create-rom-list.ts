import type { DataVersions } from '../../../db/data-versions.js';
import type { RomCollections } from '../rom-collections.js';
import type { RomNotesRepository } from '../notes/rom-notes.repository.js';
import type { RomVersionsSource } from '../roms.service.js';
import type { RomsRepository } from '../roms.repository.js';
import type { SavedFilterSource } from './rom-collection-scopes.js';
import { RomListJsonFiller } from './rom-list-json-filler.js';
import type { RomListJsonStore } from './rom-list-json-store.js';
import type { RomListRepository } from './rom-list.repository.js';
import { RomListService } from './rom-list.service.js';
import type { RomPlayability } from './rom-playability.js';

/** The repositories the gallery's lists read. */
interface RomListRepositories {
  roms: RomsRepository;
  romList: RomListRepository;
  romListJson: RomListJsonStore;
  romNotes: RomNotesRepository;
  versions: DataVersions;
}

/** What else the lists are made of: playability, versions groups, collections. */
interface RomListSources {
  playability: RomPlayability;
  versions: RomVersionsSource;
  collections: Pick<RomCollections, 'favouriteIdsOf' | 'assertReadable'>;
  savedFilters: SavedFilterSource;
}

/**
 * The gallery's lists, and the filler that writes each ROM's list JSON into the database after
 * ROM writes pause (stopped when the server closes).
 */
export function createRomList(repositories: RomListRepositories, sources: RomListSources) {
  const romList = new RomListService(
    repositories.roms,
    repositories.romList,
    repositories.romListJson,
    repositories.versions,
    repositories.romNotes,
    sources.playability,
    sources.versions,
    sources.collections,
    sources.savedFilters,
  );
  const romListJsonFiller = new RomListJsonFiller(repositories.romListJson, repositories.versions);
  return { romList, romListJsonFiller };
}

import type { Db } from '../../db/database.js';
import { HiddenItemsRepository } from './hidden-items.repository.js';
import type { PermissionChanges } from './hidden-items.service.js';
import { HiddenItemsService } from './hidden-items.service.js';

/** The hidden items and the lookups placing what a request names (visibility.hook.ts). */
export function createHiddenItems(db: Db, changes: PermissionChanges) {
  const places = new HiddenItemsRepository(db);
  return { hiddenItems: new HiddenItemsService(places, changes), places };
}

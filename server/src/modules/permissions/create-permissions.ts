import type { Db } from '../../db/database.js';
import { PermissionEvents } from './permission-events.js';
import { PermissionsRepository } from './permissions.repository.js';
import { PermissionsService } from './permissions.service.js';

/** Permission groups and their change events (attached to the socket gateway at start-up). */
export function createPermissions(db: Db): PermissionsService {
  return new PermissionsService(new PermissionsRepository(db), new PermissionEvents());
}

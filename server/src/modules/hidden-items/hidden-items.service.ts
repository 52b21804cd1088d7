import type { HiddenEntityChange, HiddenItem } from '@romshelf/contract';

import type { UserRow } from '../../db/schema.js';
import { HttpError } from '../../http/http-error.js';
import type { HiddenItemKey, HiddenItemsRepository, Principal } from './hidden-items.repository.js';
import type { Withheld } from './visibility.js';
import { NOTHING_WITHHELD } from './visibility.js';

/** Tells users' open pages that their permissions changed (`permissions:changed`). */
export interface PermissionChanges {
  usersChanged(userIds: Iterable<number>): void;
}

/** Hides platforms and ROMs from users and groups; admins always see everything. */
export class HiddenItemsService {
  constructor(
    private readonly items: HiddenItemsRepository,
    private readonly changes: PermissionChanges,
    private readonly clock: () => number = Date.now,
  ) {}

  /** What a caller may not see (nothing for admins and anonymous callers). */
  withheldFrom(user: Pick<UserRow, 'id' | 'role'> | null): Promise<Withheld> {
    if (user === null || user.role === 'admin') return Promise.resolve(NOTHING_WITHHELD);
    return this.items.withheldFrom(user.id);
  }

  async hide(change: HiddenEntityChange): Promise<void> {
    const key = await this.keyOf(change);
    await this.items.add(key, new Date(this.clock()).toISOString());
    await this.announce(key.principal);
  }

  async unhide(change: HiddenEntityChange): Promise<void> {
    const key = await this.keyOf(change);
    await this.items.remove(key);
    await this.announce(key.principal);
  }

  /** The users whose view a change for the principal changes: the user, or the group's members. */
  private async announce({ userId, groupId }: Principal): Promise<void> {
    this.changes.usersChanged(userId === null ? await this.items.membersOf(groupId) : [userId]);
  }

  list(): Promise<HiddenItem[]> {
    return this.items.all();
  }

  /** The change's item and principal: 400 unless it names one principal and a platform or ROM. */
  private async keyOf(change: HiddenEntityChange): Promise<HiddenItemKey> {
    const userId = change.user_id ?? null;
    const groupId = change.group_id ?? null;
    if ((userId === null) === (groupId === null)) {
      throw new HttpError(400, 'Exactly one of user_id or group_id must be set');
    }
    if (change.entity !== 'platforms' && change.entity !== 'roms') {
      throw new HttpError(400, 'Only platforms and roms can be hidden');
    }
    if (userId !== null && !(await this.items.userExists(userId))) {
      throw new HttpError(404, `User with id ${String(userId)} not found`);
    }
    if (groupId !== null && !(await this.items.groupExists(groupId))) {
      throw new HttpError(404, `Permission group with id ${String(groupId)} not found`);
    }
    const principal: Principal =
      groupId === null ? { userId: userId ?? 0, groupId: null } : { userId: null, groupId };
    return { entity: change.entity, entityId: change.entity_id, principal };
  }
}

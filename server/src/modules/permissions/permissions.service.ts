import type {
  CreatePermissionGroupBody,
  MyPermissions,
  PermissionCatalog,
  PermissionGroup,
  Role,
  Scope,
  SystemGroupKey,
  UpdatePermissionGroupBody,
  UpdateUserPermissionsBody,
  UserPermissions,
} from '@romshelf/contract';
import {
  CreatePermissionGroupBodySchema,
  FULL_SCOPES,
  PERMISSION_ACTIONS,
  PERMISSION_ENTITIES,
  SYSTEM_GROUP_KEYS,
  UpdatePermissionGroupBodySchema,
  UpdateUserPermissionsBodySchema,
} from '@romshelf/contract';

import { HttpError } from '../../http/http-error.js';
import { nowIso } from '../../lib/time.js';
import type { PermissionEvents } from './permission-events.js';
import type { PermissionSubject } from './effective-permissions.js';
import { withheldFromCaller } from '../hidden-items/visibility.js';
import { myPermissionsOf, scopesOfSubject } from './effective-permissions.js';
import type {
  PermissionAccount,
  PermissionGroupRow,
  PermissionsRepository,
} from './permissions.repository.js';

export type { PermissionGroupRow };

const notFound = () => new HttpError(404, 'Not found');

function systemKeyOf(row: PermissionGroupRow): SystemGroupKey | null {
  return (SYSTEM_GROUP_KEYS as readonly (string | null)[]).includes(row.system_key)
    ? (row.system_key as SystemGroupKey)
    : null;
}

/** The role a member of the group has: the built-in groups' own, `viewer` for the others. */
export function roleOfGroup(group: Pick<PermissionGroupRow, 'system_key'>): Role {
  return group.system_key === 'admin' || group.system_key === 'editor'
    ? group.system_key
    : 'viewer';
}

/**
 * Permission groups (RomM 5.2): what each user may do comes from their group plus their own
 * grants and denials; administrators may do everything. Every change is told to the changed
 * users' open pages (`permissions:changed`).
 */
export class PermissionsService {
  constructor(
    private readonly repository: PermissionsRepository,
    readonly events: PermissionEvents,
  ) {}

  /** The scopes a user holds now (HTTP, sockets and tokens are narrowed to these). */
  async scopesOf(account: PermissionAccount): Promise<Scope[]> {
    if (account.role === 'admin') return [...FULL_SCOPES];
    return scopesOfSubject(await this.subjectOf(account));
  }

  /** GET /api/permissions/me: what the caller may do, and what is hidden from them. */
  async myPermissions(account: PermissionAccount): Promise<MyPermissions> {
    const withheld = withheldFromCaller();
    return myPermissionsOf(await this.subjectOf(account), {
      platforms: [...withheld.platformIds],
      roms: [...withheld.romIds],
    });
  }

  catalog(): PermissionCatalog {
    return { entities: [...PERMISSION_ENTITIES], actions: [...PERMISSION_ACTIONS] };
  }

  async groups(): Promise<PermissionGroup[]> {
    const rows = await this.repository.groups();
    return Promise.all(rows.map((row) => this.groupDto(row)));
  }

  /** The group of this id, for assigning it (404 when there is none). */
  async group(id: number): Promise<PermissionGroupRow> {
    const row = await this.repository.group(id);
    if (row === undefined)
      throw new HttpError(400, `Permission group ${String(id)} does not exist`);
    return row;
  }

  /** The group a user with no group of their own is in. */
  async defaultGroup(): Promise<PermissionGroupRow> {
    const id = await this.repository.defaultGroupId();
    return this.group(id ?? 1);
  }

  async createGroup(input: CreatePermissionGroupBody): Promise<PermissionGroup> {
    const body = CreatePermissionGroupBodySchema.parse(input);
    await this.assertNameFree(body.name, null);
    const created = await this.repository.create(body, body.grants, nowIso());
    return this.groupDto(created);
  }

  async updateGroup(id: number, input: UpdatePermissionGroupBody): Promise<PermissionGroup> {
    const body = UpdatePermissionGroupBodySchema.parse(input);
    const group = await this.repository.group(id);
    if (group === undefined) throw notFound();
    if (body.name !== undefined && body.name !== null) await this.assertNameFree(body.name, id);
    if (body.is_default === false && group.is_default === 1) {
      throw new HttpError(400, 'Set another group as default first');
    }
    if (group.system_key === 'admin' && body.grants !== undefined && body.grants !== null) {
      throw new HttpError(400, 'The Administrator group holds every permission');
    }
    const updated = await this.repository.update(
      id,
      {
        ...(body.name === undefined || body.name === null ? {} : { name: body.name }),
        ...(body.description === undefined || body.description === null
          ? {}
          : { description: body.description }),
        ...(body.color === undefined ? {} : { color: body.color }),
        ...(body.is_default === undefined || body.is_default === null
          ? {}
          : { is_default: body.is_default }),
      },
      body.grants ?? null,
      nowIso(),
    );
    if (updated === undefined) throw notFound();
    // A new default group takes in everyone without a group of their own.
    if (body.is_default === true && group.is_default !== 1) this.events.everyoneChanged();
    else this.events.usersChanged(await this.repository.memberIds(id));
    return this.groupDto(updated);
  }

  /** Deletes a group the admins made; its members fall back to the default group. */
  async deleteGroup(id: number): Promise<void> {
    const group = await this.repository.group(id);
    if (group === undefined) throw notFound();
    if (systemKeyOf(group) !== null) {
      throw new HttpError(400, 'Built-in groups cannot be deleted');
    }
    if (group.is_default === 1) {
      throw new HttpError(400, 'Cannot delete the default group; set another default first');
    }
    const members = await this.repository.memberIds(id);
    await this.repository.delete(id);
    this.events.usersChanged(members);
  }

  async userPermissions(userId: number): Promise<UserPermissions> {
    const account = await this.repository.account(userId);
    if (account === undefined) throw notFound();
    return {
      user_id: userId,
      permission_group_id: account.permission_group_id,
      overrides: await this.repository.overrides(userId),
      hidden: [],
      age_limit: null,
      hide_unrated_roms: null,
    };
  }

  /**
   * PUT /api/permissions/users/{id}: replaces the user's overrides when given; with `set_group`,
   * moves them to the group, whose role they take (`setGroup` keeps the last administrator).
   */
  async updateUserPermissions(
    userId: number,
    input: UpdateUserPermissionsBody,
    setGroup: (userId: number, group: PermissionGroupRow) => Promise<void>,
  ): Promise<UserPermissions> {
    const body = UpdateUserPermissionsBodySchema.parse(input);
    const account = await this.repository.account(userId);
    if (account === undefined) throw notFound();
    if (body.set_group) {
      const group =
        body.permission_group_id === null
          ? await this.defaultGroup()
          : await this.group(body.permission_group_id);
      await setGroup(userId, group);
    }
    if (body.overrides !== undefined && body.overrides !== null) {
      await this.repository.replaceOverrides(userId, body.overrides);
    }
    this.events.usersChanged([userId]);
    return this.userPermissions(userId);
  }

  private async subjectOf(account: PermissionAccount): Promise<PermissionSubject> {
    const groupId = account.permission_group_id ?? (await this.repository.defaultGroupId());
    return {
      isAdmin: account.role === 'admin',
      grants: groupId === null ? [] : await this.repository.grants(groupId),
      overrides: await this.repository.overrides(account.id),
    };
  }

  private async assertNameFree(name: string, ownId: number | null): Promise<void> {
    const clash = await this.repository.groupByName(name);
    if (clash !== undefined && clash.id !== ownId) {
      throw new HttpError(400, 'A group with that name already exists');
    }
  }

  private async groupDto(row: PermissionGroupRow): Promise<PermissionGroup> {
    const systemKey = systemKeyOf(row);
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      is_default: row.is_default === 1,
      is_system: systemKey !== null,
      system_key: systemKey,
      color: row.color,
      grants: await this.repository.grants(row.id),
      member_count: (await this.repository.memberIds(row.id)).length,
      hidden: [],
      age_limit: null,
      hide_unrated_roms: false,
    };
  }
}

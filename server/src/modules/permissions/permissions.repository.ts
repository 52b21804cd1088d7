import type { PermissionGrant, PermissionOverride } from '@romshelf/contract';
import { PERMISSION_ACTIONS, PERMISSION_ENTITIES } from '@romshelf/contract';

import type { Selectable } from 'kysely';

import type { Db } from '../../db/database.js';
import type { PermissionGroupTable } from '../../db/schema-permissions.js';

export type PermissionGroupRow = Selectable<PermissionGroupTable>;

/** What an account looks like to permissions: its role, its group. */
export interface PermissionAccount {
  id: number;
  role: string;
  permission_group_id: number | null;
}

const isEntity = (value: string): value is PermissionGrant['entity'] =>
  (PERMISSION_ENTITIES as readonly string[]).includes(value);
const isAction = (value: string): value is PermissionGrant['action'] =>
  (PERMISSION_ACTIONS as readonly string[]).includes(value);

/** Rows of the catalogue's vocabulary only (a later version's entity is ignored, not shown). */
function grantOf(row: { entity: string; action: string; own_only: number }): PermissionGrant[] {
  if (!isEntity(row.entity) || !isAction(row.action)) return [];
  return [{ entity: row.entity, action: row.action, own_only: row.own_only === 1 }];
}

/** Permission groups, their grants, per-user overrides, and who belongs to which group. */
export class PermissionsRepository {
  constructor(private readonly db: Db) {}

  async groups(): Promise<PermissionGroupRow[]> {
    return this.db.selectFrom('permission_group').selectAll().orderBy('id').execute();
  }

  async group(id: number): Promise<PermissionGroupRow | undefined> {
    return this.db
      .selectFrom('permission_group')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async groupByName(name: string): Promise<PermissionGroupRow | undefined> {
    return this.db
      .selectFrom('permission_group')
      .selectAll()
      .where('name', '=', name)
      .executeTakeFirst();
  }

  async defaultGroupId(): Promise<number | null> {
    const row = await this.db
      .selectFrom('permission_group')
      .select('id')
      .where('is_default', '=', 1)
      .orderBy('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  async grants(groupId: number): Promise<PermissionGrant[]> {
    const rows = await this.db
      .selectFrom('permission_group_grant')
      .select(['entity', 'action', 'own_only'])
      .where('group_id', '=', groupId)
      .orderBy('entity')
      .orderBy('action')
      .execute();
    return rows.flatMap(grantOf);
  }

  async overrides(userId: number): Promise<PermissionOverride[]> {
    const rows = await this.db
      .selectFrom('user_permission_override')
      .select(['entity', 'action', 'own_only', 'granted'])
      .where('user_id', '=', userId)
      .orderBy('entity')
      .orderBy('action')
      .execute();
    return rows.flatMap((row) =>
      grantOf(row).map((grant) => ({ ...grant, granted: row.granted === 1 })),
    );
  }

  async account(userId: number): Promise<PermissionAccount | undefined> {
    return this.db
      .selectFrom('user')
      .select(['id', 'role', 'permission_group_id'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  /** The ids of the group's members (the default group's include those without a group). */
  async memberIds(groupId: number): Promise<number[]> {
    const isDefault = (await this.defaultGroupId()) === groupId;
    const rows = await this.db
      .selectFrom('user')
      .select('id')
      .where((eb) =>
        isDefault
          ? eb.or([eb('permission_group_id', '=', groupId), eb('permission_group_id', 'is', null)])
          : eb('permission_group_id', '=', groupId),
      )
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  }

  async create(
    group: Pick<PermissionGroupRow, 'name' | 'description' | 'color'> & { is_default: boolean },
    grants: readonly PermissionGrant[],
    now: string,
  ): Promise<PermissionGroupRow> {
    return this.db.transaction().execute(async (trx) => {
      if (group.is_default)
        await trx.updateTable('permission_group').set({ is_default: 0 }).execute();
      const created = await trx
        .insertInto('permission_group')
        .values({
          name: group.name,
          description: group.description,
          color: group.color,
          is_default: group.is_default ? 1 : 0,
          system_key: null,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await replaceGrants(trx, created.id, grants);
      return created;
    });
  }

  async update(
    id: number,
    patch: Partial<Pick<PermissionGroupRow, 'name' | 'description' | 'color'>> & {
      is_default?: boolean;
    },
    grants: readonly PermissionGrant[] | null,
    now: string,
  ): Promise<PermissionGroupRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      if (patch.is_default === true) {
        await trx.updateTable('permission_group').set({ is_default: 0 }).execute();
      }
      const { is_default: isDefault, ...fields } = patch;
      const updated = await trx
        .updateTable('permission_group')
        .set({
          ...fields,
          ...(isDefault === undefined ? {} : { is_default: isDefault ? 1 : 0 }),
          updated_at: now,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (updated !== undefined && grants !== null) await replaceGrants(trx, id, grants);
      return updated;
    });
  }

  /** Deletes a group; its members move to the default group (a null group). */
  async delete(id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('user')
        .set({ permission_group_id: null })
        .where('permission_group_id', '=', id)
        .execute();
      await trx.deleteFrom('permission_group').where('id', '=', id).execute();
    });
  }

  async replaceOverrides(userId: number, overrides: readonly PermissionOverride[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('user_permission_override').where('user_id', '=', userId).execute();
      const rows = uniqueByKey(overrides).map((override) => ({
        user_id: userId,
        entity: override.entity,
        action: override.action,
        granted: override.granted ? 1 : 0,
        own_only: override.own_only ? 1 : 0,
      }));
      if (rows.length > 0) await trx.insertInto('user_permission_override').values(rows).execute();
    });
  }
}

/** The last of each (entity, action): a body naming one twice means its later word. */
function uniqueByKey<T extends Pick<PermissionGrant, 'entity' | 'action'>>(
  items: readonly T[],
): T[] {
  return [...new Map(items.map((item) => [`${item.entity}:${item.action}`, item])).values()];
}

async function replaceGrants(
  trx: Db,
  groupId: number,
  grants: readonly PermissionGrant[],
): Promise<void> {
  await trx.deleteFrom('permission_group_grant').where('group_id', '=', groupId).execute();
  const rows = uniqueByKey(grants).map((grant) => ({
    group_id: groupId,
    entity: grant.entity,
    action: grant.action,
    own_only: grant.own_only ? 1 : 0,
  }));
  if (rows.length > 0) await trx.insertInto('permission_group_grant').values(rows).execute();
}

import { sql } from 'kysely';

import type { Db } from '../../db/database.js';
import type { Withheld } from './visibility.js';

/** The entities that can be hidden (RomM's entity names). */
export type HiddenEntity = 'platforms' | 'roms';

/** One user, or every member of one permission group. */
export type Principal = { userId: number; groupId: null } | { userId: null; groupId: number };

export interface HiddenItemKey {
  entity: HiddenEntity;
  entityId: number;
  principal: Principal;
}

/** A hidden item with whom it is hidden from, named (the admins' "hidden from …" marks). */
export interface HiddenItemListing {
  entity: HiddenEntity;
  entity_id: number;
  user_id: number | null;
  group_id: number | null;
  principal_name: string;
}

/** Where something a request names lives: the ROM's platform, a file's or asset's ROM. */
export interface RomPlace {
  id: number;
  platform_id: number;
}

/** `hidden_items`, and the lookups that place a requested thing on its ROM and platform. */
export class HiddenItemsRepository {
  constructor(private readonly db: Db) {}

  /**
   * The platforms and ROMs hidden from the user, directly or through their group (their own,
   * or the default group when they have none).
   */
  async withheldFrom(userId: number): Promise<Withheld> {
    const groupOfUser = sql<number | null>`coalesce(
      (SELECT permission_group_id FROM ${sql.table('user')} WHERE id = ${userId}),
      (SELECT id FROM permission_group WHERE is_default = 1))`;
    const rows = await this.db
      .selectFrom('hidden_items')
      .select(['entity', 'entity_id'])
      .where((eb) => eb.or([eb('user_id', '=', userId), eb('group_id', '=', groupOfUser)]))
      .orderBy('entity_id')
      .execute();
    const idsOf = (entity: HiddenEntity) => [
      ...new Set(rows.filter((row) => row.entity === entity).map((row) => row.entity_id)),
    ];
    return { platformIds: idsOf('platforms'), romIds: idsOf('roms') };
  }

  /** The members of a permission group (the default group's include users without one). */
  async membersOf(groupId: number): Promise<number[]> {
    const isDefault = sql<boolean>`EXISTS (SELECT 1 FROM permission_group
      WHERE id = ${groupId} AND is_default = 1)`;
    const rows = await this.db
      .selectFrom('user')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('permission_group_id', '=', groupId),
          eb.and([eb('permission_group_id', 'is', null), isDefault]),
        ]),
      )
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  }

  async groupExists(groupId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('permission_group')
      .select('id')
      .where('id', '=', groupId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Hides an item (again: nothing changes). */
  async add(key: HiddenItemKey, now: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const existing = await this.matching(trx, key).select('id').executeTakeFirst();
      if (existing !== undefined) return;
      await trx
        .insertInto('hidden_items')
        .values({
          entity: key.entity,
          entity_id: key.entityId,
          user_id: key.principal.userId,
          group_id: key.principal.groupId,
          created_at: now,
        })
        .execute();
    });
  }

  /** Shows an item again (not hidden: nothing changes). */
  async remove(key: HiddenItemKey): Promise<void> {
    await this.db
      .deleteFrom('hidden_items')
      .where('entity', '=', key.entity)
      .where('entity_id', '=', key.entityId)
      .where(
        key.principal.userId === null ? 'group_id' : 'user_id',
        '=',
        key.principal.userId ?? key.principal.groupId,
      )
      .execute();
  }

  private matching(db: Db, key: HiddenItemKey) {
    const { userId, groupId } = key.principal;
    return db
      .selectFrom('hidden_items')
      .where('entity', '=', key.entity)
      .where('entity_id', '=', key.entityId)
      .where(userId === null ? 'group_id' : 'user_id', '=', userId ?? groupId);
  }

  /** Every hidden item with the name of whom it is hidden from, by entity and id. */
  async all(): Promise<HiddenItemListing[]> {
    const rows = await this.db
      .selectFrom('hidden_items')
      .leftJoin('user', 'user.id', 'hidden_items.user_id')
      .leftJoin('permission_group', 'permission_group.id', 'hidden_items.group_id')
      .select([
        'permission_group.name as group_name',
        'hidden_items.entity',
        'hidden_items.entity_id',
        'hidden_items.user_id',
        'hidden_items.group_id',
        'user.username',
      ])
      .orderBy('hidden_items.entity')
      .orderBy('hidden_items.entity_id')
      .orderBy('hidden_items.id')
      .execute();
    return rows.map((row) => ({
      entity: row.entity as HiddenEntity,
      entity_id: row.entity_id,
      user_id: row.user_id,
      group_id: row.group_id,
      principal_name: row.username ?? row.group_name ?? '',
    }));
  }

  async userExists(userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('user')
      .select('id')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async rom(romId: number): Promise<RomPlace | undefined> {
    return this.db
      .selectFrom('rom')
      .select(['id', 'platform_id'])
      .where('id', '=', romId)
      .executeTakeFirst();
  }

  /** The ROMs (with their platforms) among the given ids. */
  async roms(romIds: readonly number[]): Promise<RomPlace[]> {
    if (romIds.length === 0) return [];
    return this.db
      .selectFrom('rom')
      .select(['id', 'platform_id'])
      .where('id', 'in', [...romIds])
      .execute();
  }

  /** The ROM a file belongs to. */
  async romOfFile(fileId: number): Promise<RomPlace | undefined> {
    return this.db
      .selectFrom('rom_file')
      .innerJoin('rom', 'rom.id', 'rom_file.rom_id')
      .select(['rom.id', 'rom.platform_id'])
      .where('rom_file.id', '=', fileId)
      .executeTakeFirst();
  }

  /** The ROM a save, state or screenshot belongs to. */
  async romOfPlayAsset(assetId: number): Promise<RomPlace | undefined> {
    return this.db
      .selectFrom('play_asset')
      .innerJoin('rom', 'rom.id', 'play_asset.rom_id')
      .select(['rom.id', 'rom.platform_id'])
      .where('play_asset.id', '=', assetId)
      .executeTakeFirst();
  }

  async platformOfFirmware(firmwareId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('firmware')
      .select('platform_id')
      .where('id', '=', firmwareId)
      .executeTakeFirst();
    return row?.platform_id;
  }
}

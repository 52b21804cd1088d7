import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

import { engineOf } from '../engine.js';

/** The seeded groups, one per former role; their ids are fixed so clients may name them. */
const BUILT_INS = [
  { id: 1, key: 'viewer', name: 'Viewer', isDefault: 1 },
  { id: 2, key: 'editor', name: 'Editor', isDefault: 0 },
  { id: 3, key: 'admin', name: 'Administrator', isDefault: 0 },
] as const;

type Grant = readonly [entity: string, action: string, ownOnly: 0 | 1];

/** What everyone who may sign in reads and keeps of their own (RomShelf's viewer role). */
const VIEWER_GRANTS: readonly Grant[] = [
  ['emulation', 'read', 0],
  ...['roms', 'platforms', 'assets', 'devices', 'firmware', 'collections', 'playlists'].map(
    (entity): Grant => [entity, 'read', 0],
  ),
  ...['assets', 'devices', 'collections', 'playlists'].flatMap((entity): Grant[] => [
    [entity, 'write', 1],
    [entity, 'delete', 1],
  ]),
];

/** The viewer's grants plus editing the library (RomShelf's editor role). */
const EDITOR_GRANTS: readonly Grant[] = [
  ...VIEWER_GRANTS,
  ...['roms', 'platforms', 'firmware'].flatMap((entity): Grant[] => [
    [entity, 'write', 0],
    [entity, 'delete', 0],
  ]),
];

const ENTITIES = [
  'platforms',
  'roms',
  'collections',
  'playlists',
  'firmware',
  'assets',
  'devices',
  'users',
  'tasks',
  'logs',
  'streaming',
  'emulation',
];

/** Every grant there is (RomShelf's administrator role). */
const ADMIN_GRANTS: readonly Grant[] = ENTITIES.flatMap((entity) =>
  ['read', 'write', 'delete'].map((action): Grant => [entity, action, 0]),
);

const GRANTS_OF: Record<(typeof BUILT_INS)[number]['key'], readonly Grant[]> = {
  viewer: VIEWER_GRANTS,
  editor: EDITOR_GRANTS,
  admin: ADMIN_GRANTS,
};

/**
 * Permission groups (RomM 5.2): a user's access comes from their group plus per-user overrides.
 *
 * - `permission_group`: named sets of grants; `system_key` marks the three built-in groups
 *   (the former roles viewer, editor and admin, not deletable); exactly one `is_default` group
 *   (Viewer at first) is given to new users.
 * - `permission_group_grant`: the (entity, action) pairs a group holds; `own_only` limits a
 *   grant to what the member owns (their collections, saves, devices).
 * - `user_permission_override`: per-user grants (`granted` 1) and denials (0) on top of the group.
 * - `user.permission_group_id`: each user's group, set from their role for existing users.
 */
export const permissionGroups: Migration = {
  async up(db: Kysely<unknown>) {
    const now = new Date().toISOString();
    await db.schema
      .createTable('permission_group')
      .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      .addColumn('name', 'varchar(255)', (col) => col.notNull().unique())
      .addColumn('description', 'varchar(1000)', (col) => col.notNull().defaultTo(''))
      .addColumn('is_default', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('system_key', 'varchar(16)', (col) => col.unique())
      .addColumn('color', 'varchar(9)')
      .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
      .addColumn('updated_at', 'varchar(40)', (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('permission_group_grant')
      .addColumn('group_id', 'integer', (col) =>
        col.notNull().references('permission_group.id').onDelete('cascade'),
      )
      .addColumn('entity', 'varchar(20)', (col) => col.notNull())
      .addColumn('action', 'varchar(10)', (col) => col.notNull())
      .addColumn('own_only', 'integer', (col) => col.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('permission_group_grant_pk', ['group_id', 'entity', 'action'])
      .execute();
    await db.schema
      .createTable('user_permission_override')
      .addColumn('user_id', 'integer', (col) =>
        col.notNull().references('user.id').onDelete('cascade'),
      )
      .addColumn('entity', 'varchar(20)', (col) => col.notNull())
      .addColumn('action', 'varchar(10)', (col) => col.notNull())
      .addColumn('granted', 'integer', (col) => col.notNull())
      .addColumn('own_only', 'integer', (col) => col.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('user_permission_override_pk', ['user_id', 'entity', 'action'])
      .execute();

    for (const group of BUILT_INS) {
      await sql`INSERT INTO permission_group
        (id, name, description, is_default, system_key, color, created_at, updated_at)
        VALUES (${group.id}, ${group.name}, '', ${group.isDefault}, ${group.key}, NULL,
          ${now}, ${now})`.execute(db);
      for (const [entity, action, ownOnly] of GRANTS_OF[group.key]) {
        await sql`INSERT INTO permission_group_grant (group_id, entity, action, own_only)
          VALUES (${group.id}, ${entity}, ${action}, ${ownOnly})`.execute(db);
      }
    }
    if (engineOf(db) === 'postgres') {
      await sql`SELECT setval(pg_get_serial_sequence('permission_group', 'id'), 3)`.execute(db);
    }

    await db.schema
      .alterTable('user')
      .addColumn('permission_group_id', 'integer', (col) =>
        col.references('permission_group.id').onDelete('set null'),
      )
      .execute();
    await sql`UPDATE "user" SET permission_group_id = CASE role
      WHEN 'admin' THEN 3 WHEN 'editor' THEN 2 ELSE 1 END`.execute(db);
    await db.schema
      .createIndex('user_permission_group_idx')
      .on('user')
      .column('permission_group_id')
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('user_permission_group_idx').execute();
    await db.schema.alterTable('user').dropColumn('permission_group_id').execute();
    await db.schema.dropTable('user_permission_override').execute();
    await db.schema.dropTable('permission_group_grant').execute();
    await db.schema.dropTable('permission_group').execute();
  },
};

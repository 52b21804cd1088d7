import type { MyPermissions, PermissionGroup, User } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { seedRoles } from '../../../test/accounts.js';
import { ADMIN_AUTH, basic, buildTestApp } from '../../../test/build-test-app.js';
import { ROMM_PERMISSION_GROUP } from '../../../test/romm-models.js';
import { expectRommShape } from '../../../test/romm-shape.js';

const as = (user: { username: string; password: string }) => ({
  authorization: basic(user.username, user.password),
});

const global = (action: string) => ({ action, scope: { kind: 'global', id: null } });

describe('GET /api/permissions/me', () => {
  it("projects each role onto RomM's action keys", async () => {
    const { app } = await buildTestApp();
    const { viewer, editor } = await seedRoles(app);
    const me = async (headers: Record<string, string>) =>
      (await app.inject({ url: '/api/permissions/me', headers })).json<MyPermissions>();

    expect(await me(as(viewer))).toEqual({
      is_admin: false,
      grants: [
        'rom.view',
        'rom.play',
        'rom.download',
        'rom.favorite',
        'platform.view',
        'collection.view',
        'collection.create',
        'collection.edit',
        'collection.delete',
        'playlist.edit',
      ].map(global),
      hidden: { platforms: [], roms: [] },
    });
    expect(await me(as(editor))).toEqual({
      is_admin: false,
      grants: [
        'rom.view',
        'rom.play',
        'rom.download',
        'rom.upload',
        'rom.edit',
        'rom.delete',
        'rom.match',
        'rom.refresh',
        'rom.favorite',
        'platform.view',
        'platform.create',
        'platform.edit',
        'platform.delete',
        'collection.view',
        'collection.create',
        'collection.edit',
        'collection.delete',
        'playlist.edit',
        'library.scan',
      ].map(global),
      hidden: { platforms: [], roms: [] },
    });
    const admin = await me({ authorization: ADMIN_AUTH });
    expect(admin.is_admin).toBe(true);
    expect(admin.grants).toHaveLength(26);
    expect(admin.grants.at(-1)).toEqual(global('app.admin'));

    expect((await app.inject({ url: '/api/permissions/me' })).statusCode).toBe(401);
  });
});

describe('GET /api/permissions/groups', () => {
  it('lists the built-in Viewer and Editor groups to admins only', async () => {
    const { app } = await buildTestApp();
    const { viewer } = await seedRoles(app);
    const response = await app.inject({
      url: '/api/permissions/groups',
      headers: { authorization: ADMIN_AUTH },
    });
    expect(response.statusCode).toBe(200);
    const [viewers, editors] = response.json<PermissionGroup[]>();
    for (const group of [viewers, editors]) {
      expectRommShape(group, ROMM_PERMISSION_GROUP, `group ${group?.name}`);
    }
    expect(viewers).toMatchObject({
      id: 1,
      name: 'Viewer',
      is_default: true,
      is_system: true,
      system_key: 'viewer',
      color: null,
      member_count: 1,
      hidden: [],
      age_limit: null,
      hide_unrated_roms: false,
    });
    expect(viewers?.grants).toContainEqual({ entity: 'roms', action: 'read', own_only: false });
    expect(viewers?.grants).toContainEqual({
      entity: 'collections',
      action: 'write',
      own_only: true,
    });
    expect(viewers?.grants).not.toContainEqual(
      expect.objectContaining({ entity: 'platforms', action: 'write' }),
    );
    expect(editors).toMatchObject({
      id: 2,
      name: 'Editor',
      is_default: false,
      is_system: true,
      system_key: 'editor',
      member_count: 1,
    });
    expect(editors?.grants).toContainEqual({ entity: 'roms', action: 'delete', own_only: false });

    const denied = await app.inject({ url: '/api/permissions/groups', headers: as(viewer) });
    expect(denied.statusCode).toBe(403);
  });
});

describe('RomM user fields', () => {
  it('carry the permission group and no device', async () => {
    const { app } = await buildTestApp();
    const { viewer, editor } = await seedRoles(app);
    const users = (
      await app.inject({ url: '/api/users', headers: { authorization: ADMIN_AUTH } })
    ).json<User[]>();
    expect(
      users.map(({ id, permission_group_id, current_device_id }) => ({
        id,
        permission_group_id,
        current_device_id,
      })),
    ).toEqual([
      { id: 1, permission_group_id: 3, current_device_id: null },
      { id: viewer.id, permission_group_id: 1, current_device_id: null },
      { id: editor.id, permission_group_id: 2, current_device_id: null },
    ]);
  });

  it('PUT /api/users/{id} with an empty password leaves it unchanged, as RomM clients send', async () => {
    const { app } = await buildTestApp();
    const { viewer } = await seedRoles(app);
    const boundary = '----romshelf-user-form';
    const fields = { email: 'viewer@example.org', password: '' };
    const payload = Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('')
      .concat(`--${boundary}--\r\n`);
    const response = await app.inject({
      method: 'PUT',
      url: `/api/users/${viewer.id}`,
      headers: { ...as(viewer), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<User>().email).toBe('viewer@example.org');
    const again = await app.inject({ url: '/api/users/me', headers: as(viewer) });
    expect(again.statusCode).toBe(200);
  });
});

import type {
  PermissionGroup,
  PermissionsChangedPayload,
  User,
  UserPermissions,
} from '@romshelf/contract';
import { PERMISSION_EVENTS, WRITE_SCOPES } from '@romshelf/contract';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';

import { seedRoles } from '../../../test/accounts.js';
import { ADMIN_AUTH, basic, buildTestApp, login } from '../../../test/build-test-app.js';
import { connectSocket, disconnectTestSockets } from '../../../test/library-fixtures.js';
import { ROMM_PERMISSION_GROUP } from '../../../test/romm-models.js';
import { expectRommShape } from '../../../test/romm-shape.js';

afterEach(disconnectTestSockets);

const admin = { authorization: ADMIN_AUTH };
const as = (user: { username: string; password: string }) => ({
  authorization: basic(user.username, user.password),
});

async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = admin,
) {
  const response = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const body: unknown = response.body === '' ? null : response.json();
  return { status: response.statusCode, body };
}

const kidsGrants = [
  { entity: 'roms', action: 'read', own_only: false },
  { entity: 'platforms', action: 'read', own_only: false },
  { entity: 'emulation', action: 'read', own_only: false },
];

describe('permission groups', () => {
  it('serves the catalogue and lets admins create, edit and delete their groups', async () => {
    const { app } = await buildTestApp();
    const { viewer } = await seedRoles(app);

    expect(await call(app, 'GET', '/api/permissions/catalog')).toEqual({
      status: 200,
      body: {
        entities: [
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
        ],
        actions: ['read', 'write', 'delete'],
      },
    });

    const created = await call(app, 'POST', '/api/permissions/groups', {
      name: 'Kids',
      description: 'Play, nothing else',
      color: '#7c5cff',
      grants: kidsGrants,
    });
    expect(created.status).toBe(201);
    expectRommShape(created.body, ROMM_PERMISSION_GROUP, 'created group');
    const kids = created.body as PermissionGroup;
    expect(kids).toEqual({
      id: 4,
      name: 'Kids',
      description: 'Play, nothing else',
      is_default: false,
      is_system: false,
      system_key: null,
      color: '#7c5cff',
      grants: [
        { entity: 'emulation', action: 'read', own_only: false },
        { entity: 'platforms', action: 'read', own_only: false },
        { entity: 'roms', action: 'read', own_only: false },
      ],
      member_count: 0,
      hidden: [],
      age_limit: null,
      hide_unrated_roms: false,
    });
    expect(await call(app, 'POST', '/api/permissions/groups', { name: 'Kids' })).toEqual({
      status: 400,
      body: { detail: 'A group with that name already exists' },
    });
    expect(
      (await call(app, 'POST', '/api/permissions/groups', { name: 'x', grants: [{ entity: 'x' }] }))
        .status,
    ).toBe(422);

    const renamed = await call(app, 'PUT', `/api/permissions/groups/${kids.id}`, {
      name: 'Children',
      grants: [{ entity: 'roms', action: 'read' }],
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      name: 'Children',
      description: 'Play, nothing else',
      grants: [{ entity: 'roms', action: 'read', own_only: false }],
    });
    expect(
      await call(app, 'PUT', `/api/permissions/groups/${kids.id}`, { name: 'Viewer' }),
    ).toEqual({ status: 400, body: { detail: 'A group with that name already exists' } });
    expect(await call(app, 'PUT', '/api/permissions/groups/99', { name: 'x' })).toEqual({
      status: 404,
      body: { detail: 'Not found' },
    });
    expect(await call(app, 'PUT', '/api/permissions/groups/1', { is_default: false })).toEqual({
      status: 400,
      body: { detail: 'Set another group as default first' },
    });
    expect(await call(app, 'PUT', '/api/permissions/groups/3', { grants: kidsGrants })).toEqual({
      status: 400,
      body: { detail: 'The Administrator group holds every permission' },
    });

    for (const id of [1, 2, 3]) {
      expect(await call(app, 'DELETE', `/api/permissions/groups/${id}`)).toEqual({
        status: 400,
        body: { detail: 'Built-in groups cannot be deleted' },
      });
    }

    // The viewer joins the group, which is then deleted: they fall back to the default group.
    await call(app, 'PUT', `/api/permissions/users/${viewer.id}`, {
      permission_group_id: kids.id,
      set_group: true,
    });
    const groups = (await call(app, 'GET', '/api/permissions/groups')).body as PermissionGroup[];
    expect(groups.map((group) => [group.name, group.system_key, group.member_count])).toEqual([
      ['Viewer', 'viewer', 0],
      ['Editor', 'editor', 1],
      ['Administrator', 'admin', 1],
      ['Children', null, 1],
    ]);
    expect(await call(app, 'DELETE', `/api/permissions/groups/${kids.id}`)).toEqual({
      status: 200,
      body: null,
    });
    expect(await call(app, 'DELETE', `/api/permissions/groups/${kids.id}`)).toEqual({
      status: 404,
      body: { detail: 'Not found' },
    });
    const me = (await call(app, 'GET', '/api/users/me', undefined, as(viewer))).body as User;
    expect(me.permission_group_id).toBeNull();
    expect(me.oauth_scopes).toEqual([...WRITE_SCOPES]);
  });

  it('moves the default flag to one group at a time', async () => {
    const { app } = await buildTestApp();
    await seedRoles(app);
    const guests = (
      await call(app, 'POST', '/api/permissions/groups', {
        name: 'Guests',
        is_default: true,
        grants: kidsGrants,
      })
    ).body as PermissionGroup;
    const groups = (await call(app, 'GET', '/api/permissions/groups')).body as PermissionGroup[];
    expect(groups.filter((group) => group.is_default).map((group) => group.id)).toEqual([
      guests.id,
    ]);
    expect(await call(app, 'DELETE', `/api/permissions/groups/${guests.id}`)).toEqual({
      status: 400,
      body: { detail: 'Cannot delete the default group; set another default first' },
    });
    // A new viewer joins the default group.
    const created = await call(app, 'POST', '/api/users', {
      username: 'guest',
      password: 'guest-pass',
      role: 'viewer',
    });
    expect((created.body as User).permission_group_id).toBe(guests.id);
    expect((created.body as User).oauth_scopes).toEqual([
      'me.read',
      'roms.read',
      'platforms.read',
      'roms.user.read',
      'me.write',
      'roms.user.write',
    ]);
  });

  it('is for administrators only, whatever an override hands out', async () => {
    const { app } = await buildTestApp();
    const { viewer, editor } = await seedRoles(app);
    await call(app, 'PUT', `/api/permissions/users/${editor.id}`, {
      overrides: [
        { entity: 'users', action: 'read', granted: true },
        { entity: 'users', action: 'write', granted: true },
      ],
    });
    for (const user of [viewer, editor]) {
      for (const [method, url] of [
        ['GET', '/api/permissions/catalog'],
        ['GET', '/api/permissions/groups'],
        ['POST', '/api/permissions/groups'],
        ['PUT', '/api/permissions/groups/1'],
        ['DELETE', '/api/permissions/groups/1'],
        ['GET', `/api/permissions/users/${viewer.id}`],
        ['PUT', `/api/permissions/users/${viewer.id}`],
      ] as const) {
        const response = await call(app, method, url, { name: 'x' }, as(user));
        expect(response.status, `${user.username} ${method} ${url}`).toBe(403);
      }
    }
    expect((await call(app, 'GET', '/api/permissions/catalog', undefined, {})).status).toBe(401);
  });
});

describe('per-user grants and denials', () => {
  it('apply everywhere at once: HTTP, tokens, /me and the user shape', async () => {
    const { app } = await buildTestApp();
    const { viewer } = await seedRoles(app);
    const token = await app.inject({
      method: 'POST',
      url: '/api/client-tokens',
      headers: as(viewer),
      payload: { name: 'handheld', scopes: ['roms.read', 'platforms.read'] },
    });
    expect(token.statusCode, token.body).toBe(201);
    const bearer = { authorization: `Bearer ${token.json<{ raw_token: string }>().raw_token}` };
    expect((await call(app, 'GET', '/api/platforms', undefined, bearer)).status).toBe(200);

    const updated = await call(app, 'PUT', `/api/permissions/users/${viewer.id}`, {
      overrides: [
        { entity: 'platforms', action: 'read', granted: false },
        { entity: 'roms', action: 'write', granted: true },
      ],
    });
    expect(updated).toEqual({
      status: 200,
      body: {
        user_id: viewer.id,
        permission_group_id: 1,
        overrides: [
          { entity: 'platforms', action: 'read', granted: false, own_only: false },
          { entity: 'roms', action: 'write', granted: true, own_only: false },
        ],
        hidden: [],
        age_limit: null,
        hide_unrated_roms: null,
      } satisfies UserPermissions,
    });
    expect(await call(app, 'GET', `/api/permissions/users/${viewer.id}`)).toEqual(updated);

    // The denial reaches the session, Basic and the token (which never exceeds its user).
    expect((await call(app, 'GET', '/api/platforms', undefined, as(viewer))).status).toBe(403);
    expect((await call(app, 'GET', '/api/platforms', undefined, bearer)).status).toBe(403);
    const me = (await call(app, 'GET', '/api/users/me', undefined, as(viewer))).body as User;
    expect(me.oauth_scopes).not.toContain('platforms.read');
    expect(me.oauth_scopes).toContain('roms.write');
    const actions = (
      (await call(app, 'GET', '/api/permissions/me', undefined, as(viewer))).body as {
        grants: { action: string }[];
      }
    ).grants.map((grant) => grant.action);
    expect(actions).toContain('rom.edit');
    expect(actions).not.toContain('platform.view');

    // Clearing the overrides gives the group's back.
    await call(app, 'PUT', `/api/permissions/users/${viewer.id}`, { overrides: [] });
    expect((await call(app, 'GET', '/api/platforms', undefined, bearer)).status).toBe(200);
    expect(await call(app, 'GET', '/api/permissions/users/999')).toEqual({
      status: 404,
      body: { detail: 'Not found' },
    });
    expect(
      await call(app, 'PUT', `/api/permissions/users/${viewer.id}`, {
        permission_group_id: 99,
        set_group: true,
      }),
    ).toEqual({ status: 400, body: { detail: 'Permission group 99 does not exist' } });
  });

  it('tells the user’s open pages when their permissions change', async () => {
    const { app } = await buildTestApp();
    const { viewer } = await seedRoles(app);
    const socket = await connectSocket(app, await login(app, viewer.username, viewer.password));
    const heard = new Promise<PermissionsChangedPayload>((resolve) => {
      socket.once(PERMISSION_EVENTS.changed, resolve);
    });
    await call(app, 'PUT', `/api/permissions/users/${viewer.id}`, {
      permission_group_id: 2,
      set_group: true,
    });
    expect(await heard).toEqual({ user_id: viewer.id });
    const me = (await call(app, 'GET', '/api/users/me', undefined, as(viewer))).body as User;
    expect(me).toMatchObject({ role: 'editor', permission_group_id: 2 });
  });
});

describe('groups and roles', () => {
  it("follow each other: RomM's `user` with a group, viewer/editor/admin with theirs", async () => {
    const { app } = await buildTestApp();
    const { viewer, editor } = await seedRoles(app);
    const kids = (
      await call(app, 'POST', '/api/permissions/groups', {
        name: 'Kids',
        grants: kidsGrants,
      })
    ).body as PermissionGroup;

    // RomM 5.2's client sends role `user` with the group it picked.
    const moved = await call(app, 'PUT', `/api/users/${viewer.id}`, {
      role: 'user',
      permission_group_id: kids.id,
    });
    expect(moved.body).toMatchObject({
      role: 'viewer',
      permission_group_id: kids.id,
      oauth_scopes: [
        'me.read',
        'roms.read',
        'platforms.read',
        'roms.user.read',
        'me.write',
        'roms.user.write',
      ],
    });
    // A viewer in an admin-made group stays there when re-sent as a viewer.
    expect(
      (await call(app, 'PUT', `/api/users/${viewer.id}`, { role: 'viewer' })).body,
    ).toMatchObject({
      permission_group_id: kids.id,
    });
    // Editor and admin roles move to their built-in groups, and back to viewers.
    const promoted = await call(app, 'PUT', `/api/users/${viewer.id}`, { role: 'editor' });
    expect(promoted.body).toMatchObject({ role: 'editor', permission_group_id: 2 });
    const demoted = await call(app, 'PUT', `/api/users/${editor.id}`, { role: 'viewer' });
    expect(demoted.body).toMatchObject({ role: 'viewer', permission_group_id: 1 });
    const toAdmin = await call(app, 'PUT', `/api/permissions/users/${editor.id}`, {
      permission_group_id: 3,
      set_group: true,
    });
    expect(toAdmin.body).toMatchObject({ permission_group_id: 3 });
    expect(
      ((await call(app, 'GET', '/api/users/me', undefined, as(editor))).body as User).role,
    ).toBe('admin');

    // Created straight into a group.
    const created = await call(app, 'POST', '/api/users', {
      username: 'kid',
      password: 'kid-password',
      role: 'user',
      permission_group_id: String(kids.id),
    });
    expect(created.body).toMatchObject({ role: 'viewer', permission_group_id: kids.id });

    // The last administrator keeps the Administrator group.
    expect(
      await call(app, 'PUT', `/api/permissions/users/1`, {
        permission_group_id: 1,
        set_group: true,
      }),
    ).toEqual({ status: 400, body: { detail: 'You cannot change your own role' } });
  });
});

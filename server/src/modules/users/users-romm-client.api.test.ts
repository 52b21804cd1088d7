import type { User } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { addUser, seedRoles, tokenRequest } from '../../../test/accounts.js';
import type { TestUser } from '../../../test/accounts.js';
import { ADMIN, basic, buildTestApp } from '../../../test/build-test-app.js';
import { multipartForm, pngImage } from '../../../test/form-bodies.js';
import { ROMM_INVITE_LINK, ROMM_TOKEN, ROMSHELF_USER } from '../../../test/romm-models.js';
import { expectRommShape } from '../../../test/romm-shape.js';
import { USER_FORM_MAX_FIELDS } from './users.form.js';

const asAdmin = { authorization: basic(ADMIN.username, ADMIN.password) };
const as = (user: { username: string; password: string }) => ({
  authorization: basic(user.username, user.password),
});

/**
 * The form RomM's web client sends to `PUT /api/users/{id}`: the user it shows, every field as
 * text (null ones left out), the new password (empty: unchanged), and fields of RomM's own user
 * model that RomShelf does not have — 24 text fields in all.
 */
function rommUserForm(user: User, changes: Record<string, string>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(user)) {
    if (value === null) continue;
    fields[key] = typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  const romm = { netplayid: '', kiosk: 'false', age_limit: '', hide_unrated_roms: 'false' };
  const form: Record<string, string> = { ...fields, password: '', ...romm, ...changes };
  while (Object.keys(form).length < 24) form[`romm_field_${Object.keys(form).length}`] = '';
  return form;
}

async function userOf(app: Awaited<ReturnType<typeof buildTestApp>>['app'], user: TestUser) {
  return (await app.inject({ url: '/api/users/me', headers: as(user) })).json<User>();
}

describe("RomM's web client: creating users with RomM 5's roles", () => {
  it("takes `user` as a viewer and RomM 4's viewer and editor as they are", async () => {
    const { app } = await buildTestApp();
    await seedRoles(app);
    const create = (username: string, role: string) =>
      app.inject({
        method: 'POST',
        url: '/api/users',
        headers: asAdmin,
        payload: { username, password: `${username}-password`, email: '', role },
      });
    for (const [username, role, stored, group] of [
      ['player_user', 'user', 'viewer', 1],
      ['player_viewer', 'viewer', 'viewer', 1],
      ['player_editor', 'editor', 'editor', 2],
      ['player_admin', 'admin', 'admin', 3],
    ] as const) {
      const response = await create(username, role);
      expect(response.statusCode, response.body).toBe(201);
      expectRommShape(response.json(), ROMSHELF_USER, `POST ${role}`);
      expect(response.json<User>()).toMatchObject({
        username,
        role: stored,
        permission_group_id: group,
      });
    }
    const unknown = await create('player_guest', 'guest');
    expect(unknown.statusCode).toBe(422);
  });

  it('answers `user` in invite links as a viewer', async () => {
    const { app } = await buildTestApp();
    await seedRoles(app);
    const invite = await app.inject({
      method: 'POST',
      url: '/api/users/invite-link?role=user',
      headers: asAdmin,
    });
    expect(invite.statusCode, invite.body).toBe(201);
    expectRommShape(invite.json(), ROMM_INVITE_LINK, 'POST /api/users/invite-link');
    const registered = await app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: {
        username: 'invited',
        email: '',
        password: 'invited-password',
        token: invite.json<{ token: string }>().token,
      },
    });
    expect(registered.json<User>().role).toBe('viewer');
  });

  it('takes `user` in an edit as "not an admin": admins become viewers, others keep their role', async () => {
    const { app } = await buildTestApp();
    const { editor, viewer } = await seedRoles(app);
    const other = await addUser(app, 'second_admin', 'admin');
    const edit = (id: number, auth: Record<string, string>, payload: object) =>
      app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: auth, payload });
    const kept = await edit(editor.id, asAdmin, { role: 'user', email: 'ed@example.com' });
    expect(kept.json<User>()).toMatchObject({ role: 'editor', email: 'ed@example.com' });
    expect((await edit(viewer.id, asAdmin, { role: 'user' })).json<User>().role).toBe('viewer');
    expect((await edit(other.id, asAdmin, { role: 'user' })).json<User>().role).toBe('viewer');
    // RomM's client sends the role back when people edit their own profile: not a role change.
    const own = await edit(editor.id, as(editor), { role: 'user', ra_username: 'EdPlays' });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<User>()).toMatchObject({ role: 'editor', ra_username: 'EdPlays' });
  });
});

describe("RomM's web client: PUT /api/users/{id} with its whole form", () => {
  it('accepts the 24 fields and the avatar, applying what RomShelf knows', async () => {
    const { app } = await buildTestApp();
    const { viewer } = await seedRoles(app);
    const form = rommUserForm(await userOf(app, viewer), { ra_username: 'RetroFan' });
    expect(Object.keys(form)).toHaveLength(24);
    const body = multipartForm(form, [
      { name: 'avatar', filename: 'me.png', type: 'image/png', data: await pngImage(64, 64) },
    ]);
    const response = await app.inject({
      method: 'PUT',
      url: `/api/users/${viewer.id}`,
      headers: { ...as(viewer), ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    expectRommShape(response.json(), ROMSHELF_USER, 'PUT /api/users/{id}');
    expect(response.json<User>()).toMatchObject({
      username: 'viewer',
      role: 'viewer',
      enabled: true,
      ra_username: 'RetroFan',
    });
    expect(response.json<User>().avatar_path).toMatch(/^\/api\/users\/\d+\/avatar\?ts=\d+$/);
  });

  it(`still refuses more than ${USER_FORM_MAX_FIELDS} fields`, async () => {
    const { app } = await buildTestApp();
    const { viewer } = await seedRoles(app);
    const fields = Object.fromEntries(
      Array.from({ length: USER_FORM_MAX_FIELDS + 1 }, (_, index) => [`field_${index}`, 'x']),
    );
    const body = multipartForm(fields);
    const response = await app.inject({
      method: 'PUT',
      url: `/api/users/${viewer.id}`,
      headers: { ...as(viewer), ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(413);
  });

  it('refuses your own new password without the current one, saying so, and keeps the old', async () => {
    const { app } = await buildTestApp();
    const { viewer } = await seedRoles(app);
    const body = multipartForm(
      rommUserForm(await userOf(app, viewer), { password: 'brand-new-password' }),
    );
    const response = await app.inject({
      method: 'PUT',
      url: `/api/users/${viewer.id}`,
      headers: { ...as(viewer), ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail:
        "Current password is required to change your password. RomM's apps do not send it: change it on RomShelf's profile page",
    });
    expect((await app.inject({ url: '/api/users/me', headers: as(viewer) })).statusCode).toBe(200);
  });
});

describe('user answers carry RomM 5 fields, names, types and nullability', () => {
  it('GET /api/users, /api/users/{id}, /api/users/me and the password grant', async () => {
    const { app } = await buildTestApp();
    const { viewer } = await seedRoles(app);
    const list = (await app.inject({ url: '/api/users', headers: asAdmin })).json<User[]>();
    expect(list).toHaveLength(3);
    for (const user of list)
      expectRommShape(user, ROMSHELF_USER, `GET /api/users[${user.username}]`);
    const one = await app.inject({ url: `/api/users/${viewer.id}`, headers: asAdmin });
    expectRommShape(one.json(), ROMSHELF_USER, 'GET /api/users/{id}');
    expectRommShape(await userOf(app, viewer), ROMSHELF_USER, 'GET /api/users/me');
    const token = await tokenRequest(app, {
      grant_type: 'password',
      username: viewer.username,
      password: viewer.password,
    });
    expectRommShape(token.json(), ROMM_TOKEN, 'POST /api/token');
  });
});

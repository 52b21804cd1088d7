import type { User } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { seedRoles } from '../../../test/accounts.js';
import type { TestUser } from '../../../test/accounts.js';
import { basic, buildTestApp } from '../../../test/build-test-app.js';

const as = (user: TestUser) => ({ authorization: basic(user.username, user.password) });

describe('share_activity on the user', () => {
  it('is on for every new account and shown wherever the user is', async () => {
    const { app } = await buildTestApp();
    const { admin, viewer, editor } = await seedRoles(app);
    const me = await app.inject({ url: '/api/users/me', headers: as(viewer) });
    expect(me.json<User>().share_activity).toBe(true);
    const list = await app.inject({ url: '/api/users', headers: as(admin) });
    expect(list.json<User[]>().map(({ id, share_activity }) => ({ id, share_activity }))).toEqual([
      { id: admin.id, share_activity: true },
      { id: viewer.id, share_activity: true },
      { id: editor.id, share_activity: true },
    ]);
  });

  it('is turned off and on again by the user', async () => {
    const { app } = await buildTestApp();
    const { viewer } = await seedRoles(app);
    const off = await app.inject({
      method: 'PUT',
      url: `/api/users/${viewer.id}`,
      headers: as(viewer),
      payload: { share_activity: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<User>().share_activity).toBe(false);
    const me = await app.inject({ url: '/api/users/me', headers: as(viewer) });
    expect(me.json<User>().share_activity).toBe(false);

    const on = await app.inject({
      method: 'PUT',
      url: `/api/users/${viewer.id}`,
      headers: as(viewer),
      payload: { share_activity: true },
    });
    expect(on.json<User>().share_activity).toBe(true);
  });

  it("is someone else's to change only with users.write", async () => {
    const { app } = await buildTestApp();
    const { admin, viewer, editor } = await seedRoles(app);
    const refused = await app.inject({
      method: 'PUT',
      url: `/api/users/${editor.id}`,
      headers: as(viewer),
      payload: { share_activity: false },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'Forbidden' });
    const kept = await app.inject({ url: '/api/users/me', headers: as(editor) });
    expect(kept.json<User>().share_activity).toBe(true);

    const byAdmin = await app.inject({
      method: 'PUT',
      url: `/api/users/${editor.id}`,
      headers: as(admin),
      payload: { share_activity: false },
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json<User>().share_activity).toBe(false);
  });
});

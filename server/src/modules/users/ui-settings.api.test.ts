import { UI_SETTINGS_DEFAULTS } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { addUser, seedRoles } from '../../../test/accounts.js';
import {
  ADMIN,
  basic,
  buildTestApp,
  createFirstAdmin,
  login,
} from '../../../test/build-test-app.js';

const as = (user: { username: string; password: string }) => ({
  authorization: basic(user.username, user.password),
});

describe('interface settings in ui_settings', () => {
  it('gives every new account the default interface settings', async () => {
    const { app } = await buildTestApp();
    await createFirstAdmin(app);
    const viewer = await addUser(app, 'newcomer', 'viewer');
    for (const user of [ADMIN, viewer]) {
      const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: as(user) });
      expect(me.statusCode).toBe(200);
      expect(me.json<{ ui_settings: unknown }>().ui_settings).toEqual(UI_SETTINGS_DEFAULTS);
    }
  });

  it('follows the user from one session to another', async () => {
    const { app } = await buildTestApp();
    const { viewer } = await seedRoles(app);
    const first = await login(app, viewer.username, viewer.password);
    const chosen = {
      ...UI_SETTINGS_DEFAULTS,
      showRecentRoms: false,
      platformsGroupBy: 'generation',
      galleryView: 'list',
      disableAnimations: true,
      theme: 'light',
    };
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/users/${viewer.id}`,
      headers: { cookie: first.cookie, 'x-csrftoken': first.csrf },
      payload: { ui_settings: JSON.stringify(chosen) },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<{ ui_settings: unknown }>().ui_settings).toEqual(chosen);

    const second = await login(app, viewer.username, viewer.password);
    const me = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { cookie: second.cookie },
    });
    expect(me.json<{ ui_settings: unknown }>().ui_settings).toEqual(chosen);
  });

  it("keeps keys other apps store beside RomShelf's", async () => {
    const { app } = await buildTestApp();
    const { editor } = await seedRoles(app);
    const response = await app.inject({
      method: 'PUT',
      url: `/api/users/${editor.id}`,
      headers: as(editor),
      payload: { ui_settings: { groupRoms: false, enable3DEffect: true, widgetOrder: 'a,b' } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ ui_settings: unknown }>().ui_settings).toEqual({
      groupRoms: false,
      enable3DEffect: true,
      widgetOrder: 'a,b',
    });
  });

  it('refuses a known setting of the wrong type and keeps what was stored', async () => {
    const { app } = await buildTestApp();
    const { viewer } = await seedRoles(app);
    for (const ui_settings of [
      { groupRoms: 'yes' },
      { galleryView: 'huge' },
      { platformsGroupBy: 'colour' },
      { theme: 3 },
    ]) {
      const response = await app.inject({
        method: 'PUT',
        url: `/api/users/${viewer.id}`,
        headers: as(viewer),
        payload: { ui_settings },
      });
      expect(response.statusCode, JSON.stringify(ui_settings)).toBe(422);
      expect(response.json()).toHaveProperty('detail');
    }
    const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: as(viewer) });
    expect(me.json<{ ui_settings: unknown }>().ui_settings).toEqual(UI_SETTINGS_DEFAULTS);
  });

  it("does not let one user change another's settings", async () => {
    const { app } = await buildTestApp();
    const { viewer, editor } = await seedRoles(app);
    const response = await app.inject({
      method: 'PUT',
      url: `/api/users/${editor.id}`,
      headers: as(viewer),
      payload: { ui_settings: { showStats: false } },
    });
    expect(response.statusCode).toBe(403);
    const other = await app.inject({ method: 'GET', url: '/api/users/me', headers: as(editor) });
    expect(other.json<{ ui_settings: { showStats: boolean } }>().ui_settings.showStats).toBe(true);
  });
});

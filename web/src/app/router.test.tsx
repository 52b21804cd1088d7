import { ROLE_SCOPES, UserSchema } from '@romshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useAuthStore } from '@/shared/stores/auth-store';
import { useHeartbeatStore } from '@/shared/stores/heartbeat-store';
import { ADMIN_USER, HEARTBEAT, createFakeFetch } from '@/test/fake-fetch';
import { createTestI18n } from '@/test/i18n';

import { routes } from './router';

async function renderAt(url: string) {
  const i18n = await createTestI18n();
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return router;
}

function setSetupWizard(show: boolean) {
  useHeartbeatStore
    .getState()
    .setHeartbeat({ ...HEARTBEAT, SYSTEM: { ...HEARTBEAT.SYSTEM, SHOW_SETUP_WIZARD: show } });
}

describe('guarded routes', () => {
  beforeEach(() => {
    // jsdom has no scrolling; ScrollRestoration calls it on every navigation.
    vi.stubGlobal('scrollTo', () => undefined);
    useAuthStore.getState().reset();
    setSetupWizard(false);
    document.title = 'RomShelf';
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends everything to the setup wizard while it is pending', async () => {
    setSetupWizard(true);
    const router = await renderAt('/');
    await screen.findByTestId('setup-form');
    expect(router.state.location.pathname).toBe('/setup');
    await waitFor(() => expect(document.title).toBe('Setup wizard | RomShelf'));
  });

  it('sends a signed-out visitor to login with next', async () => {
    const router = await renderAt('/platform/4');
    await screen.findByTestId('login-form');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?next=%2Fplatform%2F4');
  });

  it('shows not-found for a route the user lacks scopes for, with the default title', async () => {
    useAuthStore
      .getState()
      .setUser(UserSchema.parse({ ...ADMIN_USER, role: 'viewer', oauth_scopes: ['me.read'] }));
    const router = await renderAt('/administration');
    await screen.findByTestId('not-found');
    expect(router.state.location.pathname).toBe('/administration');
    expect(screen.queryByTestId('nav-administration')).toBeNull();
    expect(document.title).toBe('RomShelf');
  });

  it("shows not-found for the wizard's library step to a viewer, without asking the server", async () => {
    const fake = createFakeFetch({});
    vi.stubGlobal('fetch', fake.fetch);
    useAuthStore
      .getState()
      .setUser(
        UserSchema.parse({ ...ADMIN_USER, role: 'viewer', oauth_scopes: ROLE_SCOPES.viewer }),
      );
    const router = await renderAt('/setup/library');
    await screen.findByTestId('not-found');
    expect(router.state.location.pathname).toBe('/setup/library');
    expect(screen.queryByTestId('setup-library')).toBeNull();
    expect(fake.calls.map((call) => call.url).filter((url) => url.includes('/setup/'))).toEqual([]);
    expect(document.title).toBe('RomShelf');
  });

  it.each(['/scan', '/library-management', '/administration', '/administration/tasks'])(
    'keeps the admin page %s out of reach of a viewer',
    async (path) => {
      vi.stubGlobal('fetch', createFakeFetch({}).fetch);
      useAuthStore
        .getState()
        .setUser(
          UserSchema.parse({ ...ADMIN_USER, role: 'viewer', oauth_scopes: ROLE_SCOPES.viewer }),
        );
      await renderAt(path);
      expect((await screen.findByTestId('not-found')).textContent).toContain('Page not found');
    },
  );

  it('sends a signed-in user at /setup home', async () => {
    // An empty library: home shows its "nothing scanned yet" state.
    vi.stubGlobal(
      'fetch',
      createFakeFetch({
        'GET /api/platforms': { status: 200, json: [] },
        'GET /api/roms': {
          status: 200,
          json: { items: [], total: 0, limit: 15, offset: 0, char_index: {} },
        },
        'GET /api/library/info': {
          status: 200,
          json: {
            library_path: '/data/library',
            structure: 'roms/{platform}',
            platform_folders: [],
          },
        },
      }).fetch,
    );
    useAuthStore.getState().setUser(UserSchema.parse(ADMIN_USER));
    const router = await renderAt('/setup');
    await screen.findByTestId('home-empty');
    expect((await screen.findByTestId('library-example')).textContent).toBe(
      '/data/library/roms/snes/',
    );
    expect(router.state.location.pathname).toBe('/');
    await waitFor(() => expect(document.title).toBe('Home | RomShelf'));
  });

  it("puts the platform's name first in the tab title, and the page's title once it is left", async () => {
    const nes = {
      id: 4,
      slug: 'nes',
      fs_slug: 'nes',
      name: 'Nintendo Entertainment System',
      display_name: 'Nintendo Entertainment System',
      custom_name: null,
      rom_count: 0,
      fs_size_bytes: 0,
      category: 'Console',
      firmware: [],
    };
    vi.stubGlobal(
      'fetch',
      createFakeFetch({
        'GET /api/platforms': { status: 200, json: [nes] },
        'GET /api/roms': {
          status: 200,
          json: { items: [], total: 0, limit: 72, offset: 0, char_index: {} },
        },
      }).fetch,
    );
    useAuthStore.getState().setUser(UserSchema.parse(ADMIN_USER));
    const router = await renderAt('/platform/4');
    await waitFor(() => expect(document.title).toBe('Nintendo Entertainment System | RomShelf'));
    await router.navigate('/user-interface');
    await waitFor(() => expect(document.title).toBe('User interface | RomShelf'));
  });

  it('renders the not-found page for unknown paths', async () => {
    useAuthStore.getState().setUser(UserSchema.parse(ADMIN_USER));
    await renderAt('/nope');
    expect((await screen.findByTestId('not-found')).textContent).toContain('Page not found');
  });
});

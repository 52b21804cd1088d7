import { UserSchema } from '@romshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { usePageNameStore } from '@/lib/page-name';
import { useAuthStore } from '@/shared/stores/auth-store';
import { ADMIN_USER, clearCookies, createFakeFetch } from '@/test/fake-fetch';
import { createTestI18n } from '@/test/i18n';

import { ProfilePage } from './profile-page';

async function renderProfile(url = '/user/1') {
  const i18n = await createTestI18n();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/user/:user" element={<ProfilePage />} />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return screen.findByTestId<HTMLInputElement>('profile-username-input');
}

beforeEach(() => {
  clearCookies();
  useAuthStore.getState().setUser(UserSchema.parse(ADMIN_USER));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAuthStore.getState().reset();
});

describe('profile username', () => {
  it('checks the new name with the registration rules, then saves it and signs in as it', async () => {
    const api = createFakeFetch({
      'GET /api/users/1': { status: 200, json: ADMIN_USER },
      'PUT /api/users/1': { status: 200, json: { ...ADMIN_USER, username: 'night_owl' } },
    });
    vi.stubGlobal('fetch', api.fetch);
    const input = await renderProfile();
    expect(input.value).toBe('admin');

    fireEvent.change(input, { target: { value: 'ab' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('Username must be at least 3 characters')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'night owl' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(
      await screen.findByText('Username may only contain letters, digits, "_" and "-"'),
    ).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([]);

    fireEvent.change(input, { target: { value: 'Night_Owl' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    await screen.findByTestId('profile-account-success');
    const puts = api.calls.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => JSON.parse(call.body ?? '') as unknown)).toEqual([
      { username: 'Night_Owl' },
    ]);
    await waitFor(() => expect(useAuthStore.getState().user?.username).toBe('night_owl'));
    expect(input.value).toBe('night_owl');
  });

  it("names the page in the tab title: one's own profile, or whose it is", async () => {
    const other = { ...ADMIN_USER, id: 2, username: 'night_owl', role: 'viewer' };
    useAuthStore.getState().setUser(
      UserSchema.parse({
        ...ADMIN_USER,
        oauth_scopes: [...ADMIN_USER.oauth_scopes, 'users.read'],
      }),
    );
    vi.stubGlobal(
      'fetch',
      createFakeFetch({
        'GET /api/users/1': { status: 200, json: ADMIN_USER },
        'GET /api/users/2': { status: 200, json: other },
      }).fetch,
    );
    await renderProfile();
    expect(usePageNameStore.getState().name).toBe('Profile');
    cleanup();
    await renderProfile('/user/2');
    await waitFor(() => expect(usePageNameStore.getState().name).toBe("night_owl's profile"));
  });
});

describe('sharing what I play', () => {
  it('turns the sharing of play activity off with the switch and shows it off', async () => {
    const api = createFakeFetch({
      'GET /api/users/1': { status: 200, json: ADMIN_USER },
      'PUT /api/users/1': { status: 200, json: { ...ADMIN_USER, share_activity: false } },
    });
    vi.stubGlobal('fetch', api.fetch);
    await renderProfile();
    const card = screen.getByTestId('profile-activity');
    expect(card.textContent).toContain('Share what I play');
    expect(card.textContent).toContain(
      'Others see what you are playing now, and your play time on game pages.',
    );
    const toggle = screen.getByTestId<HTMLInputElement>('profile-share-activity');
    expect(toggle.checked).toBe(true);

    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.checked).toBe(false));
    const puts = api.calls.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => JSON.parse(call.body ?? '') as unknown)).toEqual([
      { share_activity: false },
    ]);
    expect(useAuthStore.getState().user?.share_activity).toBe(false);
  });
});

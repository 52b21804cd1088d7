import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useAuthStore } from '@/shared/stores/auth-store';
import { ADMIN_USER, clearCookies, createFakeFetch } from '@/test/fake-fetch';
import type { FakeAnswer } from '@/test/fake-fetch';
import { createTestI18n } from '@/test/i18n';

import { LoginPage } from './login-page';

async function renderLogin(url: string) {
  const i18n = await createTestI18n();
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <p data-testid="landed">landed</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return router;
}

function fillAndSubmit(username: string, password: string) {
  fireEvent.change(screen.getByTestId('login-username'), { target: { value: username } });
  fireEvent.change(screen.getByTestId('login-password'), { target: { value: password } });
  fireEvent.click(screen.getByTestId('login-submit'));
}

describe('login page', () => {
  beforeEach(() => {
    clearCookies();
    useAuthStore.getState().reset();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('renders the translated form', async () => {
    await renderLogin('/login');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Login');
    expect(screen.getByTestId('login-submit').textContent).toBe('Log in');
  });

  it('shows the server detail inline on 401 and stays signed out', async () => {
    const fake = createFakeFetch({
      'POST /api/login': { status: 401, json: { detail: 'Incorrect username or password' } },
    });
    vi.stubGlobal('fetch', fake.fetch);
    const router = await renderLogin('/login');
    fillAndSubmit('admin', 'wrong-password');

    const alert = await screen.findByTestId('login-error');
    expect(alert.textContent).toBe('Incorrect username or password');
    expect(router.state.location.pathname).toBe('/login');
    expect(useAuthStore.getState().user).toBeNull();
    expect(fake.calls[0]?.headers.get('authorization')).toBe(
      `Basic ${btoa('admin:wrong-password')}`,
    );
  });

  it('asks for both fields before calling the server', async () => {
    const fake = createFakeFetch({});
    vi.stubGlobal('fetch', fake.fetch);
    await renderLogin('/login');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toBe(
      'Enter your username and password',
    );
    expect(fake.calls).toHaveLength(0);
  });

  it('signs in, loads the user and goes to next', async () => {
    const config: FakeAnswer = { status: 500, json: { detail: 'no config' } };
    vi.stubGlobal(
      'fetch',
      createFakeFetch({
        'POST /api/login': { status: 200, json: { msg: 'Successfully logged in' } },
        'GET /api/users/me': { status: 200, json: ADMIN_USER },
        'GET /api/config': config,
      }).fetch,
    );
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = await renderLogin('/login?next=%2Fplatform%2F3');
    fillAndSubmit('admin', 'secret-pass');
    await screen.findByTestId('landed');
    expect(router.state.location.pathname).toBe('/platform/3');
    expect(useAuthStore.getState().user?.username).toBe('admin');
    await waitFor(() => expect(log).toHaveBeenCalled());
    log.mockRestore();
  });
});

import { ROLE_SCOPES, UserSchema } from '@romshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';

import { useAuthStore } from '@/shared/stores/auth-store';
import { ADMIN_USER } from '@/test/fake-fetch';
import { createTestI18n } from '@/test/i18n';

import { MainBar } from './main-bar';

async function renderBar(role: 'admin' | 'viewer') {
  useAuthStore
    .getState()
    .setUser(UserSchema.parse({ ...ADMIN_USER, role, oauth_scopes: ROLE_SCOPES[role] }));
  const i18n = await createTestI18n();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/search']}>
          <MainBar collapsed={false} />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('main bar', () => {
  afterEach(() => {
    cleanup();
    useAuthStore.getState().reset();
  });

  it('links its pages (new tab, middle click) and keeps drawers and actions as buttons, each in a list item', async () => {
    await renderBar('admin');
    const entry = (id: string) => screen.getByTestId(`nav-${id}`);
    expect(entry('home').tagName).toBe('A');
    expect(entry('home').getAttribute('href')).toBe('/');
    expect(entry('search').getAttribute('href')).toBe('/search');
    expect(entry('search').getAttribute('aria-current')).toBe('page');
    expect(entry('home').getAttribute('aria-current')).toBeNull();
    expect(entry('administration').getAttribute('href')).toBe('/administration');
    expect(entry('tasks').getAttribute('href')).toBe('/administration/tasks');
    for (const id of ['platforms', 'collections', 'random', 'upload', 'settings']) {
      expect(entry(id).getAttribute('role')).toBe('button');
      expect(entry(id).getAttribute('href')).toBeNull();
    }
    const list = screen.getByTestId('main-bar').querySelector('ul');
    expect([...(list?.children ?? [])].map((child) => child.tagName)).toEqual(
      Array.from({ length: 12 }, () => 'LI'),
    );
  });

  it('shows a viewer no admin-only entry', async () => {
    await renderBar('viewer');
    const hrefs = [...screen.getByTestId('main-bar').querySelectorAll('a')].map((link) =>
      link.getAttribute('href'),
    );
    expect(hrefs).toEqual(['/', '/search', '/server-stats']);
  });
});

import { describe, expect, it, vi } from 'vitest';

import { decideNavigation, safeDecideNavigation } from './guard';
import type { GuardInput } from './guard';

const user = { id: 1 };
const input = (
  overrides: Partial<GuardInput> & { path: string; routeScopes?: string[] },
): GuardInput => ({
  showSetupWizard: overrides.showSetupWizard ?? false,
  user: overrides.user === undefined ? user : overrides.user,
  scopes: overrides.scopes ?? [],
  route: { path: overrides.path, search: '', scopes: overrides.routeScopes ?? [] },
});

describe('decideNavigation', () => {
  it('1. setup wizard pending: every route goes to /setup, setup itself is allowed', () => {
    for (const path of ['/', '/login', '/register', '/reset-password', '/scan', '/nope']) {
      expect(decideNavigation(input({ path, showSetupWizard: true, user: null }))).toEqual({
        allow: false,
        redirect: '/setup',
      });
    }
    expect(decideNavigation(input({ path: '/setup', showSetupWizard: true, user: null }))).toEqual({
      allow: true,
    });
    // Even a signed-in user is sent to setup while the server asks for it.
    expect(decideNavigation(input({ path: '/', showSetupWizard: true }))).toEqual({
      allow: false,
      redirect: '/setup',
    });
  });

  it('2. signed out: only login, reset-password and register are open', () => {
    for (const path of ['/login', '/reset-password', '/register']) {
      expect(decideNavigation(input({ path, user: null }))).toEqual({ allow: true });
    }
    expect(decideNavigation(input({ path: '/', user: null }))).toEqual({
      allow: false,
      redirect: '/login',
    });
    expect(decideNavigation(input({ path: '/platform/3', user: null }))).toEqual({
      allow: false,
      redirect: '/login?next=%2Fplatform%2F3',
    });
    expect(decideNavigation(input({ path: '/setup', user: null }))).toEqual({
      allow: false,
      redirect: '/login?next=%2Fsetup',
    });
  });

  it('2. keeps the query of the wanted page in next', () => {
    expect(
      decideNavigation({
        showSetupWizard: false,
        user: null,
        scopes: [],
        route: { path: '/search', search: '?search_term=zelda' },
      }),
    ).toEqual({ allow: false, redirect: '/login?next=%2Fsearch%3Fsearch_term%3Dzelda' });
  });

  it('3. a signed-in user visiting setup goes home', () => {
    expect(decideNavigation(input({ path: '/setup' }))).toEqual({ allow: false, redirect: '/' });
  });

  it('4. a route whose scopes the user lacks is not found', () => {
    expect(
      decideNavigation(
        input({ path: '/scan', routeScopes: ['platforms.write'], scopes: ['me.read'] }),
      ),
    ).toEqual({
      allow: false,
      notFound: true,
    });
    expect(
      decideNavigation(
        input({
          path: '/administration',
          routeScopes: ['users.write'],
          scopes: ['platforms.write'],
        }),
      ),
    ).toEqual({ allow: false, notFound: true });
    expect(
      decideNavigation(
        input({ path: '/scan', routeScopes: ['platforms.write'], scopes: ['platforms.write'] }),
      ),
    ).toEqual({ allow: true });
  });

  it('routes without scopes are open to any signed-in user', () => {
    for (const path of ['/', '/search', '/server-stats', '/user-interface', '/login']) {
      expect(decideNavigation(input({ path }))).toEqual({ allow: true });
    }
  });

  it('5. a guard error is logged and sends the user to login', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const decision = safeDecideNavigation(() => {
      throw new Error('boom');
    });
    expect(decision).toEqual({ allow: false, redirect: '/login' });
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]?.[0]).toBe('Route guard failed');
    log.mockRestore();
  });

  it('safeDecideNavigation passes the decision through when nothing fails', () => {
    expect(safeDecideNavigation(() => input({ path: '/setup' }))).toEqual({
      allow: false,
      redirect: '/',
    });
  });
});

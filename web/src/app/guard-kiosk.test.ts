import { KIOSK_PLAY_SCOPES, KIOSK_SCOPES } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { kioskVisitorOf } from '@/shared/stores/kiosk';
import { decideNavigation } from './guard';

const visitor = (path: string, allowPlay: boolean, routeScopes: string[] = []) =>
  decideNavigation({
    showSetupWizard: false,
    user: null,
    scopes: allowPlay ? KIOSK_PLAY_SCOPES : KIOSK_SCOPES,
    kiosk: { allowPlay },
    route: { path, search: '', scopes: routeScopes },
  });

describe('kiosk visitors (KIOSK_MODE)', () => {
  it('browse home, search, galleries and game pages without signing in', () => {
    for (const path of [
      '/',
      '/search',
      '/platform/3',
      '/collection/4',
      '/collection/smart/2',
      '/rom/9',
    ]) {
      expect(visitor(path, false), path).toEqual({ allow: true });
    }
  });

  it('are asked to sign in for the players (unless play is allowed) and every other page', () => {
    expect(visitor('/rom/9/ejs', false)).toEqual({
      allow: false,
      redirect: '/login?next=%2From%2F9%2Fejs',
    });
    expect(visitor('/rom/9/ejs', true)).toEqual({ allow: true });
    expect(visitor('/rom/9/ruffle', true)).toEqual({ allow: true });
    for (const path of ['/user/1', '/user-interface', '/server-stats', '/client-api-tokens']) {
      expect(visitor(path, true), path).toMatchObject({ allow: false });
    }
    expect(visitor('/scan', true, ['platforms.write'])).toMatchObject({ allow: false });
  });

  it('are whoever is not signed in on a kiosk-mode server', () => {
    const frontend = { KIOSK_MODE: true, KIOSK_ALLOW_PLAY: false };
    expect(kioskVisitorOf(false, frontend)).toEqual({
      visitor: true,
      allowPlay: false,
      scopes: KIOSK_SCOPES,
    });
    expect(kioskVisitorOf(false, { ...frontend, KIOSK_ALLOW_PLAY: true }).scopes).toEqual(
      KIOSK_PLAY_SCOPES,
    );
    expect(kioskVisitorOf(true, frontend).visitor).toBe(false);
    expect(kioskVisitorOf(false, { ...frontend, KIOSK_MODE: false }).visitor).toBe(false);
    expect(kioskVisitorOf(false, undefined).visitor).toBe(false);
  });
});

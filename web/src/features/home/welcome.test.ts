import { describe, expect, it } from 'vitest';

import { createTestI18n } from '@/test/i18n';

import { welcomeKey } from './welcome';

describe('welcomeKey', () => {
  it('says "Welcome" on the first sign-in and "Welcome back" after an earlier one', async () => {
    const i18n = await createTestI18n('de_DE');
    const greet = (previous: string | null) =>
      i18n.t(welcomeKey({ previous_login: previous }), { ns: 'home', username: 'ada' });
    expect(greet(null)).toBe('Willkommen, ada');
    expect(greet('2026-11-28T10:00:00Z')).toBe('Willkommen zurück, ada');
    expect(welcomeKey(null)).toBe('home.welcome-first');
  });
});

import { UserSchema } from '@romshelf/contract';
import { beforeEach, describe, expect, it } from 'vitest';

import { ADMIN_USER } from '@/test/fake-fetch';
import { hasScopes, useAuthStore } from '@/shared/stores/auth-store';

const admin = UserSchema.parse(ADMIN_USER);

describe('auth store', () => {
  beforeEach(() => useAuthStore.getState().reset());

  it('starts with no user and no scopes', () => {
    expect(useAuthStore.getState().user).toBeNull();
    expect(useAuthStore.getState().oauth_scopes).toEqual([]);
  });

  it('setUser stores the user and exposes its oauth_scopes', () => {
    useAuthStore.getState().setUser(admin);
    expect(useAuthStore.getState().user?.username).toBe('admin');
    expect(useAuthStore.getState().oauth_scopes).toEqual([
      'me.read',
      'platforms.write',
      'users.write',
    ]);
  });

  it('reset goes back to no user and empty scopes', () => {
    useAuthStore.getState().setUser(admin);
    useAuthStore.getState().reset();
    expect(useAuthStore.getState().user).toBeNull();
    expect(useAuthStore.getState().oauth_scopes).toEqual([]);
  });

  it('hasScopes needs every required scope', () => {
    expect(hasScopes(['a', 'b'], ['a'])).toBe(true);
    expect(hasScopes(['a'], ['a', 'b'])).toBe(false);
    expect(hasScopes([], [])).toBe(true);
  });
});

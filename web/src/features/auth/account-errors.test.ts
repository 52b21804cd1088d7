import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';
import { accountErrorKey, isDeadLink } from './account-errors';
import { oidcErrorKey } from './components/login-page';

describe('accountErrorKey', () => {
  it('recognises the invite and reset link errors', () => {
    expect(accountErrorKey(new ApiError(400, 'This invite link has expired'))).toBe(
      'register.invite-expired',
    );
    expect(accountErrorKey(new ApiError(400, 'Invalid reset link'))).toBe('reset.link-invalid');
    expect(isDeadLink(new ApiError(400, 'This reset link has already been used'))).toBe(true);
  });

  it('leaves other errors to the server detail', () => {
    expect(accountErrorKey(new ApiError(409, 'Username already exists'))).toBeNull();
    expect(accountErrorKey(new Error('Invalid invite link'))).toBeNull();
  });
});

describe('oidcErrorKey', () => {
  it('maps each OIDC error code to its text, unknown codes to the generic one', () => {
    expect(oidcErrorKey(null)).toBeNull();
    expect(oidcErrorKey('oidc_no_role')).toBe('login.oidc-errors.oidc_no_role');
    expect(oidcErrorKey('oidc_disabled_user')).toBe('login.oidc-errors.oidc_disabled_user');
    expect(oidcErrorKey('something')).toBe('login.oidc-errors.oidc_failed');
  });
});

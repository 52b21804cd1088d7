import { UserSchema } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { ADMIN_USER } from '@/test/fake-fetch';
import { raSummary } from './retroachievements';
import {
  checkAvatar,
  EMPTY_USER_FORM,
  formFromUser,
  userChanges,
  validatePasswordChange,
  validateUserForm,
} from './user-form';

const user = UserSchema.parse({ ...ADMIN_USER, id: 7, username: 'alice', role: 'editor' });

describe('validateUserForm (contract field rules)', () => {
  it('needs a username and a password to create', () => {
    const errors = validateUserForm(EMPTY_USER_FORM, 'create');
    expect(errors.username).toEqual({ key: 'validation.required' });
    expect(errors.password).toEqual({ key: 'validation.required' });
    expect(errors.email).toBeNull();
  });

  it('reports short, long and invalid values with the contract limits', () => {
    const errors = validateUserForm(
      {
        ...EMPTY_USER_FORM,
        username: 'al',
        password: 'abc',
        email: 'nope',
        ra_username: 'x'.repeat(256),
      },
      'create',
    );
    expect(errors.username).toEqual({ key: 'validation.username-min', values: { min: 3 } });
    expect(errors.password).toEqual({ key: 'validation.password-min', values: { min: 6 } });
    expect(errors.email).toEqual({ key: 'validation.email' });
    expect(errors.ra_username).toEqual({ key: 'validation.username-max', values: { max: 255 } });
    expect(validateUserForm({ ...EMPTY_USER_FORM, username: 'a b c' }, 'edit').username).toEqual({
      key: 'validation.username-chars',
    });
  });

  it('keeps the password optional when editing', () => {
    const errors = validateUserForm(formFromUser(user), 'edit');
    expect(Object.values(errors).every((error) => error === null)).toBe(true);
  });
});

describe('userChanges', () => {
  it('sends only what changed', () => {
    expect(userChanges(user, formFromUser(user))).toEqual({});
    const avatar = new File(['x'], 'a.png', { type: 'image/png' });
    expect(
      userChanges(
        user,
        {
          ...formFromUser(user),
          email: '',
          role: 'viewer',
          enabled: false,
          password: 'new-pass-1',
        },
        avatar,
      ),
    ).toEqual({ email: '', role: 'viewer', enabled: false, password: 'new-pass-1', avatar });
  });
});

describe('validatePasswordChange', () => {
  it('asks for the current password only for one’s own account', () => {
    const values = { current: '', next: 'new-pass-1', confirm: 'new-pass-1' };
    expect(validatePasswordChange(values, true).current).toEqual({ key: 'validation.required' });
    expect(validatePasswordChange(values, false).current).toBeNull();
    expect(validatePasswordChange({ ...values, confirm: 'other' }, false).confirm).toEqual({
      key: 'validation.passwords-do-not-match',
    });
  });
});

describe('checkAvatar', () => {
  it('accepts the four image types up to 5 MiB', () => {
    expect(checkAvatar({ type: 'image/webp', size: 1000 })).toBeNull();
    expect(checkAvatar({ type: 'image/svg+xml', size: 1000 })).toBe('type');
    expect(checkAvatar({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe('size');
  });
});

describe('raSummary', () => {
  it('is null without progression and totals the games otherwise', () => {
    expect(raSummary(null)).toBeNull();
    expect(
      raSummary({
        total: 2,
        results: [
          {
            num_awarded: 52,
            max_possible: 52,
            highest_award_kind: 'mastered',
            most_recent_awarded_date: '2023-03-01T12:00:00+00:00',
          },
          {
            num_awarded: 3,
            max_possible: 40,
            highest_award_kind: null,
            most_recent_awarded_date: '2024-01-02T00:00:00+00:00',
          },
          'junk',
        ],
      }),
    ).toEqual({
      games: 2,
      awarded: 55,
      possible: 92,
      mastered: 1,
      lastAward: '2024-01-02T00:00:00+00:00',
    });
  });
});

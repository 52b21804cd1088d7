import type { Role, User } from '@romshelf/contract';
import { USERNAME_MAX } from '@romshelf/contract';

import type { FieldError } from '@/shared/account-validation';
import {
  validateConfirmation,
  validateOptionalEmail,
  validateOptionalPassword,
  validatePassword,
  validateUsername,
} from '@/shared/account-validation';
import type { UserChanges } from './api/update-user';

/** What the create and edit dialogs hold. */
export interface UserFormValues {
  username: string;
  password: string;
  email: string;
  role: Role;
  enabled: boolean;
  ra_username: string;
}

export type UserFormErrors = Partial<Record<keyof UserFormValues, FieldError>>;

export const EMPTY_USER_FORM: UserFormValues = {
  username: '',
  password: '',
  email: '',
  role: 'viewer',
  enabled: true,
  ra_username: '',
};

export function formFromUser(user: User): UserFormValues {
  return {
    username: user.username,
    password: '',
    email: user.email ?? '',
    role: user.role,
    enabled: user.enabled,
    ra_username: user.ra_username ?? '',
  };
}

function validateRaUsername(value: string): FieldError {
  return value.length > USERNAME_MAX
    ? { key: 'validation.username-max', values: { max: USERNAME_MAX } }
    : null;
}

/** The contract's field rules: a new account needs a password, an edit keeps it when empty. */
export function validateUserForm(values: UserFormValues, mode: 'create' | 'edit'): UserFormErrors {
  return {
    username: validateUsername(values.username),
    password:
      mode === 'create'
        ? validatePassword(values.password)
        : validateOptionalPassword(values.password),
    email: validateOptionalEmail(values.email),
    ra_username: validateRaUsername(values.ra_username),
  };
}

/** Only what changed, so the server's self and last-admin guards see no untouched fields. */
export function userChanges(original: User, values: UserFormValues, avatar?: File): UserChanges {
  const changes: UserChanges = {};
  if (values.username !== original.username) changes.username = values.username;
  if (values.password) changes.password = values.password;
  if (values.email !== (original.email ?? '')) changes.email = values.email;
  if (values.enabled !== original.enabled) changes.enabled = values.enabled;
  if (values.role !== original.role) changes.role = values.role;
  if (values.ra_username !== (original.ra_username ?? '')) changes.ra_username = values.ra_username;
  if (avatar) changes.avatar = avatar;
  return changes;
}

/** The profile's password change: the current password, then the new one twice. */
export interface PasswordChange {
  current: string;
  next: string;
  confirm: string;
}

export function validatePasswordChange(
  values: PasswordChange,
  needsCurrent: boolean,
): Record<keyof PasswordChange, FieldError> {
  return {
    current: needsCurrent && !values.current ? { key: 'validation.required' } : null,
    next: validatePassword(values.next),
    confirm: validateConfirmation(values.next, values.confirm),
  };
}

/** Avatars the server accepts (it re-encodes them; 5 MiB at most). */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

export type AvatarProblem = 'type' | 'size' | null;

export function checkAvatar(file: Pick<File, 'type' | 'size'>): AvatarProblem {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > AVATAR_MAX_BYTES) return 'size';
  return null;
}

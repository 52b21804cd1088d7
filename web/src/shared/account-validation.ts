import {
  EmailSchema,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PasswordSchema,
  USERNAME_MAX,
  USERNAME_MIN,
  UsernameSchema,
} from '@romshelf/contract';

/**
 * Account field checks with the contract's rules, shared by the auth pages and the account forms
 * of settings. A failure is a translation key of the `login` namespace (VALIDATION_NS) plus its
 * values; null when the field is fine.
 */
export const VALIDATION_NS = 'login';

export type FieldError = { key: string; values?: Record<string, number> } | null;

/** Username rules of the contract, as translated messages. */
export function validateUsername(value: string): FieldError {
  if (!value) return { key: 'validation.required' };
  const result = UsernameSchema.safeParse(value);
  if (result.success) return null;
  const code = result.error.issues[0]?.code;
  if (code === 'too_small')
    return { key: 'validation.username-min', values: { min: USERNAME_MIN } };
  if (code === 'too_big') return { key: 'validation.username-max', values: { max: USERNAME_MAX } };
  return { key: 'validation.username-chars' };
}

/** Password rules of the contract, as translated messages. */
export function validatePassword(value: string): FieldError {
  if (!value) return { key: 'validation.required' };
  const result = PasswordSchema.safeParse(value);
  if (result.success) return null;
  const code = result.error.issues[0]?.code;
  if (code === 'too_small')
    return { key: 'validation.password-min', values: { min: PASSWORD_MIN } };
  if (code === 'too_big') return { key: 'validation.password-max', values: { max: PASSWORD_MAX } };
  return { key: 'validation.password-chars' };
}

export function validateEmail(value: string): FieldError {
  if (!value) return { key: 'validation.required' };
  return EmailSchema.safeParse(value).success ? null : { key: 'validation.email' };
}

export function validateConfirmation(password: string, confirmation: string): FieldError {
  if (!confirmation) return { key: 'validation.required' };
  return password === confirmation ? null : { key: 'validation.passwords-do-not-match' };
}

/** An optional e-mail: empty is fine, anything else must be valid. */
export function validateOptionalEmail(value: string): FieldError {
  return value === '' ? null : validateEmail(value);
}

/** An optional new password: empty keeps the current one. */
export function validateOptionalPassword(value: string): FieldError {
  return value === '' ? null : validatePassword(value);
}

/** True when no field has an error. */
export function noErrors(errors: Record<string, FieldError | undefined>): boolean {
  return Object.values(errors).every((error) => error === null || error === undefined);
}

import type { FieldError } from '@/shared/account-validation';
import {
  validateConfirmation,
  validateEmail,
  validateOptionalEmail,
  validatePassword,
  validateUsername,
} from '@/shared/account-validation';

/** The account field checks live in lib so the settings forms share them. */
export * from '@/shared/account-validation';

/** A new account of the setup and register pages. */
export interface NewAccount {
  username: string;
  email: string;
  password: string;
  confirm: string;
}

export type NewAccountErrors = Partial<Record<keyof NewAccount, FieldError>>;

export const EMPTY_ACCOUNT: NewAccount = { username: '', email: '', password: '', confirm: '' };

/** Every field of a new account checked; the e-mail may be left empty when optional. */
export function validateNewAccount(
  account: NewAccount,
  { emailOptional }: { emailOptional: boolean },
): NewAccountErrors {
  return {
    username: validateUsername(account.username),
    email: emailOptional ? validateOptionalEmail(account.email) : validateEmail(account.email),
    password: validatePassword(account.password),
    confirm: validateConfirmation(account.password, account.confirm),
  };
}

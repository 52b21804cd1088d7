import { ACCOUNT_ERRORS } from '@romshelf/contract';

import { ApiError, errorMessage } from '@/lib/api-client';

/** Server details of the invite and reset flows that have their own translated text. */
const KNOWN: Record<string, string> = {
  [ACCOUNT_ERRORS.inviteInvalid]: 'register.invite-invalid',
  [ACCOUNT_ERRORS.inviteUsed]: 'register.invite-used',
  [ACCOUNT_ERRORS.inviteExpired]: 'register.invite-expired',
  [ACCOUNT_ERRORS.resetInvalid]: 'reset.link-invalid',
  [ACCOUNT_ERRORS.resetUsed]: 'reset.link-used',
  [ACCOUNT_ERRORS.resetExpired]: 'reset.link-expired',
};

/** A translation key (login namespace) for a known account error, else null. */
export function accountErrorKey(error: unknown): string | null {
  if (!(error instanceof ApiError) || typeof error.detail !== 'string') return null;
  return KNOWN[error.detail] ?? null;
}

/** The message an auth form shows: the translated known error, or the server's detail. */
export function accountErrorText(
  error: unknown,
  t: (key: string, values?: Record<string, string>) => string,
  fallbackKey: string,
): string {
  const key = accountErrorKey(error);
  return key ? t(key) : t(fallbackKey, { error: errorMessage(error) });
}

/** True when the link itself is bad (forged, used, expired): the form cannot help any more. */
export function isDeadLink(error: unknown): boolean {
  return accountErrorKey(error) !== null;
}

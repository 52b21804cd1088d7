import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

import type { FieldError, NewAccount, NewAccountErrors } from '../validation';
import { PasswordField } from './password-field';

/**
 * Username, e-mail, password and its confirmation of a new account: the setup page's first
 * administrator (e-mail required) and an invited user's registration (e-mail optional). Ids,
 * test ids and labels come from `page` (`setup-username`, `register.password`, …).
 */
export function NewAccountFields({
  page,
  account,
  onChange,
  errors,
  emailOptional,
}: {
  page: 'setup' | 'register';
  account: NewAccount;
  onChange: (change: Partial<NewAccount>) => void;
  errors: NewAccountErrors;
  emailOptional: boolean;
}) {
  const { t } = useTranslation('login');
  const message = (error: FieldError | undefined) => (error ? t(error.key, error.values) : null);
  return (
    <>
      <TextField
        id={`${page}-username`}
        name="username"
        label={t(`${page}.username`)}
        value={account.username}
        onChange={(event) => onChange({ username: event.target.value })}
        error={Boolean(errors.username)}
        helperText={message(errors.username)}
        autoComplete="username"
        autoFocus
        required
        slotProps={{ htmlInput: { 'data-testid': `${page}-username` } }}
      />
      <TextField
        id={`${page}-email`}
        name="email"
        type="email"
        label={t(`${page}.email`)}
        value={account.email}
        onChange={(event) => onChange({ email: event.target.value })}
        error={Boolean(errors.email)}
        helperText={message(errors.email) ?? (emailOptional ? t('register.email-optional') : null)}
        autoComplete="email"
        required={!emailOptional}
        slotProps={{ htmlInput: { 'data-testid': `${page}-email` } }}
      />
      <PasswordField
        id={`${page}-password`}
        label={t(`${page}.password`)}
        value={account.password}
        onChange={(password) => onChange({ password })}
        error={message(errors.password)}
        autoComplete="new-password"
        testId={`${page}-password`}
      />
      <PasswordField
        id={`${page}-confirm-password`}
        label={t(`${page}.confirm-password`)}
        value={account.confirm}
        onChange={(confirm) => onChange({ confirm })}
        error={message(errors.confirm)}
        autoComplete="new-password"
        testId={`${page}-confirm-password`}
      />
    </>
  );
}

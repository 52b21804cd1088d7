import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { Role, User } from '@romshelf/contract';
import { useTranslation } from 'react-i18next';

import type { FieldError } from '@/shared/account-validation';
import { VALIDATION_NS } from '@/shared/account-validation';

import { isKnownRole } from '../roles';
import type { UserFormErrors, UserFormValues } from '../user-form';

/** Sets one field of the user form. */
export type SetUserField = <K extends keyof UserFormValues>(
  key: K,
  value: UserFormValues[K],
) => void;

/**
 * The account fields of the user dialog; editing adds the RetroAchievements name and "enabled"
 * (neither the role nor "enabled" of one's own account can change).
 */
export function UserFormFields({
  user,
  values,
  set,
  errors,
  roles,
  isSelf,
}: {
  user: User | null;
  values: UserFormValues;
  set: SetUserField;
  errors: UserFormErrors;
  roles: readonly Role[];
  isSelf: boolean;
}) {
  const { t } = useTranslation('settings');
  const message = (error: FieldError | undefined) =>
    error ? t(error.key, { ns: VALIDATION_NS, ...error.values }) : undefined;
  // A role this version does not know stays selectable so an edit does not change it silently.
  const roleOptions: string[] =
    user && !roles.includes(user.role) ? [...roles, user.role] : [...roles];

  return (
    <>
      <TextField
        label={t('user-dialog.username')}
        value={values.username}
        onChange={(event) => set('username', event.target.value)}
        error={Boolean(errors.username)}
        helperText={message(errors.username)}
        autoComplete="off"
        required
        autoFocus={!user}
        slotProps={{ htmlInput: { 'data-testid': 'user-form-username' } }}
      />
      <TextField
        label={t('user-dialog.password')}
        type="password"
        value={values.password}
        onChange={(event) => set('password', event.target.value)}
        error={Boolean(errors.password)}
        helperText={message(errors.password) ?? (user ? t('user-dialog.password-keep') : undefined)}
        autoComplete="new-password"
        required={!user}
        slotProps={{ htmlInput: { 'data-testid': 'user-form-password' } }}
      />
      <TextField
        label={t('user-dialog.email')}
        type="email"
        value={values.email}
        onChange={(event) => set('email', event.target.value)}
        error={Boolean(errors.email)}
        helperText={message(errors.email) ?? t('user-dialog.optional')}
        autoComplete="off"
        slotProps={{ htmlInput: { 'data-testid': 'user-form-email' } }}
      />
      <TextField
        select
        label={t('user-dialog.role')}
        value={values.role}
        onChange={(event) => {
          const role = event.target.value;
          if (isKnownRole(role)) set('role', role);
        }}
        disabled={isSelf}
        helperText={isSelf ? t('user-dialog.own-role') : undefined}
        slotProps={{
          select: { native: true },
          htmlInput: { 'data-testid': 'user-form-role' },
        }}
      >
        {roleOptions.map((role) => (
          <option key={role} value={role}>
            {isKnownRole(role) ? t(`profile.role-${role}`) : t('profile.role-other', { role })}
          </option>
        ))}
      </TextField>
      {user ? (
        <>
          <TextField
            label={t('user-dialog.ra-username')}
            value={values.ra_username}
            onChange={(event) => set('ra_username', event.target.value)}
            error={Boolean(errors.ra_username)}
            helperText={message(errors.ra_username) ?? t('user-dialog.optional')}
            autoComplete="off"
            slotProps={{ htmlInput: { 'data-testid': 'user-form-ra-username' } }}
          />
          <FormControlLabel
            control={
              <Switch
                checked={values.enabled}
                onChange={(event) => set('enabled', event.target.checked)}
                disabled={isSelf}
                slotProps={{ input: { 'data-testid': 'user-form-enabled' } as object }}
              />
            }
            label={t('user-dialog.enabled')}
          />
        </>
      ) : null}
    </>
  );
}

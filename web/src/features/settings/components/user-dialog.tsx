import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { Role, User } from '@romshelf/contract';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';

import type { FieldError } from '@/shared/account-validation';
import { noErrors, VALIDATION_NS } from '@/shared/account-validation';
import { errorMessage } from '@/lib/api-client';
import { useCreateUserMutation } from '../api/create-user';
import { useUpdateUserMutation } from '../api/update-user';
import { isKnownRole } from '../roles';
import type { UserFormErrors, UserFormValues } from '../user-form';
import { EMPTY_USER_FORM, formFromUser, userChanges, validateUserForm } from '../user-form';
import { AvatarPicker } from './avatar-picker';

/**
 * Create (`user` absent) or edit an account. Field rules come from the contract; the server's
 * detail (duplicates, self and last-admin guards) shows above the form.
 */
export function UserDialog({
  user,
  roles,
  isSelf,
  onClose,
}: {
  user: User | null;
  roles: readonly Role[];
  isSelf: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('settings');
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const mode = user ? 'edit' : 'create';
  const [values, setValues] = useState<UserFormValues>(() =>
    user ? formFromUser(user) : EMPTY_USER_FORM,
  );
  const [avatar, setAvatar] = useState<File | null>(null);
  const [errors, setErrors] = useState<UserFormErrors>({});
  const create = useCreateUserMutation();
  const update = useUpdateUserMutation();
  const pending = create.isPending || update.isPending;
  const failure = create.error ?? update.error;
  const serverError = failure ? errorMessage(failure) : null;

  const set = <K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const message = (error: FieldError | undefined) =>
    error ? t(error.key, { ns: VALIDATION_NS, ...error.values }) : undefined;
  // A role this version does not know stays selectable so an edit does not change it silently.
  const roleOptions: string[] =
    user && !roles.includes(user.role) ? [...roles, user.role] : [...roles];

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const found = validateUserForm(values, mode);
    setErrors(found);
    if (!noErrors(found)) return;
    if (!user) {
      const { username, password, email, role } = values;
      create.mutate({ username, password, email, role }, { onSuccess: onClose });
      return;
    }
    const changes = userChanges(user, values, avatar ?? undefined);
    if (Object.keys(changes).length === 0) onClose();
    else update.mutate({ id: user.id, changes }, { onSuccess: onClose });
  };

  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      slotProps={{ paper: { 'data-testid': 'user-dialog' } as object }}
    >
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle>
          {user
            ? t('user-dialog.edit-title', { username: user.username })
            : t('user-dialog.create-title')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {serverError ? (
              <Alert severity="error" role="alert" data-testid="user-form-error">
                {serverError}
              </Alert>
            ) : null}
            {user ? (
              <AvatarPicker
                username={values.username || user.username}
                currentSrc={user.avatar_path}
                file={avatar}
                onChange={setAvatar}
                testId="user-form-avatar"
              />
            ) : null}
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
              helperText={
                message(errors.password) ?? (user ? t('user-dialog.password-keep') : undefined)
              }
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
                  {isKnownRole(role)
                    ? t(`profile.role-${role}`)
                    : t('profile.role-other', { role })}
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
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={pending} data-testid="user-form-cancel">
            {t('user-dialog.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={pending}
            data-testid="user-form-submit"
          >
            {user ? t('user-dialog.save') : t('user-dialog.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

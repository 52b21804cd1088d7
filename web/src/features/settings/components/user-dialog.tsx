import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { Role, User } from '@romshelf/contract';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { noErrors } from '@/shared/account-validation';
import { errorMessage } from '@/lib/api-client';
import { useCreateUserMutation } from '../api/create-user';
import { useUpdateUserMutation } from '../api/update-user';
import type { UserFormErrors, UserFormValues } from '../user-form';
import { EMPTY_USER_FORM, formFromUser, userChanges, validateUserForm } from '../user-form';
import { AvatarPicker } from './avatar-picker';
import { UserFormFields } from './user-form-fields';
import { UserPermissionsSection } from './user-permissions-section';
import type { SetUserField } from './user-form-fields';

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

  const set: SetUserField = (key, value) => setValues((current) => ({ ...current, [key]: value }));

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
            <UserFormFields
              user={user}
              values={values}
              set={set}
              errors={errors}
              roles={roles}
              isSelf={isSelf}
            />
            {user && !isSelf && roles.includes('admin') ? (
              <UserPermissionsSection user={user} />
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

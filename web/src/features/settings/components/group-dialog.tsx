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
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { PermissionGroup, User } from '@romshelf/contract';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';
import { useSaveGroupMutation } from '../api/permissions';
import { grantsOf, keysOf } from '../permission-catalog';
import { PermissionMatrix } from './permission-matrix';

/** Create (`group` absent) or edit a permission group: name, default, permissions, members. */
export function GroupDialog({
  group,
  users,
  onClose,
}: {
  group: PermissionGroup | null;
  users: readonly User[];
  onClose: () => void;
}) {
  const { t } = useTranslation('settings');
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [name, setName] = useState(group?.name ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const [isDefault, setIsDefault] = useState(group?.is_default ?? false);
  const [keys, setKeys] = useState<Set<string>>(() => keysOf(group?.grants ?? []));
  const save = useSaveGroupMutation();
  const isAdminGroup = group?.system_key === 'admin';
  const members = group === null ? [] : users.filter((user) => memberOf(user, group));

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (name.trim() === '') return;
    const body = {
      name: name.trim(),
      description,
      ...(group?.is_default === true ? {} : { is_default: isDefault }),
      ...(isAdminGroup ? {} : { grants: grantsOf(keys) }),
    };
    save.mutate({ id: group?.id ?? null, body }, { onSuccess: onClose });
  };

  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      slotProps={{ paper: { 'data-testid': 'group-dialog' } as object }}
    >
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle>
          {group ? t('group-dialog.edit-title', { name: group.name }) : t('groups.create')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {save.error ? (
              <Alert severity="error" role="alert" data-testid="group-form-error">
                {errorMessage(save.error)}
              </Alert>
            ) : null}
            <TextField
              label={t('group-dialog.name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              error={save.isIdle ? false : name.trim() === ''}
              slotProps={{ htmlInput: { maxLength: 255, 'data-testid': 'group-name' } }}
            />
            <TextField
              label={t('group-dialog.description')}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              multiline
              slotProps={{ htmlInput: { maxLength: 1000 } }}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={isDefault}
                  disabled={group?.is_default === true}
                  onChange={(event) => setIsDefault(event.target.checked)}
                />
              }
              label={t('group-dialog.default')}
            />
            {isAdminGroup ? <Alert severity="info">{t('group-dialog.admin-note')}</Alert> : null}
            <PermissionMatrix value={keys} onChange={setKeys} disabled={isAdminGroup} />
            {group ? <Members names={members.map((user) => user.username)} /> : null}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={save.isPending}>
            {t('user-dialog.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={save.isPending || name.trim() === ''}
            data-testid="group-form-submit"
          >
            {group ? t('user-dialog.save') : t('user-dialog.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Whether the user is in the group (users without a group are in the default one). */
export function memberOf(user: User, group: PermissionGroup): boolean {
  return user.permission_group_id === null
    ? group.is_default
    : user.permission_group_id === group.id;
}

function Members({ names }: { names: string[] }) {
  const { t } = useTranslation('settings');
  return (
    <Box>
      <Typography variant="subtitle2" component="h3">
        {t('group-dialog.members')}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="group-members">
        {names.length === 0 ? t('group-dialog.no-members') : names.join(', ')}
      </Typography>
    </Box>
  );
}

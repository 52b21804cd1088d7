import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PermissionGroup, User, UserPermissions } from '@romshelf/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';
import {
  usePermissionGroupsQuery,
  useUpdateUserPermissionsMutation,
  useUserPermissionsQuery,
} from '../api/permissions';
import { effectiveKeys, keysOf, overridesBetween } from '../permission-catalog';
import { PermissionMatrix } from './permission-matrix';

/** A user's group and their own grants and denials, in the user dialog (administrators). */
export function UserPermissionsSection({ user }: { user: User }) {
  const groups = usePermissionGroupsQuery();
  const current = useUserPermissionsQuery(user.id, true);
  if (!groups.data || !current.data) return null;
  return <UserPermissionsForm user={user} groups={groups.data} current={current.data} />;
}

function UserPermissionsForm({
  user,
  groups,
  current,
}: {
  user: User;
  groups: PermissionGroup[];
  current: UserPermissions;
}) {
  const { t } = useTranslation('settings');
  const update = useUpdateUserPermissionsMutation();
  const defaultGroup = groups.find((group) => group.is_default);
  const [groupId, setGroupId] = useState(current.permission_group_id ?? defaultGroup?.id ?? 1);
  const group = groups.find((candidate) => candidate.id === groupId);
  const groupKeys = keysOf(group?.grants ?? []);
  const [wanted, setWanted] = useState(() => effectiveKeys(groupKeys, current.overrides));
  const isAdmin = group?.system_key === 'admin';
  const overrides = overridesBetween(groupKeys, wanted);
  const marked = keysOf(overrides);

  const pickGroup = (id: number) => {
    setGroupId(id);
    // A new group brings its own permissions; the user's own ones start afresh.
    setWanted(keysOf(groups.find((candidate) => candidate.id === id)?.grants ?? []));
  };
  const save = () => {
    update.mutate({
      userId: user.id,
      body: {
        permission_group_id: groupId,
        set_group: groupId !== current.permission_group_id,
        overrides: isAdmin ? [] : overrides,
      },
    });
  };

  return (
    <Box component="section" aria-labelledby="user-permissions-heading">
      <Typography variant="subtitle1" component="h3" id="user-permissions-heading" sx={{ mb: 1 }}>
        {t('user-permissions.title')}
      </Typography>
      <Stack spacing={1.5}>
        {update.error ? (
          <Alert severity="error" role="alert">
            {errorMessage(update.error)}
          </Alert>
        ) : null}
        {update.isSuccess ? <Alert severity="success">{t('user-permissions.saved')}</Alert> : null}
        <TextField
          select
          label={t('user-permissions.group')}
          value={groupId}
          onChange={(event) => pickGroup(Number(event.target.value))}
          slotProps={{ htmlInput: { 'data-testid': 'user-permission-group' } }}
        >
          {groups.map((candidate) => (
            <MenuItem key={candidate.id} value={candidate.id}>
              {candidate.name}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2" color="text.secondary">
          {isAdmin ? t('user-permissions.admin') : t('user-permissions.help')}
        </Typography>
        <PermissionMatrix value={wanted} onChange={setWanted} marked={marked} disabled={isAdmin} />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => setWanted(groupKeys)} disabled={marked.size === 0}>
            {t('user-permissions.reset')}
          </Button>
          <Button
            variant="outlined"
            onClick={save}
            disabled={update.isPending}
            data-testid="user-permissions-save"
          >
            {t('user-permissions.save')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

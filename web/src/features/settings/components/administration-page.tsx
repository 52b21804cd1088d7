import AdminPanelSettingsRounded from '@mui/icons-material/AdminPanelSettingsRounded';
import PersonAddRounded from '@mui/icons-material/PersonAddRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { User } from '@romshelf/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { useAuthStore } from '@/shared/stores/auth-store';
import { useHeartbeatStore } from '@/shared/stores/heartbeat-store';
import { useOidcRolesKeptQuery } from '../api/oidc-roles-kept';
import { useUpdateUserMutation } from '../api/update-user';
import { useUsersQuery } from '../api/users';
import { assignableRoles, roleLook } from '../roles';
import { DeleteUserDialog } from './delete-user-dialog';
import { InviteLinks } from './invite-links';
import { PermissionGroups } from './permission-groups';
import { UserDialog } from './user-dialog';
import { UsersList } from './users-list';

type Open = { kind: 'create' } | { kind: 'edit'; user: User } | { kind: 'delete'; user: User };

/** Accounts and invitations (users.write): list, create, edit, enable/disable, delete, invite. */
export function AdministrationPage() {
  const { t } = useTranslation('settings');
  const me = useAuthStore((state) => state.user);
  const users = useUsersQuery();
  const oidcEnabled = useHeartbeatStore((state) => state.value?.OIDC.ENABLED ?? false);
  const rolesKept = useOidcRolesKeptQuery(oidcEnabled);
  const update = useUpdateUserMutation();
  const [open, setOpen] = useState<Open | null>(null);
  const actionError = update.error ? errorMessage(update.error) : null;
  const roles = assignableRoles(me?.role ?? '');

  const toggleEnabled = (user: User, enabled: boolean) => {
    update.mutate({ id: user.id, changes: { enabled } });
  };

  return (
    <>
      <PageHeader
        title={t('administration.title')}
        subtitle={t('administration.subtitle')}
        icon={<AdminPanelSettingsRounded />}
      />
      <Stack spacing={3}>
        {rolesKept.data?.map((kept) => (
          <Alert key={kept.user_id} severity="warning" data-testid="oidc-role-kept">
            {t('administration.oidc-role-kept', {
              username: kept.username,
              role: t(roleLook(kept.provider_role).labelKey),
            })}
          </Alert>
        ))}
        <InviteLinks roles={roles} />
        <Box component="section" aria-labelledby="users-heading">
          <Stack
            direction="row"
            spacing={2}
            sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h6" component="h2" id="users-heading">
                {t('users.title')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {users.data ? t('users.count', { count: users.data.length }) : '\u00a0'}
              </Typography>
            </Box>
            <Button
              variant="contained"
              startIcon={<PersonAddRounded />}
              onClick={() => setOpen({ kind: 'create' })}
              data-testid="user-create"
              sx={{ flexShrink: 0 }}
            >
              {t('users.create')}
            </Button>
          </Stack>
          {actionError ? (
            <Alert
              severity="error"
              role="alert"
              onClose={() => update.reset()}
              sx={{ mb: 1.5 }}
              data-testid="admin-error"
            >
              {actionError}
            </Alert>
          ) : null}
          {users.isPending ? (
            <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
              <CircularProgress aria-label={t('users.loading')} />
            </Box>
          ) : users.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void users.refetch()}>
                  {t('users.retry')}
                </Button>
              }
              data-testid="users-error"
            >
              {t('users.load-failed', { error: errorMessage(users.error) })}
            </Alert>
          ) : (
            <UsersList
              users={users.data}
              actions={{
                selfId: me?.id,
                busyId: update.isPending ? update.variables.id : null,
                onToggleEnabled: toggleEnabled,
                onEdit: (user) => setOpen({ kind: 'edit', user }),
                onDelete: (user) => setOpen({ kind: 'delete', user }),
              }}
            />
          )}
        </Box>
        {roles.includes('admin') ? <PermissionGroups users={users.data ?? []} /> : null}
      </Stack>
      {open?.kind === 'create' ? (
        <UserDialog user={null} roles={roles} isSelf={false} onClose={() => setOpen(null)} />
      ) : null}
      {open?.kind === 'edit' ? (
        <UserDialog
          key={open.user.id}
          user={open.user}
          roles={roles}
          isSelf={open.user.id === me?.id}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === 'delete' ? (
        <DeleteUserDialog user={open.user} onClose={() => setOpen(null)} />
      ) : null}
    </>
  );
}

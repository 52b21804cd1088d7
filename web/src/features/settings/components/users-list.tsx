import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { User } from '@romshelf/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { visuallyHidden } from '@/components/visually-hidden';
import { formatDate } from '@/lib/format';
import { RoleChip } from './role-chip';
import { UserAvatar } from './user-avatar';

export interface UserActions {
  selfId: number | undefined;
  busyId: number | null;
  onToggleEnabled: (user: User, enabled: boolean) => void;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

function EnabledSwitch({ user, actions }: { user: User; actions: UserActions }) {
  const { t } = useTranslation('settings');
  const self = user.id === actions.selfId;
  return (
    <Tooltip title={self ? t('users.own-account') : ''}>
      <span>
        <Switch
          checked={user.enabled}
          disabled={self || actions.busyId === user.id}
          onChange={(event) => actions.onToggleEnabled(user, event.target.checked)}
          slotProps={{
            input: {
              'aria-label': t('users.enabled-for', { username: user.username }),
              'data-testid': 'user-enabled-switch',
            } as object,
          }}
        />
      </span>
    </Tooltip>
  );
}

function RowActions({ user, actions }: { user: User; actions: UserActions }) {
  const { t } = useTranslation('settings');
  const self = user.id === actions.selfId;
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <Tooltip title={t('users.edit')}>
        <IconButton
          onClick={() => actions.onEdit(user)}
          aria-label={t('users.edit-user', { username: user.username })}
          data-testid="user-edit"
        >
          <EditRounded fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={self ? t('users.own-account') : t('users.delete')}>
        <span>
          <IconButton
            onClick={() => actions.onDelete(user)}
            disabled={self}
            aria-label={t('users.delete-user', { username: user.username })}
            color="error"
            data-testid="user-delete"
          >
            <DeleteOutlineRounded fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}

function NameCell({ user, self }: { user: User; self: boolean }) {
  const { t } = useTranslation('settings');
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Typography
        component={RouterLink}
        to={`/user/${String(user.id)}`}
        variant="body2"
        noWrap
        sx={{ fontWeight: 600, color: 'text.primary', textDecoration: 'none' }}
        data-testid="user-username"
      >
        {user.username}
      </Typography>
      {self ? <Chip size="small" label={t('users.you')} color="primary" /> : null}
      {user.enabled ? null : (
        <Chip
          size="small"
          label={t('users.disabled')}
          variant="outlined"
          data-testid="user-disabled"
        />
      )}
    </Stack>
  );
}

/** Every account: a table on wide screens, one card per account on phones. */
export function UsersList({ users, actions }: { users: User[]; actions: UserActions }) {
  const { t } = useTranslation('settings');
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));

  if (compact) {
    return (
      <Stack spacing={1.5} data-testid="users-list" data-layout="cards">
        {users.map((user) => (
          <Card key={user.id} data-testid={`user-row-${user.username}`} sx={{ p: 2 }}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <UserAvatar username={user.username} src={user.avatar_path} />
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <NameCell user={user} self={user.id === actions.selfId} />
                <Typography variant="body2" color="text.secondary" noWrap>
                  {user.email || '-'}
                </Typography>
              </Box>
              <RoleChip role={user.role} iconOnly />
            </Stack>
            <Stack
              direction="row"
              sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 1 }}
            >
              <Stack direction="row" sx={{ alignItems: 'center' }}>
                <EnabledSwitch user={user} actions={actions} />
                <Typography variant="caption" color="text.secondary" data-testid="user-last-login">
                  {t('users.last-login-short', { date: formatDate(user.last_login) })}
                </Typography>
              </Stack>
              <RowActions user={user} actions={actions} />
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <TableContainer component={Card} data-testid="users-list" data-layout="table">
      <Table size="medium" aria-label={t('users.title')}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 64 }}>
              <Box component="span" sx={visuallyHidden}>
                {t('users.column-avatar')}
              </Box>
            </TableCell>
            <TableCell>{t('users.column-username')}</TableCell>
            <TableCell>{t('users.column-email')}</TableCell>
            <TableCell>{t('users.column-role')}</TableCell>
            <TableCell>{t('users.column-enabled')}</TableCell>
            <TableCell>{t('users.column-last-login')}</TableCell>
            <TableCell align="right">{t('users.column-actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((user) => (
            <TableRow key={user.id} hover data-testid={`user-row-${user.username}`}>
              <TableCell>
                <UserAvatar username={user.username} src={user.avatar_path} size={36} />
              </TableCell>
              <TableCell sx={{ maxWidth: 260 }}>
                <NameCell user={user} self={user.id === actions.selfId} />
              </TableCell>
              <TableCell sx={{ maxWidth: 280 }}>
                <Typography variant="body2" color="text.secondary" noWrap>
                  {user.email || '-'}
                </Typography>
              </TableCell>
              <TableCell>
                <RoleChip role={user.role} />
              </TableCell>
              <TableCell>
                <EnabledSwitch user={user} actions={actions} />
              </TableCell>
              <TableCell data-testid="user-last-login">{formatDate(user.last_login)}</TableCell>
              <TableCell align="right">
                <RowActions user={user} actions={actions} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PermissionGroup, User } from '@romshelf/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';
import { useDeleteGroupMutation, usePermissionGroupsQuery } from '../api/permissions';
import { GroupDialog } from './group-dialog';

/** Administration → Groups: the permission groups, with creating, editing and deleting. */
export function PermissionGroups({ users }: { users: readonly User[] }) {
  const { t } = useTranslation('settings');
  const groups = usePermissionGroupsQuery();
  const remove = useDeleteGroupMutation();
  const [editing, setEditing] = useState<PermissionGroup | 'new' | null>(null);
  const failure = groups.error ?? remove.error;

  const confirmDelete = (group: PermissionGroup) => {
    if (window.confirm(t('groups.delete-confirm', { name: group.name }))) remove.mutate(group.id);
  };

  return (
    <Box component="section" aria-labelledby="groups-heading" data-testid="permission-groups">
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h2" id="groups-heading">
            {t('groups.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('groups.subtitle')}
          </Typography>
        </Box>
        <Button
          variant="outlined"
          startIcon={<AddRounded />}
          onClick={() => setEditing('new')}
          data-testid="group-create"
          sx={{ flexShrink: 0 }}
        >
          {t('groups.create')}
        </Button>
      </Stack>
      {failure ? (
        <Alert severity="error" role="alert" onClose={() => remove.reset()}>
          {errorMessage(failure)}
        </Alert>
      ) : null}
      <List dense disablePadding>
        {groups.data?.map((group) => (
          <ListItem
            key={group.id}
            divider
            data-testid={`group-${String(group.id)}`}
            secondaryAction={
              <Stack direction="row">
                <IconButton
                  aria-label={t('groups.edit', { name: group.name })}
                  onClick={() => setEditing(group)}
                >
                  <EditRounded />
                </IconButton>
                {group.is_system || group.is_default ? null : (
                  <IconButton
                    aria-label={t('groups.delete', { name: group.name })}
                    onClick={() => confirmDelete(group)}
                    disabled={remove.isPending}
                  >
                    <DeleteOutlineRounded />
                  </IconButton>
                )}
              </Stack>
            }
          >
            <ListItemText
              sx={{ pr: 10 }}
              primary={
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <span>{group.name}</span>
                  {group.is_system ? <Chip size="small" label={t('groups.built-in')} /> : null}
                  {group.is_default ? (
                    <Chip size="small" color="primary" label={t('groups.default')} />
                  ) : null}
                </Stack>
              }
              secondary={[group.description, t('groups.members', { count: group.member_count })]
                .filter((part) => part !== '')
                .join(' · ')}
            />
          </ListItem>
        ))}
      </List>
      {editing === null ? null : (
        <GroupDialog
          group={editing === 'new' ? null : editing}
          users={users}
          onClose={() => setEditing(null)}
        />
      )}
    </Box>
  );
}

import type { Device } from '@romshelf/contract';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useLiveSyncSessions } from '../api/device-sync';
import { useDevicesQuery, useRemoveDeviceMutation, useRenameDeviceMutation } from '../api/devices';
import { DeviceSyncActions } from './device-sync-actions';

/** "Devices": the handhelds and apps that registered, when each was last seen; rename, remove. */
export function DeviceList() {
  const { t } = useTranslation('tokens');
  const devices = useDevicesQuery();
  const remove = useRemoveDeviceMutation();
  useLiveSyncSessions();
  const [renaming, setRenaming] = useState<Device | null>(null);
  const confirmRemove = (device: Device) => {
    const name = device.name ?? t('devices.unnamed');
    if (window.confirm(t('devices.remove-confirm', { name }))) remove.mutate(device.id);
  };

  return (
    <Stack spacing={1.5} data-testid="devices">
      <Typography variant="h6" component="h2">
        {t('devices.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('devices.subtitle')}
      </Typography>
      {devices.error ? <Alert severity="error">{errorMessage(devices.error)}</Alert> : null}
      {remove.error ? <Alert severity="error">{errorMessage(remove.error)}</Alert> : null}
      {devices.data?.length === 0 ? (
        <Alert severity="info" data-testid="devices-empty">
          {t('devices.empty')}
        </Alert>
      ) : null}
      {(devices.data ?? []).map((device) => (
        <Card key={device.id} variant="outlined" sx={{ p: 2 }} data-testid="device-row">
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={1.5}
            sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}
          >
            <Stack spacing={0.5} sx={{ minWidth: 0 }}>
              <Typography
                variant="subtitle1"
                sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                data-testid="device-name"
              >
                {device.name ?? t('devices.unnamed')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {[device.client, device.client_version, device.platform]
                  .filter((part) => part !== null && part !== '')
                  .join(' · ')}
              </Typography>
              <Typography variant="caption" color="text.secondary" data-testid="device-last-seen">
                {device.last_seen === null
                  ? t('devices.never-seen')
                  : t('devices.last-seen', { date: formatDateTime(device.last_seen) })}
                {' · '}
                {t('devices.registered', { date: formatDateTime(device.created_at) })}
              </Typography>
            </Stack>
            <Stack direction="row" spacing={1} sx={{ flexShrink: 0, flexWrap: 'wrap', rowGap: 1 }}>
              <DeviceSyncActions device={device} />
              <Button
                size="small"
                startIcon={<EditRounded />}
                onClick={() => setRenaming(device)}
                data-testid="device-rename"
              >
                {t('devices.rename')}
              </Button>
              <Button
                size="small"
                color="error"
                startIcon={<DeleteOutlineRounded />}
                onClick={() => confirmRemove(device)}
                data-testid="device-remove"
              >
                {t('devices.remove')}
              </Button>
            </Stack>
          </Stack>
        </Card>
      ))}
      <RenameDialog key={renaming?.id ?? ''} device={renaming} onClose={() => setRenaming(null)} />
    </Stack>
  );
}

function RenameDialog({ device, onClose }: { device: Device | null; onClose: () => void }) {
  const { t } = useTranslation('tokens');
  const rename = useRenameDeviceMutation();
  const [name, setName] = useState(device?.name ?? '');
  const trimmed = name.trim();
  const submit = () => {
    if (device === null || trimmed === '') return;
    rename.mutate({ id: device.id, name: trimmed }, { onSuccess: onClose });
  };
  return (
    <Dialog open={device !== null} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('devices.rename-title')}</DialogTitle>
      <DialogContent>
        {rename.error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(rename.error)}
          </Alert>
        ) : null}
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={t('devices.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') submit();
          }}
          slotProps={{ htmlInput: { maxLength: 255, 'data-testid': 'device-name-input' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('devices.cancel')}</Button>
        <Button
          variant="contained"
          disabled={trimmed === '' || rename.isPending}
          onClick={submit}
          data-testid="device-rename-save"
        >
          {t('devices.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import type { Device } from '@romshelf/contract';
import HistoryRounded from '@mui/icons-material/HistoryRounded';
import SyncRounded from '@mui/icons-material/SyncRounded';
import TuneRounded from '@mui/icons-material/TuneRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';

import { usePushPullMutation } from '../api/device-sync';
import { DeviceSyncHistory } from './device-sync-history';
import { DeviceSyncSettings } from './device-sync-settings';

/** A device's sync buttons: its settings, its history, and for push_pull a sync now. */
export function DeviceSyncActions({ device }: { device: Device }) {
  const { t } = useTranslation('tokens');
  const [open, setOpen] = useState<'settings' | 'history' | null>(null);
  const pushPull = usePushPullMutation(device.id);
  const syncNow = () => pushPull.mutate(undefined, { onSuccess: () => setOpen('history') });
  return (
    <>
      <Button
        size="small"
        startIcon={<TuneRounded />}
        onClick={() => setOpen('settings')}
        data-testid="device-sync-settings"
      >
        {t('device-sync.settings')}
      </Button>
      <Button
        size="small"
        startIcon={<HistoryRounded />}
        onClick={() => setOpen('history')}
        data-testid="device-sync-history"
      >
        {t('device-sync.history')}
      </Button>
      {device.sync_mode === 'push_pull' && device.sync_enabled ? (
        <Button
          size="small"
          startIcon={<SyncRounded />}
          disabled={pushPull.isPending}
          onClick={syncNow}
          data-testid="device-sync-now"
        >
          {t('device-sync.sync-now')}
        </Button>
      ) : null}
      {pushPull.error ? (
        <Alert severity="error" sx={{ width: '100%' }}>
          {errorMessage(pushPull.error)}
        </Alert>
      ) : null}
      {open === 'settings' ? (
        <DeviceSyncSettings device={device} onClose={() => setOpen(null)} />
      ) : null}
      {open === 'history' ? (
        <DeviceSyncHistory device={device} onClose={() => setOpen(null)} />
      ) : null}
    </>
  );
}

import type { Device, SyncSession } from '@romshelf/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';

import { useSyncConflictsQuery, useSyncSessionsQuery } from '../api/device-sync';

const STATUS_COLOR = {
  pending: 'default',
  in_progress: 'info',
  completed: 'success',
  failed: 'error',
  cancelled: 'default',
} as const;

function SessionRow({ session }: { session: SyncSession }) {
  const { t } = useTranslation('tokens');
  const running = session.status === 'in_progress' || session.status === 'pending';
  const planned = session.operations_planned;
  return (
    <Stack spacing={0.5} data-testid="sync-session">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip
          size="small"
          color={STATUS_COLOR[session.status]}
          label={t(`device-sync.status.${session.status}`)}
        />
        <Typography variant="body2">{formatDateTime(session.initiated_at)}</Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('device-sync.counts', {
          done: session.operations_completed,
          planned,
          failed: session.operations_failed,
        })}
      </Typography>
      {running ? (
        <LinearProgress
          aria-label={t('device-sync.progress')}
          variant={planned > 0 ? 'determinate' : 'indeterminate'}
          value={planned > 0 ? (100 * session.operations_completed) / planned : 0}
        />
      ) : null}
      {session.error_message === null ? null : (
        <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
          {session.error_message}
        </Alert>
      )}
    </Stack>
  );
}

/** The device's sync sessions, live while one runs, and the conflicts told of meanwhile. */
export function DeviceSyncHistory({ device, onClose }: { device: Device; onClose: () => void }) {
  const { t } = useTranslation('tokens');
  const sessions = useSyncSessionsQuery(device.id);
  const conflicts = useSyncConflictsQuery(device.id);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>
        {t('device-sync.history-title', { name: device.name ?? t('devices.unnamed') })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {sessions.error ? <Alert severity="error">{errorMessage(sessions.error)}</Alert> : null}
          {(conflicts.data ?? []).map((conflict) => (
            <Alert key={`${String(conflict.session_id)}-${conflict.file_name}`} severity="warning">
              {t('device-sync.conflict', {
                file: conflict.file_name,
                game: conflict.rom_name,
                reason: conflict.reason,
              })}
            </Alert>
          ))}
          {sessions.data?.length === 0 ? (
            <Typography color="text.secondary">{t('device-sync.no-sessions')}</Typography>
          ) : null}
          {(sessions.data ?? []).map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('device-sync.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

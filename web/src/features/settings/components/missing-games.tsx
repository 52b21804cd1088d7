import CleaningServicesRounded from '@mui/icons-material/CleaningServicesRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TASK_NAMES } from '@romshelf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';
import { libraryChanged } from '@/shared/api/library-changed';

import { missingRomsKeys, useMissingRomsQuery } from '../api/library-config-edits';
import { useRunTaskMutation, useTaskEvents, useTaskStatusesQuery } from '../api/tasks';

/** ROMs missing from disk, and "clean up all" (the cleanup_missing_roms task) after a confirm. */
export function MissingGames() {
  const { t } = useTranslation('settings');
  const client = useQueryClient();
  const missing = useMissingRomsQuery();
  const run = useRunTaskMutation();
  const statuses = useTaskStatusesQuery();
  useTaskEvents();
  const [confirming, setConfirming] = useState(false);
  const [taskId, setTaskId] = useState<string | null>(null);
  const runStatus = statuses.data?.find((status) => status.task_id === taskId);
  const running = taskId !== null && runStatus?.ended_at == null;

  useEffect(() => {
    if (taskId === null || runStatus?.ended_at == null) return;
    void client.invalidateQueries({ queryKey: missingRomsKeys.all });
    libraryChanged(client);
  }, [client, runStatus?.ended_at, taskId]);

  const total = missing.data?.total ?? 0;
  const cleanUp = () =>
    run.mutate(TASK_NAMES.cleanupMissingRoms, {
      onSuccess: (execution) => {
        setTaskId(execution.task_id);
        setConfirming(false);
      },
    });
  return (
    <Card data-testid="missing-games">
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}
        >
          <div>
            <Typography variant="h6" component="h2">
              {t('library-management.missing-title')}
            </Typography>
            <Typography variant="body2" color="text.secondary" data-testid="missing-count">
              {t('library-management.missing-count', { count: total })}
            </Typography>
          </div>
          <Button
            variant="outlined"
            color="error"
            startIcon={<CleaningServicesRounded />}
            disabled={total === 0 || running}
            onClick={() => setConfirming(true)}
            data-testid="missing-cleanup"
          >
            {running ? t('library-management.cleaning') : t('library-management.cleanup-all')}
          </Button>
        </Stack>
        {missing.error ? <Alert severity="error">{errorMessage(missing.error)}</Alert> : null}
        <Stack spacing={0.5}>
          {(missing.data?.items ?? []).map((rom) => (
            <Stack
              key={rom.id}
              direction="row"
              spacing={1}
              sx={{ borderBottom: 1, borderColor: 'divider', py: 0.5, minWidth: 0 }}
            >
              <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {rom.name ?? rom.fs_name}
              </Typography>
              <Typography
                variant="caption"
                color="text.secondary"
                sx={{ overflowWrap: 'anywhere' }}
              >
                {rom.platform_display_name} · {rom.fs_path}/{rom.fs_name}
              </Typography>
            </Stack>
          ))}
        </Stack>
      </CardContent>
      <Dialog open={confirming} onClose={() => setConfirming(false)} maxWidth="xs" fullWidth>
        <DialogTitle>{t('library-management.cleanup-title')}</DialogTitle>
        <DialogContent>
          {run.error ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errorMessage(run.error)}
            </Alert>
          ) : null}
          <DialogContentText>
            {t('library-management.cleanup-text', { count: total })}
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setConfirming(false)}>{t('user-dialog.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={run.isPending}
            onClick={cleanUp}
            data-testid="missing-cleanup-confirm"
          >
            {t('library-management.cleanup-all')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}

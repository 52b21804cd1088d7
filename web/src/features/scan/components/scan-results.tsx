import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { isScanActive, useScanStore } from '../stores/scan-store';
import { ScanLog } from './scan-log';
import { ScanPanel } from './scan-panel';
import { ScanStatsPanel } from './scan-stats';

/** How the scan ended, its progress, counters and log (or a word that none ran yet). */
export function ScanResults() {
  const { t } = useTranslation('scan');
  const status = useScanStore((state) => state.status);
  const error = useScanStore((state) => state.error);
  const stats = useScanStore((state) => state.stats);
  const withMetadata = useScanStore((state) => state.withMetadata);
  return (
    <Stack spacing={2.5} sx={{ minWidth: 0 }}>
      {status === 'done' ? (
        <Alert severity="success" data-testid="scan-done">
          <AlertTitle>{t('scan.done-title')}</AlertTitle>
          {stats
            ? t(withMetadata ? 'scan.done-text-identified' : 'scan.done-text', {
                roms: stats.new_roms,
                platforms: stats.new_platforms,
                identified: stats.identified_roms,
              })
            : null}
        </Alert>
      ) : null}
      {status === 'failed' ? (
        <Alert severity="error" data-testid="scan-failed">
          <AlertTitle>{t('scan.failed-title')}</AlertTitle>
          {error}
        </Alert>
      ) : null}
      {status === 'idle' ? (
        <ScanPanel title={t('scan.log')}>
          <Typography variant="body2" color="text.secondary" data-testid="scan-idle">
            {t('scan.idle')}
          </Typography>
        </ScanPanel>
      ) : (
        <>
          <ScanProgress />
          <ScanStatsPanel />
          <ScanLog />
        </>
      )}
    </Stack>
  );
}

function ScanProgress() {
  const { t } = useTranslation('scan');
  const status = useScanStore((state) => state.status);
  const stats = useScanStore((state) => state.stats);
  const active = isScanActive(status);
  const value =
    stats && stats.total_roms > 0
      ? Math.min(100, (stats.scanned_roms / stats.total_roms) * 100)
      : null;
  return (
    <Box data-testid="scan-progress" data-status={status}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.75 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t(`status.${status}`)}
        </Typography>
        {stats ? (
          <Typography variant="body2" color="text.secondary" data-testid="scan-progress-count">
            {t('scan.progress', { scanned: stats.scanned_roms, total: stats.total_roms })}
          </Typography>
        ) : null}
      </Stack>
      <LinearProgress
        variant={value === null ? (active ? 'indeterminate' : 'determinate') : 'determinate'}
        value={value ?? (active ? 0 : 100)}
        color={status === 'failed' ? 'error' : status === 'done' ? 'success' : 'primary'}
        sx={{ height: 8, borderRadius: 99 }}
      />
    </Box>
  );
}

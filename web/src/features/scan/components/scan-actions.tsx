import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import StopRounded from '@mui/icons-material/StopRounded';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

import { stopScan } from '../scan-socket';
import { isScanActive, useScanStore } from '../stores/scan-store';

/** Start and stop, stuck to the bottom of the window so the main action shows without scrolling. */
export function ScanActions({ onStart }: { onStart: () => void }) {
  const { t } = useTranslation('scan');
  const status = useScanStore((state) => state.status);
  const active = isScanActive(status);
  return (
    <Stack
      direction="row"
      spacing={1.5}
      data-testid="scan-actions"
      sx={{
        position: 'sticky',
        bottom: 0,
        zIndex: 2,
        py: 1.5,
        bgcolor: 'background.default',
      }}
    >
      <Button
        variant="contained"
        size="large"
        startIcon={<PlayArrowRounded />}
        disabled={active}
        onClick={onStart}
        data-testid="scan-start"
        sx={{ flex: 1 }}
      >
        {active ? t('scan.running') : t('scan.start')}
      </Button>
      <Button
        variant="outlined"
        color="error"
        size="large"
        startIcon={<StopRounded />}
        disabled={!active || status === 'stopping'}
        onClick={stopScan}
        data-testid="scan-stop"
      >
        {t('scan.stop')}
      </Button>
    </Stack>
  );
}

import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ErrorRounded from '@mui/icons-material/ErrorRounded';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { formatBytes } from '@/lib/format';
import type { UploadItem } from '@/shared/stores/upload-store';

/** One file's upload: name, bar, loaded / total, rate, or the failure reason. */
export function UploadProgressRow({ item, dense = false }: { item: UploadItem; dense?: boolean }) {
  const { t } = useTranslation('rom');
  const state = item.failed ? 'failed' : item.finished ? 'finished' : 'running';
  return (
    <Box
      data-testid="upload-item"
      data-state={state}
      data-filename={item.filename}
      sx={{ py: dense ? 0.75 : 1, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
        {item.failed ? (
          <ErrorRounded color="error" sx={{ fontSize: 18 }} />
        ) : item.finished ? (
          <CheckCircleRounded color="success" sx={{ fontSize: 18 }} />
        ) : null}
        <Typography
          variant="body2"
          noWrap
          title={item.filename}
          sx={{ flex: 1, minWidth: 0, fontWeight: 600 }}
        >
          {item.filename}
        </Typography>
        <Typography
          variant="caption"
          color="text.secondary"
          data-testid="upload-item-progress"
          sx={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {item.failed ? '' : `${String(Math.round(item.progress))}%`}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={item.progress}
        color={item.failed ? 'error' : item.finished ? 'success' : 'primary'}
        sx={{ mt: 0.75, height: 6, borderRadius: 3 }}
      />
      {item.failed ? (
        <Typography
          variant="caption"
          color="error"
          component="p"
          data-testid="upload-item-error"
          sx={{ mt: 0.5 }}
        >
          {item.failureReason}
        </Typography>
      ) : (
        <Typography
          variant="caption"
          color="text.secondary"
          component="p"
          sx={{ mt: 0.5, fontVariantNumeric: 'tabular-nums' }}
        >
          {item.total > 0
            ? t('upload.loaded', {
                loaded: formatBytes(item.loaded),
                total: formatBytes(item.total),
              })
            : t('upload.waiting')}
          {item.rate > 0 && !item.finished
            ? ` · ${t('upload.rate', { rate: formatBytes(item.rate) })}`
            : ''}
        </Typography>
      )}
    </Box>
  );
}

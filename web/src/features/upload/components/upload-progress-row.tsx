import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import ErrorRounded from '@mui/icons-material/ErrorRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { formatBytes } from '@/lib/format';
import { cancelUpload } from '@/lib/upload-cancel';
import type { UploadItem } from '@/shared/stores/upload-store';

import { MAX_ATTEMPTS } from '../api/chunked-upload';

/**
 * One file's upload: name, bar, loaded / total, rate, a coming retry or the final step, or the
 * failure reason; a running upload can be cancelled.
 */
export function UploadProgressRow({ item, dense = false }: { item: UploadItem; dense?: boolean }) {
  const { t } = useTranslation('rom');
  const state = item.failed ? 'failed' : item.finished ? 'finished' : 'running';
  return (
    <Box
      data-testid="upload-item"
      data-state={state}
      data-retrying={String(item.retry !== null)}
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
        {state === 'running' && !item.assembling ? (
          <IconButton
            size="small"
            data-testid="upload-item-cancel"
            aria-label={t('upload.cancel-file', { name: item.filename })}
            onClick={() => cancelUpload(item.id)}
            sx={{ my: -0.5 }}
          >
            <CloseRounded fontSize="small" />
          </IconButton>
        ) : null}
      </Box>
      <LinearProgress
        variant="determinate"
        value={item.progress}
        aria-label={item.filename}
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
      ) : item.retry ? (
        <Typography
          variant="caption"
          color="warning.main"
          component="p"
          role="status"
          data-testid="upload-item-retry"
          sx={{ mt: 0.5 }}
        >
          {t('upload.retrying', {
            seconds: Math.ceil(item.retry.delayMs / 1000),
            attempt: item.retry.attempt,
            max: MAX_ATTEMPTS - 1,
          })}
        </Typography>
      ) : item.assembling && !item.finished ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {t('upload.assembling')}
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

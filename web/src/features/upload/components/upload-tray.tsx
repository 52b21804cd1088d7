import CloudUploadRounded from '@mui/icons-material/CloudUploadRounded';
import ExpandLessRounded from '@mui/icons-material/ExpandLessRounded';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { isDone, useUploadStore } from '@/shared/stores/upload-store';

import { UploadProgressRow } from './upload-progress-row';

/** Uploads in progress and done, kept in view on every page; "clear finished" empties it. */
export function UploadTray() {
  const { t } = useTranslation('rom');
  const items = useUploadStore((state) => state.items);
  const clearFinished = useUploadStore((state) => state.clearFinished);
  const dialogOpen = useUploadStore((state) => state.dialogOpen);
  const [collapsed, setCollapsed] = useState(false);
  if (items.length === 0) return null;
  const running = items.filter((item) => !isDone(item));
  const failed = items.filter((item) => item.failed).length;
  const overall =
    items.reduce((sum, item) => sum + (isDone(item) ? 100 : item.progress), 0) / items.length;
  return (
    <Paper
      elevation={8}
      data-testid="upload-tray"
      role="region"
      aria-label={t('upload.tray')}
      sx={{
        position: 'fixed',
        right: { xs: 8, sm: 20 },
        bottom: { xs: 8, sm: 20 },
        left: { xs: 8, sm: 'auto' },
        width: { sm: 360 },
        zIndex: (theme) => theme.zIndex.snackbar,
        borderRadius: '16px',
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
        visibility: dialogOpen ? 'hidden' : 'visible',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.25 }}>
        <CloudUploadRounded color="primary" fontSize="small" />
        <Typography variant="subtitle2" sx={{ flex: 1 }} data-testid="upload-tray-title">
          {running.length > 0
            ? t('upload.tray-running', { count: running.length })
            : failed > 0
              ? t('upload.tray-failed', { count: failed })
              : t('upload.tray-done', { count: items.length })}
        </Typography>
        {running.length < items.length ? (
          <Button size="small" onClick={clearFinished} data-testid="upload-clear-finished">
            {t('upload.clear-finished')}
          </Button>
        ) : null}
        <IconButton
          size="small"
          onClick={() => setCollapsed(!collapsed)}
          aria-label={collapsed ? t('upload.expand') : t('upload.collapse')}
          aria-expanded={!collapsed}
        >
          {collapsed ? <ExpandLessRounded /> : <ExpandMoreRounded />}
        </IconButton>
      </Box>
      {running.length > 0 ? (
        <LinearProgress
          variant="determinate"
          value={overall}
          aria-label={t('upload.tray')}
          sx={{ height: 3 }}
        />
      ) : null}
      {collapsed ? null : (
        <Box sx={{ px: 2, pb: 1, maxHeight: { xs: 150, sm: 280 }, overflowY: 'auto' }}>
          {items.map((item) => (
            <UploadProgressRow key={item.id} item={item} dense />
          ))}
        </Box>
      )}
    </Paper>
  );
}

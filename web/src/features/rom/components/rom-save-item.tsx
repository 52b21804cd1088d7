import DownloadRounded from '@mui/icons-material/DownloadRounded';
import RestoreRounded from '@mui/icons-material/RestoreRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Save, SaveVersion, State } from '@romshelf/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';
import { formatBytes, formatDateTime } from '@/lib/format';
import type { AssetKind } from '../api/save-history';
import { useRestoreVersionMutation, useVersionsQuery } from '../api/save-history';

/** One save or state: its current content, and its earlier versions on demand. */
export function RomSaveItem({ kind, asset }: { kind: AssetKind; asset: Save | State }) {
  const { t } = useTranslation('rom');
  const [open, setOpen] = useState(false);
  const versions = useVersionsQuery(kind, asset.id, open);
  const restore = useRestoreVersionMutation(kind, asset);
  const [restored, setRestored] = useState<string | null>(null);
  const slot = 'slot' in asset ? asset.slot : null;
  return (
    <Box
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5, minWidth: 0 }}
      data-testid="rom-save-item"
    >
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {asset.file_name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {[
              slot === null ? null : t('saves.slot', { slot }),
              formatDateTime(asset.updated_at),
              formatBytes(asset.file_size_bytes),
              asset.emulator,
            ]
              .filter((part) => part !== null && part !== '')
              .join(' · ')}
          </Typography>
        </Box>
        <Button size="small" onClick={() => setOpen(!open)} data-testid="rom-save-versions-toggle">
          {open ? t('saves.hide-versions') : t('saves.show-versions')}
        </Button>
      </Stack>
      {restored !== null ? (
        <Alert severity="success" sx={{ mt: 1 }} data-testid="rom-save-restored">
          {t('saves.restored', { date: restored })}
        </Alert>
      ) : null}
      {restore.error ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(restore.error)}
        </Alert>
      ) : null}
      {open ? (
        <Stack spacing={0.5} sx={{ mt: 1 }} data-testid="rom-save-versions">
          {versions.error ? <Alert severity="error">{errorMessage(versions.error)}</Alert> : null}
          {versions.data?.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('saves.no-versions')}
            </Typography>
          ) : null}
          {(versions.data ?? []).map((version) => (
            <VersionRow
              key={version.id}
              version={version}
              busy={restore.isPending}
              onRestore={() =>
                restore.mutate(version.id, {
                  onSuccess: () => setRestored(formatDateTime(version.saved_at)),
                })
              }
            />
          ))}
        </Stack>
      ) : null}
    </Box>
  );
}

function VersionRow({
  version,
  busy,
  onRestore,
}: {
  version: SaveVersion;
  busy: boolean;
  onRestore: () => void;
}) {
  const { t } = useTranslation('rom');
  const when = formatDateTime(version.saved_at);
  return (
    <Stack
      direction="row"
      sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
      data-testid="rom-save-version"
    >
      <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        {when}
        {' · '}
        {version.device_name ?? version.device_id ?? t('saves.no-device')}
        {' · '}
        {formatBytes(version.file_size_bytes)}
      </Typography>
      <IconButton
        size="small"
        component="a"
        href={version.download_path}
        download={version.file_name}
        aria-label={t('saves.download', { date: when })}
      >
        <DownloadRounded fontSize="small" />
      </IconButton>
      <Button
        size="small"
        variant="outlined"
        startIcon={<RestoreRounded />}
        disabled={busy}
        onClick={onRestore}
        data-testid="rom-save-restore"
      >
        {t('saves.restore')}
      </Button>
    </Stack>
  );
}

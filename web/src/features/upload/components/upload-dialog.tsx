import CloseRounded from '@mui/icons-material/CloseRounded';
import CloudUploadRounded from '@mui/icons-material/CloudUploadRounded';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Platform } from '@romshelf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { usePlatformsQuery, useSupportedPlatformsQuery } from '@/shared/api/platforms';
import { errorMessage } from '@/lib/api-client';
import { formatBytes } from '@/lib/format';
import { useHeartbeatStore } from '@/shared/stores/heartbeat-store';
import { useUploadStore } from '@/shared/stores/upload-store';
import { useAddPlatformFolderMutation } from '../api/add-platform-folder';
import { CHUNK_BYTES, chunkTimeoutMs, uploadTimeoutMs } from '../api/chunked-upload';
import { runUploads } from '../run-uploads';
import { UploadFilePicker } from './upload-file-picker';
import { UploadProgressRow } from './upload-progress-row';
import type { PlatformChoice } from './upload-platform-picker';
import { platformChoices, UploadPlatformPicker } from './upload-platform-picker';

const NO_PLATFORMS: readonly Platform[] = [];

/**
 * Upload games: pick a platform, choose or drop files, then watch each file's progress. Files
 * go up in parts through the chunked upload and resume after a dropped connection (SPEC §7's
 * one request per file is kept for RomM clients only). Closing the dialog keeps the uploads
 * going in the tray.
 */
export function UploadDialog() {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const open = useUploadStore((state) => state.dialogOpen);
  const closeDialog = useUploadStore((state) => state.closeDialog);
  return (
    <Dialog
      open={open}
      onClose={closeDialog}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      data-testid="upload-dialog"
    >
      <UploadForm onClose={closeDialog} />
    </Dialog>
  );
}

/** The dialog's content: mounted on opening, so every opening starts afresh. */
function UploadForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('rom');
  const queryClient = useQueryClient();
  const items = useUploadStore((state) => state.items);
  const heartbeat = useHeartbeatStore((state) => state.value);
  const platforms = usePlatformsQuery();
  const supported = useSupportedPlatformsQuery();
  const libraryPlatforms = platforms.data ?? NO_PLATFORMS;
  const [picked, setChoice] = useState<PlatformChoice | null>(null);
  const addFolder = useAddPlatformFolderMutation();
  const adding = addFolder.isPending;
  const addError = addFolder.error ? errorMessage(addFolder.error) : null;
  // Until the user picks, the platform the dialog was opened for (a platform page's).
  const initialId = useUploadStore((state) => state.dialogPlatformId);
  const initial = libraryPlatforms.find((platform) => platform.id === initialId);
  const choice =
    picked ??
    (initial
      ? (platformChoices([initial], []).find((item) => item.id === initial.id) ?? null)
      : null);
  const [files, setFiles] = useState<File[]>([]);
  const [batch, setBatch] = useState<number[]>([]);
  const timeoutMs = uploadTimeoutMs(heartbeat);
  const closeDialog = onClose;

  const batchItems = items.filter((item) => batch.includes(item.id));
  const running = batchItems.some((item) => !item.finished && !item.failed);
  const started = batch.length > 0;

  const start = async () => {
    if (choice === null || files.length === 0) return;
    let platformId = choice.id;
    if (platformId === null) {
      try {
        platformId = (await addFolder.mutateAsync(choice.fsSlug)).id;
      } catch {
        return;
      }
    }
    const store = useUploadStore.getState();
    const jobs = files.map((file) => ({ id: store.add(file.name), file }));
    setBatch(jobs.map((job) => job.id));
    void runUploads(jobs, {
      platformId,
      timeoutMs,
      queryClient,
      translate: (key, options) => t(key, options),
    });
  };

  return (
    <>
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1.5, pr: 7 }}>
        <CloudUploadRounded color="primary" />
        {t('upload.title')}
        <IconButton
          onClick={closeDialog}
          aria-label={t('actions.close')}
          sx={{ position: 'absolute', right: 12, top: 12 }}
        >
          <CloseRounded />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <UploadPlatformPicker
            library={libraryPlatforms}
            supported={supported.data ?? []}
            value={choice}
            onChange={setChoice}
            disabled={started || adding}
          />
          {addError ? (
            <Alert severity="error" role="alert" data-testid="upload-platform-error">
              {addError}
            </Alert>
          ) : null}

          {started ? (
            <Box data-testid="upload-progress-list">
              {batchItems.map((item) => (
                <UploadProgressRow key={item.id} item={item} />
              ))}
            </Box>
          ) : (
            <UploadFilePicker files={files} onChange={setFiles} />
          )}
          <Alert severity="info" icon={<InfoOutlined />} data-testid="upload-timeout-hint">
            {t('upload.timeout-hint', {
              size: formatBytes(CHUNK_BYTES),
              seconds: chunkTimeoutMs(timeoutMs) / 1000,
            })}
          </Alert>
        </Stack>
      </DialogContent>
      <DialogActions>
        {started ? (
          <>
            <Typography variant="caption" color="text.secondary" sx={{ mr: 'auto', pl: 1 }}>
              {running ? t('upload.keeps-going') : t('upload.done')}
            </Typography>
            {running ? null : (
              <Button
                onClick={() => {
                  setBatch([]);
                  setFiles([]);
                }}
              >
                {t('upload.more')}
              </Button>
            )}
            <Button variant="contained" onClick={closeDialog} data-testid="upload-close">
              {t('actions.close')}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={closeDialog}>{t('actions.cancel')}</Button>
            <Button
              variant="contained"
              startIcon={<CloudUploadRounded />}
              disabled={choice === null || files.length === 0 || adding}
              onClick={() => void start()}
              data-testid="upload-start"
            >
              {t('upload.start', { count: files.length })}
            </Button>
          </>
        )}
      </DialogActions>
    </>
  );
}

import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import MenuBookRounded from '@mui/icons-material/MenuBookRounded';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import type { DetailedRom } from '@romshelf/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FileButton } from '@/components/file-button';
import { errorMessage } from '@/lib/api-client';
import { startDownload } from '@/lib/download';
import { useHasScopes } from '@/shared/stores/use-scopes';

import { manualUrl, useManualMutation } from '../api/manuals';

/**
 * The game's manual (PDF): view it in the page or a new tab, download it, upload, replace or
 * remove it.
 */
export function RomManual({
  rom,
  onChange,
}: {
  rom: DetailedRom;
  onChange: (rom: DetailedRom) => void;
}) {
  const { t } = useTranslation('rom');
  const canWrite = useHasScopes('roms.write');
  const [viewing, setViewing] = useState(false);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const url = manualUrl(rom);
  const downloadUrl = manualUrl(rom, true);

  const change = useManualMutation(rom.id, {
    onSuccess: (updated, file) => {
      if (!file) setViewing(false);
      onChange(updated);
    },
    onSettled: (_, __, file) => {
      if (!file) setConfirmingRemoval(false);
    },
  });
  const busy = change.isPending;
  const error = change.error ? errorMessage(change.error) : null;

  return (
    <Box data-testid="rom-manual">
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {url ? (
          <>
            <Button
              variant="contained"
              startIcon={<MenuBookRounded />}
              onClick={() => setViewing(!viewing)}
              data-testid="manual-view"
            >
              {viewing ? t('manual.hide') : t('manual.view')}
            </Button>
            <Button
              component="a"
              href={url}
              target="_blank"
              rel="noopener"
              startIcon={<OpenInNewRounded />}
              data-testid="manual-open"
            >
              {t('manual.open')}
            </Button>
            <Button
              onClick={() => startDownload(downloadUrl ?? url, `${rom.fs_name_no_ext}.pdf`)}
              data-testid="manual-download"
            >
              {t('manual.download')}
            </Button>
          </>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }}>
            {t('manual.none')}
          </Typography>
        )}
        {canWrite ? (
          <FileButton
            startIcon={<UploadFileRounded />}
            loading={busy}
            accept="application/pdf,.pdf"
            inputTestId="manual-input"
            onFiles={([file]) => {
              if (file) change.mutate(file);
            }}
          >
            {url ? t('manual.replace') : t('manual.upload')}
          </FileButton>
        ) : null}
        {canWrite && url ? (
          <Button
            color="error"
            startIcon={<DeleteOutlineRounded />}
            disabled={busy}
            onClick={() => setConfirmingRemoval(true)}
            data-testid="manual-remove"
          >
            {t('manual.remove')}
          </Button>
        ) : null}
      </Stack>
      <Dialog
        open={confirmingRemoval}
        onClose={() => setConfirmingRemoval(false)}
        aria-labelledby="manual-remove-title"
        data-testid="manual-remove-dialog"
      >
        <DialogTitle id="manual-remove-title">{t('manual.remove-title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('manual.remove-text')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmingRemoval(false)}>{t('actions.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            loading={busy}
            onClick={() => change.mutate(null)}
            data-testid="manual-remove-confirm"
          >
            {t('manual.remove')}
          </Button>
        </DialogActions>
      </Dialog>
      {error ? (
        <Alert severity="error" sx={{ mt: 1.5 }} data-testid="manual-error">
          {error}
        </Alert>
      ) : null}
      {url && viewing ? (
        <Box
          component="iframe"
          src={url}
          title={t('manual.title')}
          // No `sandbox` attribute: browsers refuse to run their PDF viewer in a sandboxed frame.
          // The server sends the manual as application/pdf with nosniff and a `sandbox` CSP,
          // so the document itself is isolated.
          data-testid="manual-frame"
          sx={{
            mt: 2,
            width: '100%',
            height: { xs: 480, md: 720 },
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
            bgcolor: 'background.default',
          }}
        />
      ) : null}
    </Box>
  );
}

import CloudDownloadRounded from '@mui/icons-material/CloudDownloadRounded';
import NoteAddRounded from '@mui/icons-material/NoteAddRounded';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import type { DetailedRom } from '@romshelf/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FileButton } from '@/components/file-button';
import { errorMessage } from '@/lib/api-client';
import { useHasScopes } from '@/shared/stores/use-scopes';

import { manualUrl, romFileUrl, useManualActions } from '../api/manuals';
import type { ManualItem } from './manual-entry';
import { ManualEntry } from './manual-entry';

const ManualViewer = lazy(() => import('./manual-viewer'));

/** The game's manuals as rows: its manual first, then the manual files in its folder. */
function useManualItems(rom: DetailedRom, actions: ReturnType<typeof useManualActions>) {
  const { t } = useTranslation('rom');
  const canWrite = useHasScopes('roms.write');
  const items: ManualItem[] = [];
  const main = manualUrl(rom);
  if (main !== null) {
    items.push({
      key: 'main',
      name: `${rom.fs_name_no_ext}.pdf`,
      url: main,
      downloadUrl: manualUrl(rom, true) ?? main,
      isPdf: true,
      removal: canWrite
        ? {
            text: t('manual.remove-text'),
            run: () => actions.remove.mutate(),
            busy: actions.remove.isPending,
          }
        : null,
    });
  }
  for (const file of rom.files.filter((entry) => entry.category === 'manual')) {
    const url = romFileUrl(file);
    items.push({
      key: String(file.id),
      name: file.file_name,
      url,
      downloadUrl: url,
      isPdf: file.file_name.toLowerCase().endsWith('.pdf'),
      removal: canWrite
        ? {
            text: t('carried.remove-file-text', { name: file.file_name }),
            run: () => actions.removeFile.mutate(file.id),
            busy: actions.removeFile.isPending,
          }
        : null,
    });
  }
  return items;
}

/**
 * The game's manuals: read (PDF viewer), download, upload or replace its manual and add manual
 * files to a game kept in a folder (both through the upload tray), download the provider's
 * manual again, remove one.
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
  const actions = useManualActions(rom.id, onChange);
  const items = useManualItems(rom, actions);
  const [reading, setReading] = useState<ManualItem | null>(null);
  const failed = [
    actions.upload,
    actions.remove,
    actions.redownload,
    actions.addFile,
    actions.removeFile,
  ].find((action) => action.error !== null);
  const inFolder = !rom.has_simple_single_file;
  return (
    <Box data-testid="rom-manual">
      {items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('manual.none')}
        </Typography>
      ) : (
        <Box data-testid="manual-list">
          {items.map((item) => (
            <ManualEntry key={item.key} item={item} onRead={() => setReading(item)} />
          ))}
        </Box>
      )}
      {canWrite ? (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
          <FileButton
            startIcon={<UploadFileRounded />}
            accept="application/pdf,.pdf"
            inputTestId="manual-input"
            onFiles={([file]) => {
              if (file) actions.upload.mutate(file);
            }}
          >
            {rom.has_manual ? t('manual.replace') : t('manual.upload')}
          </FileButton>
          {inFolder ? (
            <FileButton
              startIcon={<NoteAddRounded />}
              accept="application/pdf,.pdf,.txt,.md,text/plain,text/markdown"
              multiple
              inputTestId="manual-file-input"
              onFiles={(files) => {
                for (const file of files) actions.addFile.mutate(file);
              }}
            >
              {t('carried.add-file')}
            </FileButton>
          ) : null}
          {rom.url_manual ? (
            <Button
              startIcon={<CloudDownloadRounded />}
              loading={actions.redownload.isPending}
              onClick={() => actions.redownload.mutate()}
              data-testid="manual-redownload"
            >
              {t('carried.redownload')}
            </Button>
          ) : null}
        </Stack>
      ) : null}
      {canWrite ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {t('carried.upload-hint', { seconds: actions.timeoutMs / 1000 })}
        </Typography>
      ) : null}
      {failed?.error ? (
        <Alert severity="error" sx={{ mt: 1.5 }} data-testid="manual-error">
          {errorMessage(failed.error)}
        </Alert>
      ) : null}
      {reading !== null ? (
        <Suspense fallback={null}>
          <ManualViewer url={reading.url} name={reading.name} onClose={() => setReading(null)} />
        </Suspense>
      ) : null}
    </Box>
  );
}

import FolderOpenRounded from '@mui/icons-material/FolderOpenRounded';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';
import { sortPlatforms, usePlatformsQuery } from '@/shared/api/platforms';

import { useDatsQuery, useSyncDatFolderMutation, useUploadDatMutation } from '../api/dats';
import { DatFileRow } from './dat-file-row';

/** Library management: DAT files (No-Intro, Redump, TOSEC) to verify the library against. */
export function DatFilesCard() {
  const { t } = useTranslation('settings');
  const dats = useDatsQuery();
  const platforms = sortPlatforms(usePlatformsQuery().data ?? []);
  const upload = useUploadDatMutation();
  const sync = useSyncDatFolderMutation();
  const input = useRef<HTMLInputElement>(null);
  const failure = upload.error ?? sync.error;
  const list = dats.data ?? [];
  return (
    <Card data-testid="dat-files-card">
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('dats.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('dats.text')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 1 }}>
          <input
            ref={input}
            type="file"
            accept=".dat,.xml,.zip"
            hidden
            data-testid="dat-upload-input"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file !== undefined) upload.mutate(file);
            }}
          />
          <Button
            variant="contained"
            startIcon={<UploadFileRounded />}
            disabled={upload.isPending}
            onClick={() => input.current?.click()}
            data-testid="dat-upload"
          >
            {t('dats.upload')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<FolderOpenRounded />}
            disabled={sync.isPending}
            onClick={() => sync.mutate()}
            data-testid="dat-folder-sync"
          >
            {t('dats.read-folder')}
          </Button>
        </Stack>
        {upload.progress === null ? null : (
          <Box sx={{ my: 1.5 }}>
            <Typography variant="body2" id="dat-upload-progress">
              {upload.progress < 1 ? t('dats.uploading') : t('dats.importing')}
            </Typography>
            <LinearProgress
              aria-labelledby="dat-upload-progress"
              variant={upload.progress < 1 ? 'determinate' : 'indeterminate'}
              value={Math.round(upload.progress * 100)}
            />
          </Box>
        )}
        {failure === null ? null : (
          <Alert severity="error" sx={{ my: 1.5 }}>
            {errorMessage(failure)}
          </Alert>
        )}
        {sync.data === undefined ? null : (
          <Alert severity={sync.data.failed.length > 0 ? 'warning' : 'success'} sx={{ my: 1.5 }}>
            {t('dats.folder-result', sync.data)}
            {sync.data.failed.map((file) => (
              <Box key={file.path} sx={{ overflowWrap: 'anywhere' }}>
                {t('dats.folder-failed', file)}
              </Box>
            ))}
          </Alert>
        )}
        {list.length === 0 ? (
          <Typography variant="body2" color="text.secondary" data-testid="dat-files-empty">
            {t('dats.empty')}
          </Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {list.map((dat) => (
              <DatFileRow key={dat.id} dat={dat} platforms={platforms} />
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

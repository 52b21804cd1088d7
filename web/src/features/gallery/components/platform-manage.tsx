import DeleteForeverRounded from '@mui/icons-material/DeleteForeverRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Platform } from '@romshelf/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { FileButton } from '@/components/file-button';
import { errorMessage } from '@/lib/api-client';
import {
  useDeleteFirmwareMutation,
  useDeletePlatformMutation,
  useRenamePlatformMutation,
  useUploadFirmwareMutation,
} from '@/shared/api/platform-edits';
import { useNavigationStore } from '@/shared/stores/navigation-store';

/** The custom display name; empty goes back to the catalog name. Kept across rescans. */
export function PlatformRename({ platform }: { platform: Platform }) {
  const { t } = useTranslation('platform');
  const rename = useRenamePlatformMutation();
  const [value, setValue] = useState(platform.custom_name ?? '');
  const changed = value.trim() !== (platform.custom_name ?? '');
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          size="small"
          fullWidth
          label={t('info.custom-name')}
          placeholder={platform.name}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'platform-custom-name', maxLength: 400 } }}
        />
        <Button
          variant="outlined"
          startIcon={<EditRounded />}
          disabled={!changed || rename.isPending}
          onClick={() => rename.mutate({ id: platform.id, customName: value.trim() })}
          data-testid="platform-rename"
        >
          {t('info.rename')}
        </Button>
      </Stack>
      {rename.error ? <Alert severity="error">{errorMessage(rename.error)}</Alert> : null}
    </Stack>
  );
}

/** Removes the platform and its ROMs from the database after a confirm naming the count. */
export function PlatformDelete({ platform }: { platform: Platform }) {
  const { t } = useTranslation('platform');
  const navigate = useNavigate();
  const resetDrawers = useNavigationStore((state) => state.resetDrawers);
  const remove = useDeletePlatformMutation();
  const [open, setOpen] = useState(false);
  const confirm = () =>
    remove.mutate(platform.id, {
      onSuccess: () => {
        setOpen(false);
        resetDrawers();
        void navigate('/');
      },
    });
  return (
    <>
      <Button
        color="error"
        variant="outlined"
        startIcon={<DeleteForeverRounded />}
        onClick={() => setOpen(true)}
        data-testid="platform-delete"
      >
        {t('info.delete')}
      </Button>
      <Dialog
        open={open}
        onClose={remove.isPending ? undefined : () => setOpen(false)}
        maxWidth="xs"
        fullWidth
        slotProps={{ paper: { 'data-testid': 'platform-delete-dialog' } as object }}
      >
        <DialogTitle>{t('info.delete-title', { name: platform.display_name })}</DialogTitle>
        <DialogContent>
          {remove.error ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errorMessage(remove.error)}
            </Alert>
          ) : null}
          <DialogContentText>
            {t('info.delete-text', { count: platform.rom_count, folder: platform.fs_slug })}
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setOpen(false)} disabled={remove.isPending}>
            {t('info.cancel')}
          </Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={confirm}
            data-testid="platform-delete-confirm"
          >
            {t('info.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** The platform's BIOS files with their verification, upload and delete. */
export function FirmwareManager({ platform, canEdit }: { platform: Platform; canEdit: boolean }) {
  const { t } = useTranslation(['platform', 'play']);
  const upload = useUploadFirmwareMutation();
  const remove = useDeleteFirmwareMutation();
  const error = upload.error ?? remove.error;
  return (
    <Stack spacing={0.75} data-testid="info-firmware">
      <Typography variant="subtitle2">{t('play:prelaunch.bios')}</Typography>
      {platform.firmware.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('play:prelaunch.bios-none')}
        </Typography>
      ) : (
        platform.firmware.map((file) => (
          <Stack
            key={file.id}
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', justifyContent: 'space-between' }}
            data-testid={`firmware-${file.file_name}`}
          >
            <Typography variant="body2" sx={{ wordBreak: 'break-all', flex: 1 }}>
              {file.file_name}
            </Typography>
            <Chip
              size="small"
              variant="outlined"
              color={file.is_verified ? 'success' : 'warning'}
              label={
                file.is_verified ? t('play:prelaunch.verified') : t('play:prelaunch.unverified')
              }
            />
            {canEdit ? (
              <IconButton
                size="small"
                aria-label={t('info.firmware-delete', { name: file.file_name })}
                disabled={remove.isPending}
                onClick={() => remove.mutate(file.id)}
              >
                <DeleteOutlineRounded fontSize="small" />
              </IconButton>
            ) : null}
          </Stack>
        ))
      )}
      {error ? <Alert severity="error">{errorMessage(error)}</Alert> : null}
      {canEdit ? (
        <FileButton
          variant="outlined"
          startIcon={<UploadFileRounded />}
          disabled={upload.isPending}
          multiple
          inputTestId="firmware-input"
          onFiles={(files) => {
            if (files.length > 0) upload.mutate({ platformId: platform.id, files });
          }}
        >
          {upload.isPending ? t('info.firmware-uploading') : t('info.firmware-upload')}
        </FileButton>
      ) : null}
    </Stack>
  );
}

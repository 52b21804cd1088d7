import CreateNewFolderRounded from '@mui/icons-material/CreateNewFolderRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import type { DetailedRom, RomFile } from '@romshelf/contract';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';

import { useConvertToFolderMutation, useDeleteRomFileMutation } from '../api/file-actions';

/** A confirm dialog for a change on disk, with the server's refusal shown in it. */
function ConfirmOnDisk({
  open,
  title,
  text,
  confirm,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  text: ReactNode;
  confirm: string;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('rom');
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      slotProps={{ paper: { 'data-testid': 'file-action-dialog' } as object }}
    >
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(error)}
          </Alert>
        ) : null}
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={pending}>
          {t('file-actions.cancel')}
        </Button>
        <Button
          variant="contained"
          color="warning"
          disabled={pending}
          onClick={onConfirm}
          data-testid="file-action-confirm"
        >
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** "Move into a folder" for a single-file game (RomM 5's convert-to-folder). */
export function ConvertToFolderButton({ rom }: { rom: DetailedRom }) {
  const { t } = useTranslation('rom');
  const [open, setOpen] = useState(false);
  const convert = useConvertToFolderMutation(rom.id);
  const close = () => {
    setOpen(false);
    convert.reset();
  };
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<CreateNewFolderRounded />}
        onClick={() => setOpen(true)}
        data-testid="convert-to-folder"
      >
        {t('file-actions.convert')}
      </Button>
      <ConfirmOnDisk
        open={open}
        title={t('file-actions.convert-title')}
        text={t('file-actions.convert-text', { file: rom.fs_name, folder: rom.fs_name_no_ext })}
        confirm={t('file-actions.convert')}
        pending={convert.isPending}
        error={convert.error}
        onConfirm={() => convert.mutate(undefined, { onSuccess: close })}
        onClose={close}
      />
    </>
  );
}

/** Deletes one file of a multi-file game from the disk, after a confirm naming it. */
export function DeleteFileButton({ rom, file }: { rom: DetailedRom; file: RomFile }) {
  const { t } = useTranslation('rom');
  const [open, setOpen] = useState(false);
  const remove = useDeleteRomFileMutation(rom.id);
  const close = () => {
    setOpen(false);
    remove.reset();
  };
  return (
    <>
      <IconButton
        size="small"
        aria-label={t('file-actions.delete-label', { name: file.file_name })}
        onClick={() => setOpen(true)}
        data-testid={`file-delete-${file.file_name}`}
      >
        <DeleteOutlineRounded fontSize="small" />
      </IconButton>
      <ConfirmOnDisk
        open={open}
        title={t('file-actions.delete-title')}
        text={t('file-actions.delete-text', { name: file.file_name })}
        confirm={t('file-actions.delete')}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate(file.id, { onSuccess: close })}
        onClose={close}
      />
    </>
  );
}

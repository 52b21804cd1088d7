import DeleteForeverRounded from '@mui/icons-material/DeleteForeverRounded';
import FolderRounded from '@mui/icons-material/FolderRounded';
import InsertDriveFileRounded from '@mui/icons-material/InsertDriveFileRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { gameTitle } from '@/components/game-cover';
import type { DeletableRom, DeleteRomsDialogProps } from '@/components/rom-actions-context';
import { errorMessage } from '@/lib/api-client';

import { useDeleteRomsMutation } from '../api/delete-roms';

/** What deleting `rom` from disk removes: its file, or its folder and the files inside. */
export function diskPaths(rom: DeletableRom): { path: string; folder: boolean; files: string[] } {
  const folder = !rom.has_simple_single_file;
  return {
    path: rom.full_path,
    folder,
    files: folder ? rom.files.map((file) => file.file_name) : [],
  };
}

/**
 * Confirms deleting games (single or bulk, SPEC §7 POST /roms/delete). Files stay on disk
 * unless "also delete files from disk" is ticked; the dialog then lists every path it removes.
 */
export function DeleteRomsDialog({ roms, open, onClose, onDeleted }: DeleteRomsDialogProps) {
  const { t } = useTranslation('rom');
  const [fromDisk, setFromDisk] = useState(false);
  const removal = useDeleteRomsMutation((deleted, answer) => {
    if (answer.errors.length === 0) onClose();
    onDeleted?.(deleted);
  });
  const busy = removal.isPending;
  // A request that failed, or the games the server could not delete (the others are gone).
  const error = removal.isError
    ? errorMessage(removal.error)
    : removal.data && removal.data.errors.length > 0
      ? removal.data.errors.join('\n')
      : null;
  const confirm = () => removal.mutate({ ids: roms.map((rom) => rom.id), fromDisk });

  const single = roms.length === 1 ? roms[0] : undefined;
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      data-testid="delete-roms-dialog"
    >
      <DialogTitle>
        {single
          ? t('delete.title-one', { name: gameTitle(single) })
          : t('delete.title', { count: roms.length })}
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('delete.text', { count: roms.length })}
        </Typography>
        <FormControlLabel
          control={
            <Checkbox
              checked={fromDisk}
              onChange={(event) => setFromDisk(event.target.checked)}
              color="error"
              data-testid="delete-from-disk"
            />
          }
          label={t('delete.from-disk')}
        />
        {fromDisk ? (
          <Alert
            severity="warning"
            icon={<DeleteForeverRounded />}
            sx={{ mt: 1, '& .MuiAlert-message': { minWidth: 0, flex: 1 } }}
          >
            <Typography variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
              {t('delete.disk-list', { count: roms.length })}
            </Typography>
            <Box
              component="ul"
              data-testid="delete-disk-paths"
              sx={{ m: 0, p: 0, listStyle: 'none', maxHeight: 220, overflowY: 'auto' }}
            >
              {roms.map((rom) => {
                const disk = diskPaths(rom);
                return (
                  <Box component="li" key={rom.id} sx={{ mb: 0.75 }}>
                    <Box
                      sx={{
                        display: 'flex',
                        gap: 0.75,
                        alignItems: 'flex-start',
                        fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
                        fontSize: 12.5,
                        wordBreak: 'break-all',
                      }}
                    >
                      {disk.folder ? (
                        <FolderRounded sx={{ fontSize: 16, mt: '1px' }} />
                      ) : (
                        <InsertDriveFileRounded sx={{ fontSize: 16, mt: '1px' }} />
                      )}
                      <span data-testid="delete-disk-path">{disk.path}</span>
                    </Box>
                    {disk.files.length > 0 ? (
                      <Box
                        component="ul"
                        sx={{
                          m: 0,
                          pl: 3.5,
                          fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
                          fontSize: 12,
                          opacity: 0.85,
                        }}
                      >
                        {disk.files.map((file) => (
                          <li key={file}>{file}</li>
                        ))}
                      </Box>
                    ) : null}
                  </Box>
                );
              })}
            </Box>
          </Alert>
        ) : null}
        {error ? (
          <Alert severity="error" sx={{ mt: 2, whiteSpace: 'pre-line' }} data-testid="delete-error">
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('actions.cancel')}
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={confirm}
          loading={busy}
          data-testid="delete-confirm"
        >
          {fromDisk ? t('delete.confirm-disk') : t('delete.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

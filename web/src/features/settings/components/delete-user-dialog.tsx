import DeleteForeverRounded from '@mui/icons-material/DeleteForeverRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { User } from '@romshelf/contract';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';
import { useDeleteUserMutation } from '../api/delete-user';

/** Asks before deleting, naming the account; the server's refusal (self, last admin) shows here. */
export function DeleteUserDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const remove = useDeleteUserMutation();
  const error = remove.error ? errorMessage(remove.error) : null;
  const confirm = () => remove.mutate(user.id, { onSuccess: onClose });
  return (
    <Dialog
      open
      onClose={remove.isPending ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      slotProps={{ paper: { 'data-testid': 'user-delete-dialog' } as object }}
    >
      <DialogTitle>{t('delete-dialog.title', { username: user.username })}</DialogTitle>
      <DialogContent>
        {error ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid="user-delete-error">
            {error}
          </Alert>
        ) : null}
        <DialogContentText>
          {t('delete-dialog.text', { username: user.username })}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={remove.isPending} data-testid="user-delete-cancel">
          {t('user-dialog.cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          startIcon={<DeleteForeverRounded />}
          disabled={remove.isPending}
          onClick={confirm}
          data-testid="user-delete-confirm"
        >
          {t('delete-dialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Asks for the password of a netplay room before joining it. */
export function NetplayPasswordDialog({
  ownerName,
  onCancel,
  onJoin,
}: {
  ownerName: string;
  onCancel: () => void;
  onJoin: (password: string) => void;
}) {
  const { t } = useTranslation('rom');
  const [password, setPassword] = useState('');
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="xs">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (password !== '') onJoin(password);
        }}
      >
        <DialogTitle>{t('netplay.join', { name: ownerName })}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            type="password"
            label={t('netplay.password')}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'rom-netplay-password' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>{t('netplay.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={password === ''}>
            {t('netplay.join-button')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

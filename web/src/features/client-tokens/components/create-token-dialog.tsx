import type { ClientTokenCreated, ClientTokenExpiry } from '@romshelf/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';
import { useAuthStore } from '@/shared/stores/auth-store';
import { useCreateClientTokenMutation } from '../api/client-tokens';
import { ExpirySelect } from './expiry-select';
import { ScopePicker } from './scope-picker';

/** Name, scopes (within the user's own) and lifetime of a new token. */
export function CreateTokenDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (token: ClientTokenCreated) => void;
}) {
  const { t } = useTranslation('tokens');
  const held = useAuthStore((state) => state.oauth_scopes);
  const create = useCreateClientTokenMutation();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>(() =>
    held.filter((scope) => scope.endsWith('.read')),
  );
  const [expiry, setExpiry] = useState<ClientTokenExpiry>('90d');
  const submit = () => {
    create.mutate(
      { name: name.trim(), scopes: scopes as never, expires_in: expiry },
      {
        onSuccess: (token) => {
          setName('');
          onCreated(token);
        },
      },
    );
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('create.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <TextField
            label={t('form.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            helperText={t('form.name-help')}
            slotProps={{ htmlInput: { 'data-testid': 'token-name', maxLength: 255 } }}
            autoFocus
          />
          <ScopePicker
            label={t('form.scopes')}
            scopes={held}
            enabled={held}
            value={scopes}
            onChange={setScopes}
          />
          <ExpirySelect value={expiry} onChange={setExpiry} />
          {create.error ? <Alert severity="error">{errorMessage(create.error)}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={name.trim() === '' || scopes.length === 0 || create.isPending}
          data-testid="token-create-submit"
        >
          {t('actions.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import type { ClientTokenCreated } from '@romshelf/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { copyText } from '@/lib/clipboard';

/** The raw token, shown this once: the server keeps only its hash. */
export function RawTokenDialog({
  token,
  onClose,
}: {
  token: ClientTokenCreated | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('tokens');
  const [copied, setCopied] = useState<boolean | null>(null);
  const close = () => {
    setCopied(null);
    onClose();
  };
  return (
    <Dialog open={token !== null} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>{t('created.title', { name: token?.name ?? '' })}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('created.once')}
        </Alert>
        <TextField
          fullWidth
          label={t('created.token')}
          value={token?.raw_token ?? ''}
          slotProps={{
            htmlInput: { readOnly: true, 'data-testid': 'raw-token', spellCheck: false },
          }}
          onFocus={(event) => event.target.select()}
        />
        {copied === false ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('created.copy-failed')}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button
          onClick={() => void copyText(token?.raw_token ?? '').then(setCopied)}
          data-testid="raw-token-copy"
        >
          {copied === true ? t('created.copied') : t('actions.copy')}
        </Button>
        <Button variant="contained" onClick={close} data-testid="raw-token-done">
          {t('actions.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import type { ClientToken } from '@romshelf/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';
import { useQrDataUrl } from '@/lib/qr-code';
import { usePairClientTokenMutation, usePairCodeStatusQuery } from '../api/client-tokens';

/** `ABCDEFGH` as `ABCD-EFGH`, easier to read out and type. */
export function formatPairCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** What the QR code carries: this server's address and the code, for an app to exchange. */
export function pairingPayload(origin: string, code: string): string {
  return JSON.stringify({ server: origin, code });
}

function useSecondsLeft(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

/** A pairing code for a token, as text and QR code, until a device exchanges it or it expires. */
export function PairDialog({ token, onClose }: { token: ClientToken | null; onClose: () => void }) {
  const { t } = useTranslation('tokens');
  const pair = usePairClientTokenMutation();
  const [issued, setIssued] = useState<{ code: string; until: number } | null>(null);
  const status = usePairCodeStatusQuery(issued?.code ?? null);
  const secondsLeft = useSecondsLeft(issued?.until ?? null);
  const qr = useQrDataUrl(issued ? pairingPayload(window.location.origin, issued.code) : null);
  const tokenId = token?.id ?? null;
  const { mutate } = pair;

  // The dialog is keyed by token: a new token mounts it afresh with no code yet.
  useEffect(() => {
    if (tokenId === null) return;
    mutate(tokenId, {
      onSuccess: (answer) =>
        setIssued({ code: answer.code, until: Date.now() + answer.expires_in * 1000 }),
    });
  }, [tokenId, mutate]);

  const exchanged = status.data === false && secondsLeft > 0;
  const expired = issued !== null && secondsLeft === 0 && !exchanged;
  return (
    <Dialog open={token !== null} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('pair.title', { name: token?.name ?? '' })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('pair.text')}
        </Typography>
        {pair.error ? <Alert severity="error">{errorMessage(pair.error)}</Alert> : null}
        {issued && !exchanged && !expired ? (
          <Box sx={{ textAlign: 'center' }}>
            <Typography
              component="p"
              sx={{ fontFamily: 'monospace', fontSize: 32, fontWeight: 700, letterSpacing: 4 }}
              data-testid="pair-code"
            >
              {formatPairCode(issued.code)}
            </Typography>
            {qr ? (
              <Box
                component="img"
                src={qr}
                alt={t('pair.qr')}
                sx={{ width: 200, height: 200, my: 1, borderRadius: 1 }}
                data-testid="pair-qr"
              />
            ) : null}
            <Typography variant="body2" color="text.secondary">
              {t('pair.expires', { seconds: secondsLeft })}
            </Typography>
          </Box>
        ) : null}
        {exchanged ? (
          <Alert severity="success" data-testid="pair-done">
            {t('pair.done')}
          </Alert>
        ) : null}
        {expired ? <Alert severity="info">{t('pair.expired')}</Alert> : null}
      </DialogContent>
      <DialogActions>
        {expired && tokenId !== null ? (
          <Button
            onClick={() =>
              mutate(tokenId, {
                onSuccess: (answer) =>
                  setIssued({ code: answer.code, until: Date.now() + answer.expires_in * 1000 }),
              })
            }
          >
            {t('pair.again')}
          </Button>
        ) : null}
        <Button variant="contained" onClick={onClose} data-testid="pair-close">
          {t('actions.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

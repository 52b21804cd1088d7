import LinkRounded from '@mui/icons-material/LinkRounded';
import LinkOffRounded from '@mui/icons-material/LinkOffRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CreatedDownloadLink, SimpleRom } from '@romshelf/contract';
import { DOWNLOAD_LINK_DEFAULT_LIFETIME, DOWNLOAD_LINK_LIFETIMES } from '@romshelf/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useQrDataUrl } from '@/lib/qr-code';

import {
  useCreateDownloadLinkMutation,
  useDownloadLinksQuery,
  useRevokeDownloadLinkMutation,
} from '../api/download-links';
import { CopyButton } from './copy-button';

/** The new link as a full address, to copy or scan, with its QR code. */
function CreatedLink({ link }: { link: CreatedDownloadLink }) {
  const { t } = useTranslation('rom');
  const url = `${window.location.origin}${link.path}`;
  const qr = useQrDataUrl(url);
  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }} data-testid="share-link-created">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', width: '100%' }}>
        <TextField
          size="small"
          fullWidth
          label={t('share.address')}
          value={url}
          slotProps={{
            htmlInput: { readOnly: true, 'data-testid': 'share-link-url' },
          }}
          onFocus={(event) => event.target.select()}
        />
        <CopyButton value={url} label={t('share.address')} />
      </Stack>
      {qr ? (
        <Box
          component="img"
          src={qr}
          alt={t('share.qr', { name: link.rom_name })}
          data-testid="share-link-qr"
          sx={{ width: 220, height: 220, borderRadius: '8px', bgcolor: '#fff' }}
        />
      ) : (
        <Box sx={{ width: 220, height: 220 }} />
      )}
      <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
        {t('share.expires', { date: formatDateTime(link.expires_at) })}
      </Typography>
    </Stack>
  );
}

/** The caller's links to this game that still work, each with Revoke. */
function LiveLinks({ romId }: { romId: number }) {
  const { t } = useTranslation('rom');
  const links = useDownloadLinksQuery(romId, true);
  const revoke = useRevokeDownloadLinkMutation(romId);
  const rows = links.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Box>
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        {t('share.live')}
      </Typography>
      <List dense data-testid="share-link-list">
        {rows.map((link) => (
          <ListItem
            key={link.id}
            disableGutters
            data-testid="share-link-row"
            secondaryAction={
              <IconButton
                edge="end"
                aria-label={t('share.revoke')}
                onClick={() => revoke.mutate(link.id)}
                disabled={revoke.isPending}
                data-testid="share-link-revoke"
              >
                <LinkOffRounded />
              </IconButton>
            }
          >
            <ListItemText
              primary={t('share.expires', { date: formatDateTime(link.expires_at) })}
              secondary={t('share.downloads', { n: link.downloads })}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

const LIFETIME_KEYS: Record<(typeof DOWNLOAD_LINK_LIFETIMES)[number], string> = {
  900: 'share.lifetime-15m',
  3600: 'share.lifetime-1h',
  86_400: 'share.lifetime-1d',
  604_800: 'share.lifetime-7d',
};

/**
 * "Share link" on the game page: a short-lived address that downloads the game without
 * signing in (a console's browser, FBI on a 3DS), shown with a QR code; revocable.
 */
export function RomShareLink({ rom }: { rom: Pick<SimpleRom, 'id' | 'name' | 'fs_name'> }) {
  const { t } = useTranslation('rom');
  const [open, setOpen] = useState(false);
  const [lifetime, setLifetime] = useState<number>(DOWNLOAD_LINK_DEFAULT_LIFETIME);
  const create = useCreateDownloadLinkMutation(rom.id);
  const close = () => {
    setOpen(false);
    create.reset();
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<LinkRounded />}
        onClick={() => setOpen(true)}
        data-testid="share-link-button"
      >
        {t('share.button')}
      </Button>
      <Dialog
        open={open}
        onClose={close}
        maxWidth="xs"
        fullWidth
        slotProps={{ paper: { 'data-testid': 'share-link-dialog' } as object }}
      >
        <DialogTitle>{t('share.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t('share.text', { name: rom.name ?? rom.fs_name })}
          </DialogContentText>
          {create.error ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errorMessage(create.error)}
            </Alert>
          ) : null}
          {create.data ? (
            <CreatedLink link={create.data} />
          ) : (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TextField
                select
                size="small"
                fullWidth
                label={t('share.lifetime')}
                value={String(lifetime)}
                onChange={(event) => setLifetime(Number(event.target.value))}
                slotProps={{ htmlInput: { 'data-testid': 'share-link-lifetime' } }}
              >
                {DOWNLOAD_LINK_LIFETIMES.map((seconds) => (
                  <MenuItem key={seconds} value={String(seconds)}>
                    {t(LIFETIME_KEYS[seconds])}
                  </MenuItem>
                ))}
              </TextField>
              <Button
                variant="contained"
                sx={{ flexShrink: 0 }}
                disabled={create.isPending}
                onClick={() => create.mutate(lifetime)}
                data-testid="share-link-create"
              >
                {t('share.create')}
              </Button>
            </Stack>
          )}
          <LiveLinks romId={rom.id} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close}>{t('share.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import MenuBookRounded from '@mui/icons-material/MenuBookRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { startDownload } from '@/lib/download';

/** One manual of a game: the game's manual, or a manual file in its folder. */
export interface ManualItem {
  key: string;
  name: string;
  /** Served inline (for reading). */
  url: string;
  downloadUrl: string;
  isPdf: boolean;
  /** What removing it does, or null when the caller may not remove it. */
  removal: { text: string; run: () => void; busy: boolean } | null;
}

/** A manual's row: read it (PDF), download it, remove it after a confirmation. */
export function ManualEntry({ item, onRead }: { item: ManualItem; onRead: () => void }) {
  const { t } = useTranslation('rom');
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();
  return (
    <Box
      data-testid="manual-item"
      data-name={item.name}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5, minWidth: 0, flexWrap: 'wrap' }}
    >
      <DescriptionOutlined color="action" fontSize="small" />
      <Typography variant="body2" noWrap title={item.name} sx={{ flex: '1 1 140px', minWidth: 0 }}>
        {item.name}
      </Typography>
      {item.isPdf ? (
        <Button
          size="small"
          variant="contained"
          startIcon={<MenuBookRounded />}
          onClick={onRead}
          data-testid="manual-read"
        >
          {t('manual.view')}
        </Button>
      ) : null}
      <IconButton
        size="small"
        aria-label={t('carried.download', { name: item.name })}
        onClick={() => startDownload(item.downloadUrl, item.name)}
        data-testid="manual-download"
      >
        <DownloadRounded fontSize="small" />
      </IconButton>
      {item.removal !== null ? (
        <IconButton
          size="small"
          color="error"
          aria-label={t('carried.remove', { name: item.name })}
          disabled={item.removal.busy}
          onClick={() => setConfirming(true)}
          data-testid="manual-remove"
        >
          <DeleteOutlineRounded fontSize="small" />
        </IconButton>
      ) : null}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        aria-labelledby={titleId}
        data-testid="manual-remove-dialog"
      >
        <DialogTitle id={titleId}>{t('manual.remove-title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{item.removal?.text}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('actions.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setConfirming(false);
              item.removal?.run();
            }}
            data-testid="manual-remove-confirm"
          >
            {t('manual.remove')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SAVE_HISTORY_MAX_AGE_DAYS, SAVE_HISTORY_MAX_VERSIONS } from '@romshelf/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';
import { useSaveHistorySettingsMutation, useSaveHistorySettingsQuery } from '../api/save-history';

/** A number field's value: null when empty (the server default), else a whole number. */
function limitOf(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

/** How many earlier versions the caller's saves and states keep, and for how many days. */
export function SaveHistorySettingsDialog({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('rom');
  const settings = useSaveHistorySettingsQuery(open);
  const save = useSaveHistorySettingsMutation();
  const [versions, setVersions] = useState<string | null>(null);
  const [days, setDays] = useState<string | null>(null);
  const current = settings.data;
  const versionsText = versions ?? (current?.max_versions ?? '').toString();
  const daysText = days ?? (current?.max_age_days ?? '').toString();
  const close = () => {
    setVersions(null);
    setDays(null);
    save.reset();
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby="save-history-settings-title">
      <DialogTitle id="save-history-settings-title">{t('saves.settings-title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2">{t('saves.settings-help')}</Typography>
          {current === undefined ? null : (
            <Typography variant="body2" color="text.secondary">
              {t('saves.server-default', {
                versions: current.default_max_versions,
                days: current.default_max_age_days,
              })}
            </Typography>
          )}
          <TextField
            type="number"
            label={t('saves.keep-versions')}
            value={versionsText}
            onChange={(event) => setVersions(event.target.value)}
            slotProps={{ htmlInput: { min: 0, max: SAVE_HISTORY_MAX_VERSIONS, step: 1 } }}
            data-testid="save-history-versions"
          />
          <TextField
            type="number"
            label={t('saves.keep-days')}
            value={daysText}
            onChange={(event) => setDays(event.target.value)}
            slotProps={{ htmlInput: { min: 0, max: SAVE_HISTORY_MAX_AGE_DAYS, step: 1 } }}
            data-testid="save-history-days"
          />
          {save.error ? <Alert severity="error">{errorMessage(save.error)}</Alert> : null}
          {settings.error ? <Alert severity="error">{errorMessage(settings.error)}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('saves.cancel')}</Button>
        <Button
          variant="contained"
          disabled={save.isPending || current === undefined}
          onClick={() =>
            save.mutate(
              { max_versions: limitOf(versionsText), max_age_days: limitOf(daysText) },
              { onSuccess: close },
            )
          }
          data-testid="save-history-save"
        >
          {t('saves.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import SaveRounded from '@mui/icons-material/SaveRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';

/** Save for a settings page that writes config.yml, with why it cannot, and how it went. */
export function ConfigSaveBar({
  editable,
  dirty,
  saving,
  saved,
  error,
  onSave,
}: {
  editable: boolean;
  dirty: boolean;
  saving: boolean;
  saved: boolean;
  error: unknown;
  onSave: () => void;
}) {
  const { t } = useTranslation('settings');
  return (
    <Stack spacing={1.5} sx={{ mt: 2 }}>
      {error ? <Alert severity="error">{errorMessage(error)}</Alert> : null}
      {editable ? null : (
        <Alert severity="warning" data-testid="config-not-editable">
          {t('scan-settings.not-editable')}
        </Alert>
      )}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button
          variant="contained"
          startIcon={<SaveRounded />}
          onClick={onSave}
          disabled={!editable || !dirty}
          loading={saving}
          data-testid="config-save"
        >
          {t('scan-settings.save')}
        </Button>
        {saved && !dirty ? (
          <Typography variant="body2" role="status" data-testid="config-saved">
            {t('scan-settings.saved')}
          </Typography>
        ) : null}
      </Stack>
    </Stack>
  );
}

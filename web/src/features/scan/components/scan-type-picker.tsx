import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import type { ScanType } from '@romshelf/contract';
import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

/** The scan types offered, fastest first (`unmatched` is an alias the server also accepts). */
export const SCAN_TYPE_CHOICES: readonly ScanType[] = [
  'new_platforms',
  'quick',
  'unidentified',
  'update',
  'hashes',
  'complete',
];

/** One scan type of SCAN_TYPE_CHOICES, each with what it does. */
export function ScanTypePicker({
  type,
  disabled,
  onChange,
}: {
  type: ScanType;
  disabled: boolean;
  onChange: (type: ScanType) => void;
}) {
  const { t } = useTranslation('scan');
  return (
    <Stack spacing={1} role="radiogroup" aria-label={t('scan.type')}>
      {SCAN_TYPE_CHOICES.map((choice) => {
        const checked = type === choice;
        return (
          <ButtonBase
            key={choice}
            role="radio"
            aria-checked={checked}
            disabled={disabled}
            onClick={() => onChange(choice)}
            data-testid={`scan-type-${choice}`}
            sx={(theme) => ({
              display: 'block',
              textAlign: 'left',
              px: 1.75,
              py: 1.25,
              borderRadius: '12px',
              border: `1px solid ${checked ? theme.palette.primary.main : theme.palette.divider}`,
              bgcolor: checked ? alpha(theme.palette.primary.main, 0.12) : 'transparent',
              '&.Mui-disabled': { opacity: 0.6 },
            })}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="body2" sx={{ fontWeight: 700, flex: 1 }}>
                {t(`types.${choice}.label`)}
              </Typography>
              {checked ? <CheckCircleRounded color="primary" fontSize="small" /> : null}
            </Stack>
            <Typography variant="caption" color="text.secondary">
              {t(`types.${choice}.text`)}
            </Typography>
          </ButtonBase>
        );
      })}
    </Stack>
  );
}

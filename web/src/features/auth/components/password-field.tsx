import VisibilityOffRounded from '@mui/icons-material/VisibilityOffRounded';
import VisibilityRounded from '@mui/icons-material/VisibilityRounded';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A password input with a show/hide toggle. */
export function PasswordField({
  id,
  label,
  value,
  onChange,
  error,
  autoComplete,
  testId,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  autoComplete: string;
  testId: string;
}) {
  const { t } = useTranslation('login');
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      id={id}
      name={id}
      label={label}
      type={visible ? 'text' : 'password'}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? undefined}
      autoComplete={autoComplete}
      required
      slotProps={{
        htmlInput: { 'data-testid': testId },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                edge="end"
                onClick={() => setVisible((shown) => !shown)}
                aria-label={visible ? t('common.hide-password') : t('common.show-password')}
                size="small"
              >
                {visible ? (
                  <VisibilityOffRounded fontSize="small" />
                ) : (
                  <VisibilityRounded fontSize="small" />
                )}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

import { CLIENT_TOKEN_EXPIRIES } from '@romshelf/contract';
import type { ClientTokenExpiry } from '@romshelf/contract';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** The lifetime of a new token: 30 days, 90 days, a year or never. */
export function ExpirySelect({
  value,
  onChange,
}: {
  value: ClientTokenExpiry;
  onChange: (next: ClientTokenExpiry) => void;
}) {
  const { t } = useTranslation('tokens');
  return (
    <TextField
      select
      label={t('form.expiry')}
      value={value}
      onChange={(event) => onChange(event.target.value as ClientTokenExpiry)}
      slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'token-expiry' } }}
    >
      {CLIENT_TOKEN_EXPIRIES.map((expiry) => (
        <option key={expiry} value={expiry}>
          {t(`expiry.${expiry}`)}
        </option>
      ))}
    </TextField>
  );
}

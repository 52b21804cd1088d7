import LoginRounded from '@mui/icons-material/LoginRounded';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';

import { loginPathWithNext } from '@/lib/api-client';

/** In kiosk mode, where a visitor's account menu would be: sign in, back to this page after. */
export function KioskSignIn() {
  const { t } = useTranslation('common');
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <Button
      component={RouterLink}
      to={here === '/' ? '/login' : loginPathWithNext(here)}
      variant="contained"
      startIcon={<LoginRounded />}
      data-testid="kiosk-sign-in"
      sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
    >
      {t('kiosk.sign-in')}
    </Button>
  );
}

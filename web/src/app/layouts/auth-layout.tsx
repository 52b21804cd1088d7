import { PRODUCT_NAME } from '@romshelf/contract';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';

import { Logo } from '../../components/logo';
import { NotFound } from '../../components/not-found';
import { hideLoadingLogo } from '../../lib/loading-logo';
import { useGuardNotFound } from '../guard-context';
import { routeIsWide } from '../route-handle';

/** Centered card on a soft purple glow, for setup, login, register and reset. */
export function AuthLayout() {
  const { t } = useTranslation('common');
  const wide = routeIsWide(useMatches());
  const notFound = useGuardNotFound();
  useEffect(hideLoadingLogo, []);
  // A page the user may not open (the wizard's library step for a viewer) is not there at all.
  if (notFound) {
    return (
      <Box component="main">
        <NotFound />
      </Box>
    );
  }
  return (
    <Box
      component="main"
      sx={(theme) => ({
        minHeight: '100dvh',
        display: 'grid',
        // One column no wider than the screen: content (a long folder path) wraps instead.
        gridTemplateColumns: 'minmax(0, 1fr)',
        placeItems: 'center',
        px: 2,
        py: 6,
        background: `radial-gradient(60% 50% at 20% 10%, ${alpha(theme.palette.primary.main, 0.22)} 0%, transparent 70%),
          radial-gradient(50% 50% at 90% 90%, ${alpha(theme.palette.secondary.main, 0.16)} 0%, transparent 70%),
          ${theme.palette.background.default}`,
      })}
    >
      <Stack spacing={3} sx={{ width: '100%', maxWidth: wide ? 640 : 440, alignItems: 'center' }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Logo size={48} />
          <Box>
            <Typography
              variant="h5"
              component="p"
              sx={{ fontWeight: 800, letterSpacing: '-0.02em' }}
            >
              {PRODUCT_NAME}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t('app.tagline')}
            </Typography>
          </Box>
        </Stack>
        <Card
          sx={(theme) => ({
            width: '100%',
            p: { xs: 3, sm: 4 },
            boxShadow: `0 24px 64px ${alpha('#000', theme.palette.mode === 'dark' ? 0.45 : 0.12)}`,
          })}
        >
          <Outlet />
        </Card>
      </Stack>
    </Box>
  );
}

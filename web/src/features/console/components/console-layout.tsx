import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@romshelf/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';

import { Logo } from '@/components/logo';
import { hideLoadingLogo } from '@/lib/loading-logo';

import { SAFE_MARGIN_X, SAFE_MARGIN_Y, TV_UNIT, tv } from '../tv-units';
import { ConsoleHints } from './console-hints';

/**
 * Console mode's frame: the whole screen in the user's light or dark theme, the content inside
 * the TV's title-safe area, the brand on top and the controls at the bottom.
 */
export function ConsoleLayout() {
  const { t } = useTranslation('console');
  useEffect(hideLoadingLogo, []);
  return (
    <Box
      data-testid="console"
      sx={{
        '--tv': TV_UNIT,
        position: 'fixed',
        inset: 0,
        overflow: 'hidden',
        display: 'flex',
        flexDirection: 'column',
        gap: tv(2),
        px: SAFE_MARGIN_X,
        py: SAFE_MARGIN_Y,
        bgcolor: 'background.default',
        backgroundImage: (theme) =>
          `radial-gradient(ellipse at top left, ${theme.palette.action.selected}, transparent 60%)`,
        color: 'text.primary',
        fontSize: tv(2.6),
        lineHeight: 1.3,
      }}
    >
      <Box
        component="header"
        sx={{ display: 'flex', alignItems: 'center', gap: tv(1.5), flexShrink: 0 }}
      >
        <Logo size={40} sx={{ width: tv(5), height: tv(5) }} />
        <Typography
          component="span"
          sx={{ fontSize: tv(2.8), fontWeight: 800, letterSpacing: '0.02em' }}
        >
          {PRODUCT_NAME}
        </Typography>
        <Typography component="span" sx={{ fontSize: tv(2.2), color: 'text.secondary' }}>
          {t('title')}
        </Typography>
      </Box>
      <Box
        component="main"
        sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}
      >
        <Outlet />
      </Box>
      <ConsoleHints />
    </Box>
  );
}

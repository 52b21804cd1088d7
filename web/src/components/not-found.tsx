import HomeRounded from '@mui/icons-material/HomeRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { Logo } from './logo';

/** Shown for unknown paths and for routes the user may not open. */
export function NotFound() {
  const { t } = useTranslation('emptyStates');
  return (
    <Box
      data-testid="not-found"
      sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh', textAlign: 'center', px: 2 }}
    >
      <Stack spacing={2} sx={{ alignItems: 'center', maxWidth: 480 }}>
        <Logo size={96} sx={{ opacity: 0.5, filter: 'grayscale(0.4)' }} />
        <Typography
          variant="h1"
          component="p"
          aria-hidden
          sx={{ fontSize: { xs: 64, sm: 96 }, lineHeight: 1, color: 'primary.main', opacity: 0.85 }}
        >
          {t('not-found.code')}
        </Typography>
        <Typography variant="h4" component="h1" data-testid="page-heading">
          {t('not-found.title')}
        </Typography>
        <Typography color="text.secondary">{t('not-found.subtitle')}</Typography>
        <Button
          component={RouterLink}
          to="/"
          variant="contained"
          size="large"
          startIcon={<HomeRounded />}
          data-testid="not-found-home"
        >
          {t('not-found.back-home')}
        </Button>
      </Stack>
    </Box>
  );
}

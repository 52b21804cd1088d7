import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import HelpOutlineRounded from '@mui/icons-material/HelpOutlineRounded';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { errorMessage } from '@/lib/api-client';

/** Loading bar or "game not found" panel shared by the ROM pages. */
export function RomLoadState({ loading, error }: { loading: boolean; error: unknown }) {
  const { t } = useTranslation('rom');
  if (loading) return <LinearProgress aria-label={t('rom.loading')} />;
  return (
    <EmptyState
      testId="rom-not-found"
      icon={<HelpOutlineRounded />}
      title={t('rom.not-found-title')}
      text={error ? t('rom.not-found-text', { error: errorMessage(error) }) : undefined}
      action={
        <Button component={RouterLink} to="/" variant="outlined" startIcon={<ArrowBackRounded />}>
          {t('rom.back-home')}
        </Button>
      }
    />
  );
}

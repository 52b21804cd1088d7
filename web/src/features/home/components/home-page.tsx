import HomeRounded from '@mui/icons-material/HomeRounded';
import RadarRounded from '@mui/icons-material/RadarRounded';
import SportsEsportsRounded from '@mui/icons-material/SportsEsportsRounded';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { useAuthStore } from '@/lib/stores/auth-store';
import { useNavigationStore } from '@/lib/stores/navigation-store';
import { useHasScopes } from '@/lib/stores/use-scopes';

export function HomePage() {
  const { t } = useTranslation('home');
  const username = useAuthStore((state) => state.user?.username ?? '');
  const canScan = useHasScopes('platforms.write');
  const goScan = useNavigationStore((state) => state.goScan);
  return (
    <>
      <PageHeader
        title={t('home.title')}
        subtitle={t('home.welcome', { username })}
        icon={<HomeRounded />}
      />
      <EmptyState
        testId="home-empty"
        icon={<SportsEsportsRounded />}
        title={t('home.empty-title')}
        text={canScan ? t('home.empty-text-scan') : t('home.empty-text-ask')}
        action={
          canScan ? (
            <Button variant="contained" size="large" startIcon={<RadarRounded />} onClick={goScan}>
              {t('home.scan-action')}
            </Button>
          ) : undefined
        }
      />
    </>
  );
}

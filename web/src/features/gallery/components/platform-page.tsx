import InfoOutlined from '@mui/icons-material/InfoOutlined';
import RadarRounded from '@mui/icons-material/RadarRounded';
import VideogameAssetRounded from '@mui/icons-material/VideogameAssetRounded';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { useNavigationStore } from '@/lib/stores/navigation-store';
import { useHasScopes } from '@/lib/stores/use-scopes';

export function PlatformPage() {
  const { t } = useTranslation('platform');
  const { platform = '' } = useParams();
  const canScan = useHasScopes('platforms.write');
  const { toggleDrawer, goScan } = useNavigationStore();
  return (
    <>
      <PageHeader
        title={t('platform.title', { platform })}
        subtitle={t('platform.subtitle')}
        icon={<VideogameAssetRounded />}
        actions={
          <Button
            variant="outlined"
            startIcon={<InfoOutlined />}
            onClick={() => toggleDrawer('platformInfo')}
          >
            {t('platform.info')}
          </Button>
        }
      />
      <EmptyState
        testId="platform-empty"
        icon={<VideogameAssetRounded />}
        title={t('platform.empty-title')}
        text={canScan ? t('platform.empty-text-scan') : t('platform.empty-text-ask')}
        action={
          canScan ? (
            <Button variant="contained" startIcon={<RadarRounded />} onClick={goScan}>
              {t('platform.scan-action')}
            </Button>
          ) : undefined
        }
      />
    </>
  );
}

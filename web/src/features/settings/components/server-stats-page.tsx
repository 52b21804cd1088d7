import InsightsRounded from '@mui/icons-material/InsightsRounded';
import QueryStatsRounded from '@mui/icons-material/QueryStatsRounded';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { useHeartbeatStore } from '@/lib/stores/heartbeat-store';

export function ServerStatsPage() {
  const { t } = useTranslation('settings');
  const version = useHeartbeatStore((state) => state.value?.SYSTEM.VERSION);
  return (
    <>
      <PageHeader
        title={t('server-stats.title')}
        subtitle={t('server-stats.subtitle')}
        icon={<InsightsRounded />}
        actions={
          version ? (
            <Chip variant="outlined" label={t('server-stats.version', { version })} />
          ) : undefined
        }
      />
      <EmptyState
        testId="server-stats-empty"
        icon={<QueryStatsRounded />}
        title={t('server-stats.empty-title')}
        text={t('server-stats.empty-text')}
      />
    </>
  );
}

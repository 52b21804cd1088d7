import FolderOpenRounded from '@mui/icons-material/FolderOpenRounded';
import RadarRounded from '@mui/icons-material/RadarRounded';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { useHeartbeatStore } from '@/lib/stores/heartbeat-store';

export function ScanPage() {
  const { t } = useTranslation('scan');
  const folders = useHeartbeatStore((state) => state.value?.FILESYSTEM.FS_PLATFORMS.length ?? 0);
  return (
    <>
      <PageHeader title={t('scan.title')} subtitle={t('scan.subtitle')} icon={<RadarRounded />} />
      <EmptyState
        testId="scan-empty"
        icon={<FolderOpenRounded />}
        title={folders ? t('scan.folders-found', { count: folders }) : t('scan.empty-title')}
        text={t('scan.empty-text')}
      />
    </>
  );
}

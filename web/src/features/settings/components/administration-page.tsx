import AdminPanelSettingsRounded from '@mui/icons-material/AdminPanelSettingsRounded';
import GroupAddRounded from '@mui/icons-material/GroupAddRounded';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { useAuthStore } from '@/lib/stores/auth-store';

export function AdministrationPage() {
  const { t } = useTranslation('settings');
  const username = useAuthStore((state) => state.user?.username ?? '');
  return (
    <>
      <PageHeader
        title={t('administration.title')}
        subtitle={t('administration.subtitle')}
        icon={<AdminPanelSettingsRounded />}
      />
      <EmptyState
        testId="administration-empty"
        icon={<GroupAddRounded />}
        title={t('administration.empty-title', { username })}
        text={t('administration.empty-text')}
      />
    </>
  );
}

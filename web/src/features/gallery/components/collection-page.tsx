import AutoAwesomeRounded from '@mui/icons-material/AutoAwesomeRounded';
import BookmarksRounded from '@mui/icons-material/BookmarksRounded';
import FilterAltRounded from '@mui/icons-material/FilterAltRounded';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { usePageName } from '@/lib/page-name';
import { useNavigationStore } from '@/shared/stores/navigation-store';

export type CollectionKind = 'regular' | 'virtual' | 'smart';

const ICONS = {
  regular: <BookmarksRounded />,
  virtual: <AutoAwesomeRounded />,
  smart: <FilterAltRounded />,
} as const;

export function CollectionPage({ kind }: { kind: CollectionKind }) {
  const { t } = useTranslation('collection');
  const { collection = '' } = useParams();
  const toggleDrawer = useNavigationStore((state) => state.toggleDrawer);
  const title = t(`collection.title-${kind}`, { collection });
  usePageName(title);
  return (
    <>
      <PageHeader
        title={title}
        subtitle={t(`collection.subtitle-${kind}`)}
        icon={ICONS[kind]}
        actions={
          <Button
            variant="outlined"
            startIcon={<InfoOutlined />}
            onClick={() => toggleDrawer('collectionInfo')}
          >
            {t('collection.info')}
          </Button>
        }
      />
      <EmptyState
        testId="collection-empty"
        icon={ICONS[kind]}
        title={t('collection.empty-title')}
        text={t(`collection.empty-text-${kind}`)}
      />
    </>
  );
}

import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { CollectionCard } from '@/components/collection-card';
import {
  useCollectionsQuery,
  useSmartCollectionsQuery,
  useVirtualCollectionsQuery,
} from '@/shared/api/collections';
import type { AnyCollection } from '@/shared/api/collections';
import { useNavigationStore } from '@/shared/stores/navigation-store';
import { useUiSettingsStore } from '@/shared/stores/ui-settings-store';

import { Rail, Section } from './home-rail';

/** How many virtual collections the home rail shows (the drawer lists them all). */
const VIRTUAL_RAIL_LIMIT = 40;

function CollectionRail({
  title,
  testId,
  query,
}: {
  title: string;
  testId: string;
  query: UseQueryResult<readonly AnyCollection[]>;
}) {
  const { t } = useTranslation('home');
  const openDrawer = useNavigationStore((state) => state.openDrawer);
  // A rail with nothing in it (or a kind the server cannot list) is left out.
  if (query.isError || (query.data && query.data.length === 0)) return null;
  return (
    <Section
      title={title}
      action={
        <Button size="small" onClick={() => openDrawer('collections')}>
          {t('home.all-collections')}
        </Button>
      }
    >
      <Rail testId={testId} wide>
        {query.data
          ? query.data.map((collection) => (
              <CollectionCard key={String(collection.id)} collection={collection} />
            ))
          : Array.from({ length: 5 }, (_, index) => (
              <Skeleton
                key={index}
                variant="rounded"
                sx={{ aspectRatio: '0.8', borderRadius: '16px' }}
              />
            ))}
      </Rail>
    </Section>
  );
}

/** The home rails of the user's collections, smart collections and virtual collections. */
export function CollectionRails() {
  const { t } = useTranslation('home');
  const regular = useCollectionsQuery();
  const smart = useSmartCollectionsQuery();
  const virtualType = useUiSettingsStore((state) => state.settings.virtualCollectionType);
  const showVirtual = useUiSettingsStore((state) => state.settings.showVirtualCollections);
  const virtual = useVirtualCollectionsQuery(virtualType, VIRTUAL_RAIL_LIMIT, showVirtual);
  return (
    <>
      <CollectionRail title={t('home.collections')} testId="home-collections" query={regular} />
      <CollectionRail
        title={t('home.smart-collections')}
        testId="home-smart-collections"
        query={smart}
      />
      {showVirtual ? (
        <CollectionRail
          title={t('home.virtual-collections')}
          testId="home-virtual-collections"
          query={virtual}
        />
      ) : null}
    </>
  );
}

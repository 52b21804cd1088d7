import DownloadRounded from '@mui/icons-material/DownloadRounded';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { COLLECTION_ICONS, CollectionCover } from '@/components/collection-cover';
import { EmptyState } from '@/components/empty-state';
import { API_BASE, ApiError, errorMessage } from '@/lib/api-client';
import { startDownload } from '@/lib/download';
import { useKioskVisitor } from '@/shared/stores/kiosk';
import { usePageName } from '@/lib/page-name';
import { collectionScopeQuery, useCollectionQuery } from '@/shared/api/collections';
import type { AnyCollection, CollectionKind, CollectionRef } from '@/shared/api/collections';
import { useCurrentCollectionStore } from '@/shared/stores/current-collection-store';
import { useNavigationStore } from '@/shared/stores/navigation-store';

import { useGalleryFilters } from '../use-gallery-filters';

import { Gallery } from './gallery';

/** The zip of every game of the collection the caller can see (`GET /api/roms/download`). */
export function collectionDownloadUrl(ref: CollectionRef, name: string): string {
  const query = new URLSearchParams({ ...collectionScopeQuery(ref), filename: name });
  return `${API_BASE}/roms/download?${query.toString()}`;
}

function CollectionHeader({
  refTo,
  collection,
}: {
  refTo: CollectionRef;
  collection?: AnyCollection;
}) {
  const { t } = useTranslation('collection');
  const toggleDrawer = useNavigationStore((state) => state.toggleDrawer);
  const owner = collection && 'owner_username' in collection ? collection.owner_username : null;
  const kiosk = useKioskVisitor();
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ alignItems: { xs: 'stretch', md: 'center' }, justifyContent: 'space-between', mb: 3 }}
      data-testid="collection-header"
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Box sx={{ width: { xs: 72, sm: 96 }, flexShrink: 0 }}>
          {collection ? (
            <CollectionCover collection={collection} kind={refTo.kind} />
          ) : (
            <Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: '1' }} />
          )}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
            <Chip
              size="small"
              variant="outlined"
              label={t(`page.kind-${refTo.kind}`)}
              data-testid="collection-kind"
            />
            {collection && 'is_public' in collection && !collection.is_virtual ? (
              <Typography variant="caption" color="text.secondary">
                {collection.is_public ? t('page.public') : t('page.private')}
              </Typography>
            ) : null}
          </Stack>
          <Typography
            variant="h4"
            component="h1"
            data-testid="page-heading"
            sx={{
              fontSize: { xs: 22, sm: 34 },
              lineHeight: 1.2,
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              overflowWrap: 'break-word',
            }}
          >
            {collection ? collection.name : <Skeleton width={220} />}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="collection-summary">
            {collection
              ? owner
                ? t('page.summary-owner', { count: collection.rom_count, owner })
                : t('page.games', { count: collection.rom_count })
              : t(`collection.subtitle-${refTo.kind}`)}
          </Typography>
          {collection?.description ? (
            <Typography
              variant="body2"
              sx={{
                mt: 0.5,
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
                overflowWrap: 'break-word',
              }}
              data-testid="collection-description"
            >
              {collection.description}
            </Typography>
          ) : null}
        </Box>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ flexShrink: 0, flexWrap: 'wrap' }}>
        {kiosk.visitor ? null : (
          <Button
            variant="outlined"
            startIcon={<DownloadRounded />}
            disabled={!collection || collection.rom_count === 0}
            onClick={() =>
              collection && startDownload(collectionDownloadUrl(refTo, collection.name))
            }
            data-testid="collection-download"
          >
            {t('page.download')}
          </Button>
        )}
        <Button
          variant="outlined"
          startIcon={<InfoOutlined />}
          onClick={() => toggleDrawer('collectionInfo')}
          data-testid="collection-info-button"
        >
          {t('collection.info')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** The gallery of a manual, virtual or smart collection, under a header that describes it. */
export function CollectionPage({ kind }: { kind: CollectionKind }) {
  const { t } = useTranslation('collection');
  const { collection: id = '' } = useParams();
  const ref = useMemo(() => ({ kind, id }), [kind, id]);
  const query = useCollectionQuery(ref);
  const setCurrent = useCurrentCollectionStore((state) => state.setCurrent);
  useEffect(() => {
    setCurrent(ref);
    return () => setCurrent(null);
  }, [ref, setCurrent]);
  usePageName(query.data?.name);
  const filtering = useGalleryFilters(`collection:${kind}:${id}`);
  const Icon = COLLECTION_ICONS[kind];

  if (query.isError) {
    const missing = query.error instanceof ApiError && [404, 422].includes(query.error.status);
    return (
      <EmptyState
        testId="collection-not-found"
        heading="h1"
        icon={<SearchOffRounded />}
        title={missing ? t('page.not-found-title') : t('page.error-title')}
        text={missing ? t('page.not-found-text') : errorMessage(query.error)}
        action={
          missing ? undefined : (
            <Button variant="outlined" onClick={() => void query.refetch()}>
              {t('page.retry')}
            </Button>
          )
        }
      />
    );
  }

  return (
    <>
      <CollectionHeader refTo={ref} collection={query.data} />
      <Gallery
        place={{ collection: ref }}
        showPlatform
        expectedCount={query.data?.rom_count}
        filtering={filtering}
        empty={
          <EmptyState
            testId="collection-empty"
            icon={<Icon />}
            title={t('collection.empty-title')}
            text={t(`collection.empty-text-${kind}`)}
          />
        }
      />
    </>
  );
}

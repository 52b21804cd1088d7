import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import type { CollectionKind } from '@/shared/api/collections';
import { collectionScopeQuery, useCollectionQuery } from '@/shared/api/collections';
import { usePlatformsQuery } from '@/shared/api/platforms';

import { ConsoleGames } from './console-games';

/** `/console/platform/{id}`: the platform's games. */
export function ConsolePlatformScreen() {
  const { t } = useTranslation('platform');
  const { platform = '' } = useParams();
  const id = Number(platform);
  const platforms = usePlatformsQuery();
  const found = platforms.data?.find((item) => item.id === id);
  const missing = platforms.isSuccess && found === undefined;
  return (
    <ConsoleGames
      key={platform}
      title={missing ? t('platform.not-found-title') : found?.display_name}
      scope={{ platformId: id }}
    />
  );
}

const KINDS: readonly CollectionKind[] = ['regular', 'smart', 'virtual'];

/** `/console/collection/{kind}/{id}`: the collection's games. */
export function ConsoleCollectionScreen() {
  const { t } = useTranslation('collection');
  const { kind = '', collection = '' } = useParams();
  const ref = { kind: KINDS.find((item) => item === kind) ?? 'regular', id: collection };
  const query = useCollectionQuery(ref);
  return (
    <ConsoleGames
      key={`${ref.kind}-${collection}`}
      // Not found: it does not exist, or its owner keeps it private.
      title={query.isError ? t('page.not-found-title') : query.data?.name}
      scope={{ platformId: null, collectionScope: collectionScopeQuery(ref) }}
    />
  );
}

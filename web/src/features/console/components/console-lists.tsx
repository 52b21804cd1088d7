import { useParams } from 'react-router';

import type { CollectionKind } from '@/shared/api/collections';
import { collectionScopeQuery, useCollectionQuery } from '@/shared/api/collections';
import { usePlatformsQuery } from '@/shared/api/platforms';

import { ConsoleGames } from './console-games';

/** `/console/platform/{id}`: the platform's games. */
export function ConsolePlatformScreen() {
  const { platform = '' } = useParams();
  const id = Number(platform);
  const found = usePlatformsQuery().data?.find((item) => item.id === id);
  return <ConsoleGames key={platform} title={found?.display_name} scope={{ platformId: id }} />;
}

const KINDS: readonly CollectionKind[] = ['regular', 'smart', 'virtual'];

/** `/console/collection/{kind}/{id}`: the collection's games. */
export function ConsoleCollectionScreen() {
  const { kind = '', collection = '' } = useParams();
  const ref = { kind: KINDS.find((item) => item === kind) ?? 'regular', id: collection };
  const found = useCollectionQuery(ref).data;
  return (
    <ConsoleGames
      key={`${ref.kind}-${collection}`}
      title={found?.name}
      scope={{ platformId: null, collectionScope: collectionScopeQuery(ref) }}
    />
  );
}

import type { FeedLink } from '@romshelf/contract';
import { feedLinksFor } from '@romshelf/contract';

import { usePlatformsQuery } from '@/shared/api/platforms';

/** The console feeds worth offering for the library's platforms (GET /api/platforms). */
export function useFeedLinks(): { links: FeedLink[]; isPending: boolean; error: Error | null } {
  const platforms = usePlatformsQuery();
  return {
    links: feedLinksFor(platforms.data ?? []),
    isPending: platforms.isPending,
    error: platforms.error,
  };
}

import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes } from 'react-router';
import type { RouteObject } from 'react-router';

import type { RouteHandle } from './route-handle';

/**
 * Starts what the first page needs while the start-up loads run, instead of after them: the
 * page's code and, for a signed-in visitor, the data its route declares. Signed out, no data is
 * asked for (it would only answer 401).
 */
export function preloadRoute(
  routes: RouteObject[],
  pathname: string,
  queryClient: QueryClient,
  signedIn: boolean,
): void {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const lazy = match.route.lazy;
    if (typeof lazy === 'function') {
      lazy().catch((error: unknown) => console.error('Could not load the page', error));
    }
    const handle = match.route.handle as RouteHandle | undefined;
    if (!signedIn) continue;
    // A failure is left to the page's own query to show.
    for (const loading of handle?.preload?.(queryClient, match.params) ?? []) {
      loading.catch(() => undefined);
    }
  }
}

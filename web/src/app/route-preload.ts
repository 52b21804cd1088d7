import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes } from 'react-router';
import type { RouteObject } from 'react-router';

import type { RouteHandle } from './route-handle';

/**
 * Starts what the first page needs while the start-up loads run, instead of after them: the
 * page's code and, for a signed-in visitor, the data its route declares. Signed out, no data is
 * asked for (it would only answer 401). The data is asked for first: the browser opens six
 * connections to the server, and the server's answer takes longer than a code file.
 */
export function preloadRoute(
  routes: RouteObject[],
  pathname: string,
  queryClient: QueryClient,
  signedIn: boolean,
): void {
  const matches = matchRoutes(routes, pathname) ?? [];
  if (signedIn) {
    for (const match of matches) {
      const handle = match.route.handle as RouteHandle | undefined;
      // A failure is left to the page's own query to show.
      for (const loading of handle?.preload?.(queryClient, match.params) ?? []) {
        loading.catch(() => undefined);
      }
    }
  }
  for (const match of matches) {
    const lazy = match.route.lazy;
    if (typeof lazy === 'function') {
      lazy().catch((error: unknown) => console.error('Could not load the page', error));
    }
  }
}

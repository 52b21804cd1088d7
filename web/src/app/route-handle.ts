import type { QueryClient } from '@tanstack/react-query';
import type { Params, UIMatch } from 'react-router';

/**
 * What a route declares: the translation key of its page title, the scopes it needs, (auth
 * layout pages) whether its card is wide, and the data its page shows first, fetched for a
 * signed-in visitor while the app starts (see route-preload.ts).
 */
export interface RouteHandle {
  title?: string;
  scopes?: readonly string[];
  wide?: boolean;
  preload?: (queryClient: QueryClient, params: Params) => readonly Promise<unknown>[];
}

function handleOf(match: UIMatch): RouteHandle {
  return (match.handle as RouteHandle | undefined) ?? {};
}

export function routeScopes(matches: readonly UIMatch[]): string[] {
  return matches.flatMap((match) => [...(handleOf(match).scopes ?? [])]);
}

export function routeTitleKey(matches: readonly UIMatch[]): string | undefined {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const match = matches[index];
    if (!match) continue;
    const title = handleOf(match).title;
    if (title) return title;
  }
  return undefined;
}

/** `/login/` and `/login` are the same page for the guard. */
export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/** True when the deepest route asks for a wide card. */
export function routeIsWide(matches: readonly UIMatch[]): boolean {
  return matches.some((match) => handleOf(match).wide === true);
}

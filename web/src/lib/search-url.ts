/** The search page's address: `search_term` and `platform_id`, beside the gallery's filters. */
export const SEARCH_PATH = '/search';

/** The id of the top bar's search box (the `/` shortcut focuses it). */
export const SEARCH_INPUT_ID = 'app-search';

/** How long typing must pause before the results follow the search box. */
export const SEARCH_DEBOUNCE_MS = 300;

/** `current` with one search parameter set (trimmed) or, when empty, removed; the rest stays. */
export function withSearchParam(
  current: URLSearchParams,
  name: 'search_term' | 'platform_id',
  value: string,
): URLSearchParams {
  const next = new URLSearchParams(current);
  const trimmed = value.trim();
  if (trimmed) next.set(name, trimmed);
  else next.delete(name);
  return next;
}

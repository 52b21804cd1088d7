import { activeFilters, filtersQuery } from './gallery-filters';
import type { GalleryFilters } from './gallery-filters';

/** The gallery a smart collection is saved from: a platform's or a search's. */
export interface SmartScope {
  platformId: number | null;
  searchTerm: string;
}

/**
 * A smart collection's `filter_criteria`: the gallery's filters under their `GET /api/roms`
 * names and values (the ones the URL carries), narrowed to the platform whose gallery it is and
 * to the search term, so the collection shows what the gallery shows.
 */
export function smartCriteria(
  filters: GalleryFilters,
  scope: SmartScope,
): Record<string, string | string[]> {
  const criteria = filtersQuery(filters);
  if (scope.platformId !== null) criteria.platform_ids = [String(scope.platformId)];
  const term = scope.searchTerm.trim();
  if (term !== '') criteria.search_term = term;
  return criteria;
}

/** Whether there is anything to save: a filter or a search (a whole platform is no smart collection). */
export function canSaveSmart(filters: GalleryFilters, scope: SmartScope): boolean {
  return activeFilters(filters).length > 0 || scope.searchTerm.trim() !== '';
}

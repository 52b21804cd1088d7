import { foldSearchText, searchWords } from '../../../lib/search-text.js';
import type { SearchTermPlan } from './rom-list-filters.js';
import type { RomSortColumn } from './rom-list.repository.js';

const HASH_COLUMNS = { 8: 'crc_hash', 32: 'md5_hash', 40: 'sha1_hash' } as const;

/** File-name tag groups: `(USA, Europe)`, `[!]`. */
const TAG_GROUPS = /\([^)]*\)|\[[^\]]*\]/g;

/**
 * Turns `search_term` into a plan: `|` separates OR-ed terms, the words of a term (tag groups
 * left out) must all appear in the ROM's name or tag-free file name (case- and
 * accent-insensitively; 1–2-letter words as word prefixes); a term that is 8, 32 or 40 hex digits also matches the crc32 /
 * md5 / sha1 of a ROM or of one of its files.
 */
export function planSearch(searchTerm: string | undefined): SearchTermPlan[] | null {
  if (searchTerm === undefined || searchTerm.trim() === '') return null;
  const plans: SearchTermPlan[] = [];
  for (const raw of searchTerm.split('|')) {
    const term = foldSearchText(raw);
    if (term === '') continue;
    // Tags in parentheses or brackets are not searchable text: a file name without its
    // extension (as RomM apps send) still finds its game by the words of its name.
    const words = searchWords(term.replace(TAG_GROUPS, ' '));
    const hashColumn = /^[0-9a-f]+$/.test(term)
      ? HASH_COLUMNS[term.length as keyof typeof HASH_COLUMNS]
      : undefined;
    plans.push({
      words,
      hash: hashColumn === undefined ? null : { column: hashColumn, value: term },
    });
  }
  return plans.length === 0 ? null : plans;
}

/**
 * First character → offset of its first row in the list sorted in `direction` (RomM
 * char_index: the number of rows sorting before it), keys in ascending order. `counts` are
 * in ascending (SQLite BINARY) order.
 */
export function charIndexOf(
  counts: readonly { char: string; count: number }[],
  direction: 'asc' | 'desc',
): Record<string, number> {
  const offsets = new Map<string, number>();
  let before = 0;
  for (const { char, count } of direction === 'asc' ? counts : [...counts].reverse()) {
    offsets.set(char, before);
    before += count;
  }
  const index: Record<string, number> = {};
  for (const { char } of counts) index[char] = offsets.get(char) ?? 0;
  return index;
}

const SORT_COLUMNS: Readonly<Record<string, RomSortColumn>> = {
  name: 'name_sort_key',
  name_sort_key: 'name_sort_key',
  id: 'id',
  fs_name: 'fs_name',
  fs_size_bytes: 'fs_size_bytes',
  created_at: 'created_at',
  updated_at: 'updated_at',
  last_played: 'last_played',
  rating: 'rating',
  first_release_date: 'first_release_date',
};

/** The column a list's `order_by` sorts by (by name when it names none the list sorts by). */
export function sortColumnOf(orderBy: string | undefined): RomSortColumn {
  return SORT_COLUMNS[orderBy ?? 'name'] ?? 'name_sort_key';
}

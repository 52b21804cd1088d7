import type { RomOrderBy } from '@romshelf/contract';

import type { GalleryPlaceView, OrderDir } from './stores/gallery-store';

/** The sorts offered in every view, by their URL name, with the column each sorts by. */
export const SORT_CHOICES = [
  { id: 'name', orderBy: 'name', firstDir: 'asc' },
  { id: 'added', orderBy: 'created_at', firstDir: 'desc' },
  { id: 'released', orderBy: 'first_release_date', firstDir: 'desc' },
  { id: 'rating', orderBy: 'rating', firstDir: 'desc' },
  { id: 'size', orderBy: 'fs_size_bytes', firstDir: 'desc' },
  { id: 'last-played', orderBy: 'last_played', firstDir: 'desc' },
] as const satisfies readonly { id: string; orderBy: RomOrderBy; firstDir: OrderDir }[];

export type SortChoice = (typeof SORT_CHOICES)[number];

/** The URL's names of the sort and its direction. */
export const SORT_PARAM = 'sort';
export const ORDER_PARAM = 'order';

/** Columns the list view's headers sort by beyond the choices, by their URL name. */
const OTHER_COLUMNS: Readonly<Record<string, RomOrderBy>> = {
  updated: 'updated_at',
  'file-name': 'fs_name',
};

function nameOf(orderBy: RomOrderBy): string {
  const choice = SORT_CHOICES.find((entry) => entry.orderBy === orderBy);
  if (choice) return choice.id;
  return Object.entries(OTHER_COLUMNS).find(([, column]) => column === orderBy)?.[0] ?? 'name';
}

/** The sort the URL names, or null when it names none (or one unknown). */
export function parseSort(params: URLSearchParams): GalleryPlaceView | null {
  const name = params.get(SORT_PARAM);
  if (name === null) return null;
  const orderBy =
    SORT_CHOICES.find((entry) => entry.id === name)?.orderBy ?? OTHER_COLUMNS[name] ?? null;
  if (orderBy === null) return null;
  const order = params.get(ORDER_PARAM);
  return { orderBy, orderDir: order === 'desc' ? 'desc' : 'asc' };
}

/** `params` naming `view` as the sort, other parameters kept. */
export function withSort(params: URLSearchParams, view: GalleryPlaceView): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set(SORT_PARAM, nameOf(view.orderBy));
  next.set(ORDER_PARAM, view.orderDir);
  return next;
}

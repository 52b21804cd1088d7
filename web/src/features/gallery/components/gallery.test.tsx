import type { RomUser, SimpleRom } from '@romshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { removeCachedRoms, updateCachedRom } from '@/shared/api/rom-cache';
import { createTestI18n } from '@/test/i18n';

import { useGalleryStore } from '../stores/gallery-store';
import { setGalleryView } from '../stores/gallery-view-store';
import { useGalleryFilters } from '../use-gallery-filters';
import { Gallery } from './gallery';

/** Platform 1's gallery with the filters of the URL. */
function PlatformOneGallery() {
  const filtering = useGalleryFilters('platform:1');
  return (
    <Gallery place={{ platformId: 1 }} platformId={1} filtering={filtering} empty={<p>empty</p>} />
  );
}

const NAMES = ['Alpha', 'Beta', 'Mega', 'Meta', 'Zeta'];

function rom(index: number): SimpleRom {
  const name = NAMES[index] ?? 'Game';
  return {
    id: index + 1,
    name,
    fs_name: `${name}.sfc`,
    fs_name_no_tags: name,
    fs_size_bytes: 1536,
    regions: ['USA'],
    path_cover_small: '',
    path_cover_large: '',
    platform_slug: 'snes',
    platform_display_name: 'SNES',
    // Only "Mega" was not matched by any metadata source.
    is_unidentified: name === 'Mega',
    rom_user: {
      status: index === 0 ? 'finished' : null,
      is_favorite: index === 1,
      last_played: null,
    } as RomUser,
  } as SimpleRom;
}

interface RomsRequest {
  platform_id: string | null;
  offset: number;
  limit: number;
  order_by: string | null;
  order_dir: string | null;
}

/** GET /api/roms over `count` games (of `total`), recording each page asked for. */
function stubRomsApi(
  count = NAMES.length,
  total = 100,
  charIndex: Record<string, number> = { a: 0, b: 1, m: 2, z: 4 },
): RomsRequest[] {
  const requests: RomsRequest[] = [];
  vi.stubGlobal('fetch', (input: string) => {
    const query = new URL(input, 'http://localhost').searchParams;
    const request = {
      platform_id: query.get('platform_id'),
      offset: Number(query.get('offset')),
      limit: Number(query.get('limit')),
      order_by: query.get('order_by'),
      order_dir: query.get('order_dir'),
    };
    requests.push(request);
    return Promise.resolve(
      Response.json({
        items: Array.from(
          { length: Math.max(0, Math.min(request.limit, count - request.offset)) },
          (_, index) => rom(request.offset + index),
        ),
        // More games than one page, as the jump bar only shows on long lists.
        total,
        limit: request.limit,
        offset: request.offset,
        char_index: charIndex,
        rom_id_index:
          query.get('with_rom_id_index') === 'true'
            ? Array.from({ length: count }, (_, index) => index + 1)
            : [],
      }),
    );
  });
  return requests;
}

const firstPage = { platform_id: '1', offset: 0, limit: 72, order_by: 'name', order_dir: 'asc' };

/** The address's query, for the sort kept there. */
function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

async function renderGallery(client = new QueryClient(), url = '/') {
  const i18n = await createTestI18n();
  return render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[url]}>
          <PlatformOneGallery />
          <Search />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

/*
 * jsdom lays nothing out: the list is 0 px wide (big covers: 2 columns, rows of the estimated
 * 216 px) in a 768 px high window, so the rows 0-3 on screen and 2 more below are drawn: 12 places.
 * jsdom cannot scroll (no page height), so scrolling and the A–Z jump are covered by the
 * browser journey (e2e/gallery-window.spec.ts).
 */
describe('Gallery', { timeout: 30_000 }, () => {
  let requests: RomsRequest[] = [];
  beforeEach(() => {
    requests = stubRomsApi();
    useGalleryStore.setState({ places: {}, layout: { width: 0, rowHeights: {} } });
    setGalleryView('big');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('draws only the places near the viewport, placeholders where no page arrived', async () => {
    requests = stubRomsApi(100, 100);
    await renderGallery();
    await waitFor(() => expect(screen.getAllByTestId('rom-card')).toHaveLength(12));
    expect(screen.getByTestId('gallery-count').textContent).toBe('100 games');
    expect(screen.getAllByText('1.50 KB')).toHaveLength(12);
    expect(screen.queryAllByTestId('rom-card-skeleton')).toHaveLength(0);
    expect(requests).toEqual([firstPage]);
    const grid = screen.getByTestId('gallery-grid');
    expect(grid.getAttribute('role')).toBe('list');
    expect(grid.style.height).toBe(`${String(50 * 216)}px`);
    const items = screen.getAllByRole('listitem');
    expect(items[0]?.getAttribute('aria-posinset')).toBe('1');
    expect(items[0]?.getAttribute('aria-setsize')).toBe('100');
  });

  it('disables the jump bar’s letters without games', async () => {
    await renderGallery();
    await screen.findAllByTestId('rom-card');
    expect(screen.getByTestId<HTMLButtonElement>('jump-C').disabled).toBe(true);
    expect(screen.getByTestId<HTMLButtonElement>('jump-M').disabled).toBe(false);
  });

  it('shows a cached context again at once with its sort, without loading it', async () => {
    const client = new QueryClient();
    setGalleryView('list');
    const first = await renderGallery(client);
    await screen.findAllByTestId('rom-row');
    fireEvent.click(screen.getByTestId('sort-size'));
    await waitFor(() => expect(requests.at(-1)?.order_by).toBe('fs_size_bytes'));
    await screen.findAllByTestId('rom-row');
    first.unmount();
    const asked = requests.length;
    await renderGallery(client);
    expect(screen.getAllByTestId('rom-row')).toHaveLength(5);
    expect(requests).toHaveLength(asked);
    expect(screen.getByTestId('sort-size').closest('th')?.getAttribute('aria-sort')).toBe(
      'ascending',
    );
  });

  it('sorts the grid from its toolbar, the sort kept in the URL', async () => {
    await renderGallery(new QueryClient(), '/?sort=released&order=desc');
    await screen.findAllByTestId('rom-card');
    expect(requests).toEqual([{ ...firstPage, order_by: 'first_release_date', order_dir: 'desc' }]);
    const button = screen.getByTestId('sort-menu');
    expect(button.getAttribute('aria-label')).toBe('Sort: Released, Descending');
    fireEvent.click(button);
    fireEvent.click(screen.getByTestId('sort-by-rating'));
    await waitFor(() =>
      expect(requests.at(-1)).toEqual({ ...firstPage, order_by: 'rating', order_dir: 'desc' }),
    );
    expect(screen.getByTestId('search').textContent).toBe('?sort=rating&order=desc');
    fireEvent.click(screen.getByTestId('sort-menu'));
    fireEvent.click(screen.getByTestId('sort-dir-asc'));
    await waitFor(() => expect(requests.at(-1)).toEqual({ ...firstPage, order_by: 'rating' }));
    expect(screen.getByTestId('search').textContent).toBe('?sort=rating&order=asc');
  });

  it('shows a change written into the cache on the open gallery', async () => {
    const client = new QueryClient();
    await renderGallery(client);
    await waitFor(() => expect(screen.getAllByTestId('rom-card')).toHaveLength(5));
    const asked = requests.length;
    updateCachedRom(client, { id: 2, name: 'Beta Deluxe' });
    await waitFor(() =>
      expect(screen.getAllByTestId('rom-card-title')[1]?.textContent).toBe('Beta Deluxe'),
    );
    removeCachedRoms(client, [1, 5]);
    await waitFor(() => expect(screen.getAllByTestId('rom-card')).toHaveLength(3));
    expect(screen.getByTestId('gallery-count').textContent).toBe('98 games');
    expect(requests).toHaveLength(asked);
  });

  it('switches to the list view, windowed and sorted by the server', async () => {
    setGalleryView('list');
    requests = stubRomsApi(100, 100);
    await renderGallery();
    // 57 px rows: rows 0-13 on screen and 2 more.
    await waitFor(() => expect(screen.getAllByTestId('rom-row')).toHaveLength(16));
    const table = screen.getByTestId('gallery-table');
    expect(table.getAttribute('aria-rowcount')).toBe('101');
    expect(screen.getAllByTestId('rom-row')[0]?.getAttribute('aria-rowindex')).toBe('2');
    fireEvent.click(screen.getByTestId('sort-size'));
    await waitFor(() =>
      expect(requests.at(-1)).toEqual({ ...firstPage, order_by: 'fs_size_bytes' }),
    );
  });

  it('shows the status emoji and the favourite heart on cards', async () => {
    await renderGallery();
    await waitFor(() => expect(screen.getAllByTestId('rom-card')).toHaveLength(5));
    expect(screen.getByTestId('rom-card-status').textContent).toBe('🏁');
    expect(screen.getByTestId('rom-card-status').getAttribute('data-status')).toBe('finished');
    expect(screen.getAllByTestId('rom-card-favourite')).toHaveLength(1);
  });

  it('marks only the unidentified game, on its card and in the list', async () => {
    await renderGallery();
    await waitFor(() => expect(screen.getAllByTestId('rom-card')).toHaveLength(5));
    const marks = screen.getAllByTestId('rom-unmatched');
    expect(marks).toHaveLength(1);
    expect(marks[0]?.getAttribute('aria-label')).toBe(
      'Not identified: no metadata source matched this game',
    );
    const card = marks[0]?.closest('[data-testid="rom-card"]');
    // Named by what it shows (its title first), which includes no hidden words.
    expect(card?.getAttribute('aria-label')).toBeNull();
    expect(card?.querySelector('[data-testid="rom-card-title"]')?.textContent).toBe('Mega');
    expect(card?.getAttribute('aria-describedby')).toBe(marks[0]?.id);
    cleanup();

    setGalleryView('list');
    await renderGallery();
    await waitFor(() => expect(screen.getAllByTestId('rom-row')).toHaveLength(5));
    const rowMarks = screen.getAllByTestId('rom-unmatched');
    expect(rowMarks).toHaveLength(1);
    expect(rowMarks[0]?.closest('[data-testid="rom-row"]')?.getAttribute('data-rom-id')).toBe('3');
  });

  it('selects by clicks and shift-click ranges, and all of the result, loaded or not', async () => {
    requests = stubRomsApi(300, 300);
    await renderGallery();
    await waitFor(() => expect(screen.getAllByTestId('rom-card')).toHaveLength(12));
    fireEvent.click(screen.getByTestId('select-mode'));
    await screen.findByTestId('bulk-bar');
    const cards = screen.getAllByTestId('rom-card');
    fireEvent.click(cards[1] as HTMLElement);
    expect(useGalleryStore.getState().selectedIds).toEqual(new Set([2]));
    fireEvent.click(cards[3] as HTMLElement, { shiftKey: true });
    expect(useGalleryStore.getState().selectedIds).toEqual(new Set([2, 3, 4]));
    expect(screen.getByTestId('bulk-count').textContent).toContain('3');
    expect(screen.getAllByTestId('rom-card')[2]?.getAttribute('data-selected')).toBe('true');
    expect(screen.getByTestId('bulk-select-all').getAttribute('aria-label')).toBe(
      'Select all (300)',
    );
    fireEvent.click(screen.getByTestId('bulk-select-all'));
    await waitFor(() => expect(useGalleryStore.getState().selectedIds.size).toBe(300));
    expect(screen.getByTestId('bulk-count').textContent).toBe('Selected: 300');
    // One request for the whole result's ids (pages may be asked around it as the view settles).
    expect(requests.filter((request) => request.limit === 1)).toEqual([{ ...firstPage, limit: 1 }]);
    fireEvent.click(screen.getByTestId('bulk-exit'));
    expect(useGalleryStore.getState().selectMode).toBe(false);
    expect(useGalleryStore.getState().selectedIds.size).toBe(0);
  });
});

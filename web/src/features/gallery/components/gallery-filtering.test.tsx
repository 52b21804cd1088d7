import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createTestI18n } from '@/test/i18n';

import { useFilterMemoryStore } from '../stores/filter-memory-store';
import { useGalleryFilters } from '../use-gallery-filters';
import { Gallery } from './gallery';

function PlatformGallery() {
  const filtering = useGalleryFilters('platform:1');
  return (
    <Gallery place={{ platformId: 1 }} platformId={1} filtering={filtering} empty={<p>empty</p>} />
  );
}

const ALPHA = {
  id: 1,
  name: 'Alpha',
  fs_name: 'Alpha.sfc',
  fs_name_no_tags: 'Alpha',
  fs_size_bytes: 1536,
  regions: ['USA'],
  path_cover_small: '',
  path_cover_large: '',
  platform_slug: 'snes',
  platform_display_name: 'SNES',
  is_unidentified: false,
  rom_user: { status: null, is_favorite: false, last_played: null },
};

/** GET /api/roms: no game matches once `genres` is asked for, one game otherwise. */
function stubRomsApi(): URLSearchParams[] {
  const requests: URLSearchParams[] = [];
  vi.stubGlobal('fetch', (input: string) => {
    const url = new URL(input, 'http://localhost');
    requests.push(url.searchParams);
    const none = url.searchParams.has('genres');
    return Promise.resolve(
      Response.json({
        items: none ? [] : [ALPHA],
        total: none ? 0 : 1,
        limit: 72,
        offset: 0,
        char_index: {},
        rom_id_index: [],
      }),
    );
  });
  return requests;
}

async function renderAt(entry: string) {
  const i18n = await createTestI18n();
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home</p> },
      { path: '/platform/1', element: <PlatformGallery /> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('Gallery filters', { timeout: 30_000 }, () => {
  beforeEach(() => {
    useFilterMemoryStore.setState({ remembered: {} });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for the URL’s filters, shows them as chips, and removes one with a click', async () => {
    const requests = stubRomsApi();
    const router = await renderAt(
      '/platform/1?regions=USA&regions=Japan&regions_logic=none&matched=true',
    );
    await waitFor(() => expect(screen.getAllByTestId('filter-chip')).toHaveLength(3));
    const first = requests[0];
    expect(first?.getAll('regions')).toEqual(['USA', 'Japan']);
    expect(first?.get('regions_logic')).toBe('none');
    expect(first?.get('matched')).toBe('true');
    expect(screen.getAllByTestId('filter-chip').map((chip) => chip.textContent)).toEqual([
      'Region: not USA',
      'Region: not Japan',
      'Matched',
    ]);
    expect(screen.getByTestId('filter-open').getAttribute('data-active')).toBe('3');

    fireEvent.click(screen.getAllByTestId('filter-chip')[0] as HTMLElement);
    await waitFor(() =>
      expect(router.state.location.search).toBe('?regions=Japan&regions_logic=none&matched=true'),
    );
    await waitFor(() => expect(requests.at(-1)?.getAll('regions')).toEqual(['Japan']));
    expect(useFilterMemoryStore.getState().remembered['platform:1']).toBe(
      'regions=Japan&regions_logic=none&matched=true',
    );

    fireEvent.click(screen.getByTestId('filter-clear-all'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(screen.queryAllByTestId('filter-chip')).toHaveLength(0));
    expect(useFilterMemoryStore.getState().remembered).toEqual({});
  });

  it('says when the filters leave no game, and clears them from there', async () => {
    stubRomsApi();
    const router = await renderAt('/platform/1?genres=Shooter');
    const empty = await screen.findByTestId('gallery-filtered-empty');
    expect(empty.textContent).toContain('No games match these filters');
    expect(screen.queryByText('empty')).toBeNull();
    fireEvent.click(screen.getByTestId('filter-empty-clear'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await screen.findByTestId('rom-card');
  });

  it('brings back the filters last used in a context opened without them', async () => {
    const requests = stubRomsApi();
    useFilterMemoryStore.getState().remember('platform:1', 'favorite=true');
    const router = await renderAt('/');
    await router.navigate('/platform/1');
    await waitFor(() => expect(router.state.location.search).toBe('?favorite=true'));
    await screen.findByTestId('filter-chip');
    // The gallery never asked for the unfiltered list.
    expect(requests.every((request) => request.get('favorite') === 'true')).toBe(true);
    // Back and forward are left as they were: the unfiltered entry is not filtered again.
    await router.navigate(-1);
    await router.navigate(1);
    await waitFor(() => expect(router.state.location.search).toBe('?favorite=true'));
  });
});

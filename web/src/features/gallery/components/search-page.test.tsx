import { UserSchema } from '@romshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { routes } from '@/app/router';
import { useAuthStore } from '@/shared/stores/auth-store';
import { useHeartbeatStore } from '@/shared/stores/heartbeat-store';
import { ADMIN_USER, HEARTBEAT } from '@/test/fake-fetch';
import { createTestI18n } from '@/test/i18n';

interface RomsRequest {
  term: string | null;
  platformId: string | null;
  signal: AbortSignal | null;
}

const SNES = {
  id: 4,
  slug: 'snes',
  fs_slug: 'snes',
  name: 'Super Nintendo Entertainment System',
  display_name: 'Super Nintendo Entertainment System',
  custom_name: null,
  rom_count: 3,
  fs_size_bytes: 0,
  category: 'Console',
  firmware: [],
};

/** GET /api/roms answers "mario" at once and leaves every other search pending. */
function stubApi(): RomsRequest[] {
  const requests: RomsRequest[] = [];
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/platforms') return Promise.resolve(Response.json([SNES]));
    if (url.pathname !== '/api/roms') {
      return Promise.resolve(Response.json({ detail: 'Not Found' }, { status: 404 }));
    }
    const term = url.searchParams.get('search_term');
    const platformId = url.searchParams.get('platform_id');
    requests.push({ term, platformId, signal: init.signal ?? null });
    if (term !== 'mario') return new Promise<Response>(() => undefined);
    return Promise.resolve(
      Response.json({ items: [], total: 0, limit: 72, offset: 0, char_index: {} }),
    );
  });
  return requests;
}

/** The app at the search page, with its top bar: the one search box. */
async function renderSearch(url = '/search') {
  const i18n = await createTestI18n();
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  await screen.findByTestId('search-platform');
  return { router, input: await screen.findByTestId<HTMLInputElement>('app-search-input') };
}

describe('SearchPage', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.stubGlobal('scrollTo', () => undefined);
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    useHeartbeatStore.getState().setHeartbeat(HEARTBEAT);
    useAuthStore.getState().setUser(UserSchema.parse(ADMIN_USER));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("has one search box, the top bar's, which drives the results as you type", async () => {
    const requests = stubApi();
    const { router, input } = await renderSearch();
    expect(screen.getAllByRole('search')).toHaveLength(1);
    expect(screen.getAllByRole('textbox')).toEqual([input]);
    expect(screen.getByTestId('search-empty').textContent).toContain('Search your library');
    fireEvent.change(input, { target: { value: 'mar' } });
    fireEvent.change(input, { target: { value: 'mario ' } });
    await waitFor(() => expect(router.state.location.search).toBe('?search_term=mario'));
    await waitFor(() => expect(screen.getByTestId('search-empty').textContent).toContain('mario'), {
      timeout: 5000,
    });
    // Only the term typing paused on was asked for; typing replaced the history entry.
    expect(requests.map((request) => request.term)).toEqual(['mario']);
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('keeps the platform filter while the top bar searches', async () => {
    const requests = stubApi();
    const { router, input } = await renderSearch('/search?platform_id=4');
    fireEvent.change(input, { target: { value: 'mario' } });
    await waitFor(() =>
      expect(router.state.location.search).toBe('?platform_id=4&search_term=mario'),
    );
    await waitFor(() =>
      expect(requests.filter((request) => request.term === 'mario')).toMatchObject([
        { term: 'mario', platformId: '4' },
      ]),
    );
  });

  it('shows the search term of the address in the top bar', async () => {
    stubApi();
    const { input } = await renderSearch('/search?search_term=mario');
    expect(input.value).toBe('mario');
  });

  it('searches at once on Enter', async () => {
    const requests = stubApi();
    const { router, input } = await renderSearch();
    fireEvent.change(input, { target: { value: 'mario' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(router.state.location.search).toBe('?search_term=mario');
    await waitFor(() => expect(requests.map((request) => request.term)).toEqual(['mario']));
  });

  it('cancels the request of a search that was typed over', async () => {
    const requests = stubApi();
    const { input } = await renderSearch();
    fireEvent.change(input, { target: { value: 'zelda' } });
    await waitFor(() => expect(requests.map((request) => request.term)).toEqual(['zelda']));
    expect(requests[0]?.signal?.aborted).toBe(false);
    fireEvent.change(input, { target: { value: 'mario' } });
    await waitFor(() =>
      expect(requests.map((request) => request.term)).toEqual(['zelda', 'mario']),
    );
    expect(requests[0]?.signal?.aborted).toBe(true);
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createTestI18n } from '@/test/i18n';

import { SearchPage } from './search-page';

interface RomsRequest {
  term: string | null;
  signal: AbortSignal | null;
}

/** GET /api/roms answers "mario" at once and leaves every other search pending. */
function stubApi(): RomsRequest[] {
  const requests: RomsRequest[] = [];
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/platforms') return Promise.resolve(Response.json([]));
    const term = url.searchParams.get('search_term');
    requests.push({ term, signal: init.signal ?? null });
    if (term !== 'mario') return new Promise<Response>(() => undefined);
    return Promise.resolve(
      Response.json({ items: [], total: 0, limit: 72, offset: 0, char_index: {} }),
    );
  });
  return requests;
}

async function renderSearch() {
  const i18n = await createTestI18n();
  const router = createMemoryRouter([{ path: '/search', element: <SearchPage /> }], {
    initialEntries: ['/search'],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { router, input: await screen.findByTestId<HTMLInputElement>('search-page-input') };
}

describe('SearchPage', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('searches as you type once typing pauses, without Enter', async () => {
    const requests = stubApi();
    const { router, input } = await renderSearch();
    expect(screen.getByTestId('search-empty').textContent).toContain('Search your library');
    fireEvent.change(input, { target: { value: 'mar' } });
    fireEvent.change(input, { target: { value: 'mario ' } });
    await waitFor(() => expect(router.state.location.search).toBe('?search_term=mario'));
    await waitFor(() => expect(screen.getByTestId('search-empty').textContent).toContain('mario'), {
      timeout: 5000,
    });
    // Only the term typing paused on was asked for.
    expect(requests.map((request) => request.term)).toEqual(['mario']);
  });

  it('searches at once on Enter', async () => {
    const requests = stubApi();
    const { router, input } = await renderSearch();
    fireEvent.change(input, { target: { value: 'mario' } });
    fireEvent.keyDown(input, { key: 'Enter' });
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

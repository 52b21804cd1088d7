import type { DetailedRom, SearchCoverResult } from '@romshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { useHeartbeatStore } from '@/shared/stores/heartbeat-store';
import { HEARTBEAT, createFakeFetch } from '@/test/fake-fetch';
import type { RecordedCall } from '@/test/fake-fetch';
import { createTestI18n } from '@/test/i18n';

import { EditRomDialog } from './edit-rom-dialog';

const ROM = {
  id: 4,
  name: 'Comet Rally',
  fs_name: 'Comet Rally (USA).gba',
  fs_name_no_tags: 'Comet Rally',
  fs_path: 'roms/gba',
  summary: null,
  url_cover: null,
  igdb_id: null,
  moby_id: null,
  ss_id: null,
  launchbox_id: null,
  path_cover_small: '',
  path_cover_large: '',
  platform_slug: 'gba',
  platform_display_name: 'Game Boy Advance',
} as DetailedRom;

const grid = (url: string, type: 'static' | 'animated') => ({
  thumb: `${url}?thumb`,
  url,
  type,
  width: 600,
  height: 900,
  style: 'alternate',
  author: 'pixelfan',
  score: 3,
});

const COVERS: SearchCoverResult[] = [
  {
    name: 'Comet Rally',
    resources: [
      grid('https://cdn.example/grid/a.png', 'static'),
      grid('https://cdn.example/grid/b.webm', 'animated'),
    ],
  },
  { name: 'Comet Rally Animated', resources: [grid('https://cdn.example/c.webm', 'animated')] },
];

let calls: RecordedCall[] = [];

async function renderEdit(steamGrid: boolean) {
  useHeartbeatStore.getState().setHeartbeat({
    ...HEARTBEAT,
    METADATA_SOURCES: { ...HEARTBEAT.METADATA_SOURCES, STEAMGRIDDB_API_ENABLED: steamGrid },
  });
  const fake = createFakeFetch({ 'GET /api/search/cover': { status: 200, json: COVERS } });
  calls = fake.calls;
  vi.stubGlobal('fetch', fake.fetch);
  const i18n = await createTestI18n();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <EditRomDialog rom={ROM} open onClose={vi.fn()} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('SteamGridDB cover search in the edit dialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is offered only when SteamGridDB is enabled', async () => {
    await renderEdit(false);
    expect(screen.queryByTestId('edit-search-covers')).toBeNull();
  });

  it('searches the game name, lists still covers only, and fills the cover URL', async () => {
    await renderEdit(true);
    fireEvent.click(screen.getByTestId('edit-search-covers'));
    const results = await screen.findAllByTestId('cover-search-result');
    expect(results).toHaveLength(1);
    expect(screen.getAllByTestId('cover-search-game').map((game) => game.textContent)).toEqual([
      'Comet Rally',
    ]);
    expect(results[0]?.getAttribute('aria-label')).toBe('Use the cover by pixelfan (600×900)');
    expect(calls.map((call) => call.url)).toEqual(['/api/search/cover?search_term=Comet+Rally']);
    fireEvent.click(results[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByTestId('cover-search-dialog')).toBeNull());
    expect(screen.getByTestId<HTMLInputElement>('edit-url-cover').value).toBe(
      'https://cdn.example/grid/a.png',
    );
    const preview = screen.getByTestId('edit-cover-preview').querySelector('img');
    expect(preview?.getAttribute('src')).toBe('https://cdn.example/grid/a.png');
  });

  it('shows the server detail when SteamGridDB fails', async () => {
    await renderEdit(true);
    vi.stubGlobal(
      'fetch',
      createFakeFetch({
        'GET /api/search/cover': {
          status: 502,
          json: { detail: 'SteamGridDB is unavailable: HTTP 401' },
        },
      }).fetch,
    );
    fireEvent.click(screen.getByTestId('edit-search-covers'));
    expect((await screen.findByTestId('cover-search-error')).textContent).toBe(
      'SteamGridDB is unavailable: HTTP 401',
    );
  });
});

import type { DetailedRom, SearchRom } from '@romshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useHeartbeatStore } from '@/shared/stores/heartbeat-store';
import { HEARTBEAT, createFakeFetch } from '@/test/fake-fetch';
import type { FakeAnswer, RecordedCall } from '@/test/fake-fetch';
import { createTestI18n } from '@/test/i18n';

import { MatchRomDialog } from './match-rom-dialog';

const ROM = {
  id: 7,
  name: null,
  fs_name: 'Xylo Prototype (World).z64',
  fs_name_no_tags: 'Xylo Prototype',
  platform_id: 3,
  platform_slug: 'n64',
  platform_display_name: 'Nintendo 64',
  path_cover_small: '',
  path_cover_large: '',
  igdb_id: null,
  ss_id: null,
  moby_id: null,
  ra_id: null,
  launchbox_id: null,
  hasheous_id: null,
  sgdb_id: null,
} as DetailedRom;

function candidate(change: Partial<SearchRom>): SearchRom {
  return {
    id: 7,
    igdb_id: null,
    moby_id: null,
    ss_id: null,
    sgdb_id: null,
    flashpoint_id: null,
    launchbox_id: null,
    libretro_id: null,
    platform_id: 3,
    name: 'Star Courier',
    slug: 'star-courier',
    summary: 'Deliver parcels.',
    igdb_url_cover: null,
    moby_url_cover: null,
    ss_url_cover: null,
    sgdb_url_cover: null,
    flashpoint_url_cover: null,
    launchbox_url_cover: null,
    libretro_url_cover: null,
    is_unidentified: false,
    is_identified: true,
    ...change,
  };
}

const COURIER = candidate({ igdb_id: 9103, ss_id: 441, igdb_url_cover: 'https://img/co.png' });
const MATCHED = { ...ROM, name: 'Star Courier', igdb_id: 9103 } as DetailedRom;

let calls: RecordedCall[] = [];

function serve(routes: Record<string, FakeAnswer | (() => FakeAnswer)>) {
  const fake = createFakeFetch(routes);
  calls = fake.calls;
  vi.stubGlobal('fetch', fake.fetch);
}

function setNameSources(enabled: boolean) {
  useHeartbeatStore.getState().setHeartbeat({
    ...HEARTBEAT,
    METADATA_SOURCES: { ...HEARTBEAT.METADATA_SOURCES, IGDB_API_ENABLED: enabled },
  });
}

async function renderDialog(rom: DetailedRom = ROM) {
  const i18n = await createTestI18n();
  const onClose = vi.fn();
  const onMatched = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <MatchRomDialog rom={rom} open onClose={onClose} onMatched={onMatched} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { onClose, onMatched };
}

const searchCalls = () =>
  calls
    .filter((call) => call.url.startsWith('/api/search/roms'))
    .map((call) => Object.fromEntries(new URL(call.url, 'http://x').searchParams));

describe('MatchRomDialog', () => {
  beforeEach(() => setNameSources(true));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('searches the file name on opening, then the typed name, and says when nothing matches', async () => {
    serve({
      'GET /api/search/roms': () =>
        searchCalls().length === 1
          ? { status: 200, json: [] }
          : { status: 200, json: [COURIER, candidate({ name: 'Star Courier 2', moby_id: 5 })] },
    });
    await renderDialog();
    expect((await screen.findByTestId('match-empty')).textContent).toContain(
      'Nothing matches on Nintendo 64.',
    );
    expect(screen.getByTestId('match-none').textContent).toBe(
      'Not matched with any metadata source yet.',
    );
    fireEvent.change(screen.getByTestId('match-search'), { target: { value: 'Star Courier' } });
    fireEvent.click(screen.getByTestId('match-search-submit'));
    const cards = await screen.findAllByTestId('match-candidate');
    expect(cards.map((card) => card.getAttribute('data-name'))).toEqual([
      'Star Courier',
      'Star Courier 2',
    ]);
    expect(cards[0]?.textContent).toBe('Star CourierIGDBScreenScraper');
    expect(cards[0]?.querySelector('img')?.getAttribute('src')).toBe('https://img/co.png');
    // No source gave the sequel a cover: the generated one carries the platform and the name.
    expect(cards[1]?.querySelector('[data-testid="cover-placeholder"]')?.textContent).toBe(
      'N64Star Courier 2',
    );
    expect(cards[1]?.textContent).toContain('MobyGames');
    expect(searchCalls()).toEqual([
      { rom_id: '7', search_term: 'Xylo Prototype', search_by: 'name' },
      { rom_id: '7', search_term: 'Star Courier', search_by: 'name' },
    ]);
  });

  it('applies only the sources left ticked, then closes with the matched game', async () => {
    serve({
      'GET /api/search/roms': { status: 200, json: [COURIER] },
      'POST /api/roms/7/match': { status: 200, json: MATCHED },
    });
    const { onClose, onMatched } = await renderDialog();
    fireEvent.click(await screen.findByTestId('match-candidate'));
    expect(screen.getByTestId('match-confirm').textContent).toContain('IGDB #9103');
    expect(screen.getByTestId('match-confirm').textContent).toContain('ScreenScraper #441');
    fireEvent.click(screen.getByTestId('match-source-ss'));
    fireEvent.click(screen.getByTestId('match-apply'));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => [call.url, call.body])).toEqual([
      ['/api/roms/7/match', JSON.stringify({ source: 'igdb', id: 9103 })],
    ]);
    expect(onMatched).toHaveBeenCalledWith(MATCHED);
  });

  it('keeps what was applied and shows the detail when a later source fails', async () => {
    let posted = 0;
    serve({
      'GET /api/search/roms': { status: 200, json: [COURIER] },
      'POST /api/roms/7/match': () => {
        posted += 1;
        return posted === 1
          ? { status: 200, json: MATCHED }
          : { status: 502, json: { detail: 'ss is unavailable: HTTP 503' } };
      },
    });
    const { onClose, onMatched } = await renderDialog();
    fireEvent.click(await screen.findByTestId('match-candidate'));
    fireEvent.click(screen.getByTestId('match-apply'));
    expect((await screen.findByTestId('match-error')).textContent).toBe(
      'ss is unavailable: HTTP 503',
    );
    expect(onMatched).toHaveBeenCalledWith(MATCHED);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('unmatches one source, then every source', async () => {
    const both = { ...MATCHED, ss_id: 441 } as DetailedRom;
    serve({
      'GET /api/search/roms': { status: 200, json: [] },
      'DELETE /api/roms/7/match': () =>
        calls.filter((call) => call.method === 'DELETE').length === 1
          ? { status: 200, json: MATCHED }
          : { status: 200, json: ROM },
    });
    const { onMatched } = await renderDialog(both);
    expect(screen.getByTestId('match-current').textContent).toContain('IGDB #9103');
    expect(screen.getByTestId('match-current').textContent).toContain('ScreenScraper #441');
    fireEvent.click(screen.getByTestId('match-unmatch-ss'));
    await waitFor(() => expect(onMatched).toHaveBeenCalledWith(MATCHED));
    expect(screen.getByTestId('match-current').textContent).not.toContain('ScreenScraper');
    fireEvent.click(screen.getByTestId('match-unmatch-all'));
    expect(await screen.findByTestId('match-none')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/roms/7/match?source=ss',
      '/api/roms/7/match',
    ]);
  });

  it('searches by id only with digits', async () => {
    serve({ 'GET /api/search/roms': { status: 200, json: [COURIER] } });
    await renderDialog();
    await screen.findByTestId('match-candidate');
    fireEvent.click(screen.getByTestId('match-by-id'));
    fireEvent.change(screen.getByTestId('match-search'), { target: { value: 'Star' } });
    expect(screen.getByTestId<HTMLButtonElement>('match-search-submit').disabled).toBe(true);
    fireEvent.change(screen.getByTestId('match-search'), { target: { value: '9103' } });
    fireEvent.click(screen.getByTestId('match-search-submit'));
    await waitFor(() => expect(searchCalls()).toHaveLength(2));
    expect(searchCalls()[1]).toEqual({ rom_id: '7', search_term: '9103', search_by: 'id' });
  });

  it('explains that no source can search, without calling the server', async () => {
    setNameSources(false);
    serve({});
    await renderDialog();
    expect(screen.getByTestId('match-no-sources').textContent).toContain(
      'An administrator can set up IGDB',
    );
    expect(screen.queryByTestId('match-search')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('shows the server detail when the search fails', async () => {
    serve({
      'GET /api/search/roms': { status: 400, json: { detail: 'No metadata source is enabled' } },
    });
    await renderDialog();
    expect((await screen.findByTestId('match-search-error')).textContent).toBe(
      'No metadata source is enabled',
    );
  });

  it('renames the file to the title and keeps the cover picked among several', async () => {
    const withCovers = candidate({
      igdb_id: 9103,
      ss_id: 441,
      igdb_url_cover: 'https://img/igdb.png',
      ss_url_cover: 'https://img/ss.png',
    });
    const renamed = { ...MATCHED, fs_name: 'Star Courier (World).z64' };
    serve({
      'GET /api/search/roms': { status: 200, json: [withCovers] },
      'POST /api/roms/7/match': {
        status: 200,
        json: { ...MATCHED, url_cover: 'https://img/igdb.png' },
      },
      'PUT /api/roms/7': { status: 200, json: renamed },
    });
    const { onClose, onMatched } = await renderDialog();
    fireEvent.click(await screen.findByTestId('match-candidate'));
    expect(screen.getByTestId('match-cover-igdb').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId('match-cover-ss'));
    expect(screen.getByTestId('match-cover-ss').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('match-rename-preview').textContent).toBe(
      'Xylo Prototype (World).z64 → Star Courier (World).z64',
    );
    fireEvent.click(screen.getByTestId('match-rename'));
    fireEvent.click(screen.getByTestId('match-apply'));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url).toBe('/api/roms/7');
    expect([...(put?.form?.entries() ?? [])]).toEqual([
      ['fs_name', 'Star Courier (World).z64'],
      ['url_cover', 'https://img/ss.png'],
    ]);
    expect(onMatched).toHaveBeenLastCalledWith(renamed);
  });

  it('sends no edit when the file keeps its name and the only cover is used', async () => {
    serve({
      'GET /api/search/roms': { status: 200, json: [candidate({ igdb_id: 9103 })] },
      'POST /api/roms/7/match': { status: 200, json: MATCHED },
    });
    const { onClose } = await renderDialog();
    fireEvent.click(await screen.findByTestId('match-candidate'));
    expect(screen.queryByTestId('match-cover-igdb')).toBeNull();
    fireEvent.click(screen.getByTestId('match-apply'));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });
});

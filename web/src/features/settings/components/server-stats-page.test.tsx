import type { MetadataCoverage, Platform, Stats, User } from '@romshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useAuthStore } from '@/shared/stores/auth-store';
import { ADMIN_USER, createFakeFetch } from '@/test/fake-fetch';
import type { FakeAnswer, RecordedCall } from '@/test/fake-fetch';
import { createTestI18n } from '@/test/i18n';

import { ServerStatsPage } from './server-stats-page';

function platform(
  id: number,
  slug: string,
  name: string,
  romCount: number,
  sizeBytes: number,
): Platform {
  return {
    id,
    slug,
    fs_slug: slug,
    rom_count: romCount,
    name,
    igdb_slug: null,
    moby_slug: null,
    hltb_slug: null,
    libretro_slug: null,
    custom_name: null,
    description: null,
    igdb_id: null,
    sgdb_id: null,
    moby_id: null,
    launchbox_id: null,
    ss_id: null,
    ra_id: null,
    hasheous_id: null,
    tgdb_id: null,
    flashpoint_id: null,
    category: null,
    generation: null,
    family_name: null,
    family_slug: null,
    url: null,
    url_logo: null,
    firmware: [],
    created_at: '2026-11-22T00:00:00Z',
    updated_at: '2026-11-22T00:00:00Z',
    fs_size_bytes: sizeBytes,
    is_unidentified: false,
    is_identified: true,
    missing_from_fs: false,
    display_name: name,
    firmware_count: 0,
  };
}

const GIB = 1024 ** 3;
const MIB = 1024 ** 2;

const PLATFORMS: Platform[] = [
  platform(1, 'snes', 'Super Nintendo', 1000, 512 * MIB),
  platform(2, 'psx', 'PlayStation', 230, 2 * GIB),
  platform(3, 'gba', 'Game Boy Advance', 4, 48 * MIB),
  // A folder without games: left out of the list.
  platform(4, 'n64', 'Nintendo 64', 0, 0),
];

const coverage = (igdb: number, ss: number, ra: number): MetadataCoverage[] => [
  { source: 'igdb', matched: igdb },
  { source: 'moby', matched: 0 },
  { source: 'ss', matched: ss },
  { source: 'ra', matched: ra },
  { source: 'launchbox', matched: 0 },
  { source: 'hasheous', matched: 0 },
  { source: 'sgdb', matched: 0 },
  { source: 'tgdb', matched: 0 },
];

const STATS = {
  PLATFORMS: 3,
  ROMS: 1234,
  SAVES: 5,
  STATES: 17,
  SCREENSHOTS: 2,
  TOTAL_FILESIZE_BYTES: 512 * MIB + 2 * GIB + 48 * MIB,
  METADATA_COVERAGE: {
    '1': coverage(800, 950, 1000),
    '2': coverage(230, 0, 12),
    '3': coverage(0, 0, 0),
  },
  REGION_BREAKDOWN: {
    '1': [
      { region: 'USA', count: 600 },
      { region: 'Europe', count: 300 },
      { region: 'Japan', count: 150 },
    ],
    '2': [{ region: 'Japan', count: 230 }],
    '3': [],
  },
} satisfies Stats;

const EMPTY_STATS: Stats = {
  PLATFORMS: 0,
  ROMS: 0,
  SAVES: 0,
  STATES: 0,
  SCREENSHOTS: 0,
  TOTAL_FILESIZE_BYTES: 0,
  METADATA_COVERAGE: {},
  REGION_BREAKDOWN: {},
};

let calls: RecordedCall[] = [];

function serve(stats: FakeAnswer | (() => FakeAnswer), platforms: Platform[] = PLATFORMS) {
  const fake = createFakeFetch({
    'GET /api/stats': stats,
    'GET /api/platforms': { status: 200, json: platforms },
  });
  calls = fake.calls;
  vi.stubGlobal('fetch', fake.fetch);
}

async function renderPage(scopes: string[] = ['roms.read', 'platforms.read']) {
  useAuthStore.getState().setUser({ ...ADMIN_USER, oauth_scopes: scopes } as User);
  const i18n = await createTestI18n();
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <I18nextProvider i18n={i18n}>
        <ServerStatsPage />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const total = (id: string) =>
  within(screen.getByTestId(`server-stats-total-${id}`)).getByTestId('stat-value').textContent;
const rows = () => screen.getAllByTestId('server-stats-platform');
const rowNames = () => rows().map((row) => within(row).getByTestId('platform-name').textContent);
const rowOf = (name: string) => {
  const row = rows().find((item) => within(item).getByTestId('platform-name').textContent === name);
  if (row === undefined) throw new Error(`no row for ${name}`);
  return row;
};

describe('ServerStatsPage', () => {
  beforeEach(() => useAuthStore.getState().reset());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows skeletons, then the six totals and the platforms by size', async () => {
    serve({ status: 200, json: STATS });
    await renderPage();
    expect(screen.getByTestId('server-stats-loading')).toBeTruthy();

    await waitFor(() => expect(total('games')).toBe('1,234'));
    expect(screen.queryByTestId('server-stats-loading')).toBeNull();
    expect(total('platforms')).toBe('3');
    expect(total('saves')).toBe('5');
    expect(total('states')).toBe('17');
    expect(total('screenshots')).toBe('2');
    expect(total('size')).toBe('2.55 GB');
    expect(calls.find((call) => call.url.startsWith('/api/stats'))?.url).toBe(
      '/api/stats?include_platform_stats=true',
    );

    expect(rowNames()).toEqual(['PlayStation', 'Super Nintendo', 'Game Boy Advance']);
    const snes = rowOf('Super Nintendo');
    expect(within(snes).getByTestId('platform-games').textContent).toBe('1,000 games');
    expect(within(snes).getByTestId('platform-size').textContent).toBe('512.00 MB');
    expect(within(rowOf('PlayStation')).getByTestId('platform-size').textContent).toBe('2.00 GB');
    expect(within(rowOf('Game Boy Advance')).getByTestId('platform-games').textContent).toBe(
      '4 games',
    );
  });

  it('sorts the platforms by games and back by size', async () => {
    serve({ status: 200, json: STATS });
    await renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3));

    fireEvent.click(screen.getByRole('button', { name: 'Games' }));
    expect(rowNames()).toEqual(['Super Nintendo', 'PlayStation', 'Game Boy Advance']);
    expect(screen.getByRole('button', { name: 'Games' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Size' }));
    expect(rowNames()).toEqual(['PlayStation', 'Super Nintendo', 'Game Boy Advance']);
  });

  it('opens a platform on its metadata coverage and regions', async () => {
    serve({ status: 200, json: STATS });
    await renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const snes = rowOf('Super Nintendo');
    expect(within(snes).queryByTestId('platform-coverage')).toBeNull();

    fireEvent.click(within(snes).getByRole('button', { expanded: false }));
    const coverageOf = (source: string) =>
      within(within(snes).getByTestId(`coverage-${source}`)).getByTestId('coverage-value')
        .textContent;
    await waitFor(() => expect(coverageOf('igdb')).toBe('800/1,000'));
    expect(within(snes).getByTestId('coverage-igdb').textContent).toContain('IGDB');
    expect(coverageOf('ss')).toBe('950/1,000');
    expect(coverageOf('ra')).toBe('1,000/1,000');
    expect(coverageOf('tgdb')).toBe('0/1,000');
    expect(within(snes).getByTestId('coverage-ss').textContent).toContain('ScreenScraper');
    expect(
      within(snes).getAllByRole('progressbar', { name: 'IGDB' })[0]?.getAttribute('aria-valuenow'),
    ).toBe('80');
    expect(
      within(snes)
        .getAllByTestId('region-chip')
        .map((chip) => chip.textContent),
    ).toEqual(['🇺🇸 USA600', '🇪🇺 Europe300', '🇯🇵 Japan150']);

    const gba = rowOf('Game Boy Advance');
    fireEvent.click(within(gba).getByRole('button', { expanded: false }));
    await waitFor(() =>
      expect(within(gba).getByTestId('no-regions').textContent).toBe(
        'No region tags in these file names.',
      ),
    );
  });

  it('says so when the library has no games, with a way to scan for those who may', async () => {
    serve({ status: 200, json: EMPTY_STATS }, [platform(4, 'n64', 'Nintendo 64', 0, 0)]);
    await renderPage(['roms.read', 'platforms.read', 'platforms.write']);
    const empty = await screen.findByTestId('server-stats-empty');
    expect(within(empty).getByRole('heading').textContent).toBe('No statistics yet');
    expect(within(empty).getByRole('button').textContent).toBe('Scan the library');
    expect(screen.queryByTestId('server-stats-totals')).toBeNull();
  });

  it('shows the error and loads again on retry', async () => {
    let answer: FakeAnswer = { status: 500, json: { detail: 'Database is locked' } };
    serve(() => answer);
    await renderPage();
    const error = await screen.findByTestId('server-stats-error');
    expect(within(error).getByRole('heading').textContent).toBe('Statistics could not be loaded');
    expect(error.textContent).toContain('Database is locked');

    answer = { status: 200, json: STATS };
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(total('games')).toBe('1,234'));
    expect(screen.queryByTestId('server-stats-error')).toBeNull();
  });
});

import type { CompletenessSet, MissingGamesPage } from '@romshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createFakeFetch } from '@/test/fake-fetch';
import { createTestI18n } from '@/test/i18n';

import { CompletenessFigure } from './completeness-figure';

const SET: CompletenessSet = {
  dat_id: 4,
  platform_id: 3,
  dat_name: 'Nintendo - Game Boy Advance',
  dat_version: '20261129',
  region: null,
  language: null,
  games: 850,
  owned: 312,
  missing: 538,
  incomplete: 2,
  regions: [
    { value: 'USA', count: 400 },
    { value: 'Japan', count: 300 },
  ],
  languages: [{ value: 'En', count: 500 }],
};

const PAGE: MissingGamesPage = {
  items: [
    {
      id: 9,
      name: 'Gamma (USA)',
      region: 'USA',
      languages: null,
      size: 4_194_304,
      file_count: 1,
      incomplete: false,
    },
  ],
  total: 1,
  limit: 25,
  offset: 0,
};

async function renderFigure() {
  const fake = createFakeFetch({
    'GET /api/completeness': () => ({
      status: 200,
      json: [
        fake.calls.at(-1)?.url.includes('region=USA') ? { ...SET, owned: 200, games: 400 } : SET,
      ],
    }),
    'GET /api/completeness/4/missing': { status: 200, json: PAGE },
  });
  vi.stubGlobal('fetch', fake.fetch);
  const i18n = await createTestI18n();
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <I18nextProvider i18n={i18n}>
        <CompletenessFigure platformId={3} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return fake.calls;
}

describe('the completeness figure', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows how many games of the set the library has, narrowed to a region', async () => {
    const calls = await renderFigure();
    const figure = await screen.findByTestId('completeness-figure');
    expect(figure.textContent).toBe(
      'You have 312 of 850 games of Nintendo - Game Boy Advance · incomplete: 2',
    );
    fireEvent.change(screen.getByTestId('completeness-region-4'), { target: { value: 'USA' } });
    await screen.findByText(/You have 200 of 400 games of Nintendo - Game Boy Advance \(USA\)/);
    expect(calls.at(-1)?.url).toBe('/api/completeness?platform_id=3&region=USA');
  });

  it('lists the missing games with their downloads', async () => {
    await renderFigure();
    fireEvent.click(await screen.findByTestId('completeness-missing-button'));
    const row = await screen.findByTestId('missing-game');
    expect(row.textContent).toBe('Gamma (USA)USA4.00 MB');
    expect(screen.getByTestId('missing-games-fixdat').getAttribute('href')).toBe(
      '/api/completeness/4/fixdat',
    );
    fireEvent.change(screen.getByTestId('missing-games-search'), { target: { value: 'gam' } });
    expect(screen.getByTestId('missing-games-csv').getAttribute('href')).toBe(
      '/api/completeness/4/missing.csv?search=gam',
    );
  });
});

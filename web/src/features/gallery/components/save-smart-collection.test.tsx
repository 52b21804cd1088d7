import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { NETWORK_QUIESCED_EVENT } from '@/lib/network-tracker';
import { createFakeFetch } from '@/test/fake-fetch';
import type { FakeAnswer, RecordedCall } from '@/test/fake-fetch';
import { createTestI18n } from '@/test/i18n';

import { NO_FILTERS } from '../gallery-filters';
import type { GalleryFilters } from '../gallery-filters';
import { canSaveSmart, smartCriteria } from '../smart-criteria';
import type { SmartScope } from '../smart-criteria';

import { FilterChips } from './filter-chips';

const FILTERS: GalleryFilters = {
  lists: { genres: ['Racing', 'Puzzle'], regions: ['Japan'] },
  logic: { regions: 'none' },
  flags: { matched: true },
};

let calls: RecordedCall[] = [];

/** Settles once the requests are over and the app said so (its event must not outlive the test). */
const quiesced = () =>
  new Promise((resolve) =>
    window.addEventListener(NETWORK_QUIESCED_EVENT, resolve, { once: true }),
  );

async function renderChips(filters: GalleryFilters, scope: SmartScope, answer: FakeAnswer) {
  const fake = createFakeFetch({ 'POST /api/collections/smart': answer });
  calls = fake.calls;
  vi.stubGlobal('fetch', fake.fetch);
  const i18n = await createTestI18n();
  const filtering = { filters, key: '', setFilters: vi.fn(), clear: vi.fn() };
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient()}>
        <I18nextProvider i18n={i18n}>
          <FilterChips filtering={filtering} smartScope={scope} />
        </I18nextProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('save as smart collection', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("writes the filters, the platform and the search under the ROM list's names", () => {
    expect(smartCriteria(FILTERS, { platformId: 3, searchTerm: ' mario ' })).toEqual({
      platform_ids: ['3'],
      genres: ['Racing', 'Puzzle'],
      regions: ['Japan'],
      regions_logic: 'none',
      matched: 'true',
      search_term: 'mario',
    });
    expect(smartCriteria(NO_FILTERS, { platformId: null, searchTerm: '' })).toEqual({});
  });

  it('saves the filters as a public smart collection and offers to open it', async () => {
    await renderChips(
      FILTERS,
      { platformId: 3, searchTerm: '' },
      { status: 201, json: { id: 12, name: 'Japanese racers' } },
    );
    fireEvent.click(await screen.findByTestId('smart-save'));
    const dialog = await screen.findByTestId('smart-save-dialog');
    expect(
      [...screen.getByTestId('smart-save-criteria').children].map((chip) => chip.textContent),
    ).toEqual(['Genre: Racing', 'Genre: Puzzle', 'Region: not Japan', 'Matched']);
    const confirm = screen.getByTestId<HTMLButtonElement>('smart-save-confirm');
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('smart-save-name'), {
      target: { value: ' Japanese racers ' },
    });
    fireEvent.change(screen.getByTestId('smart-save-description'), {
      target: { value: 'Fast ones' },
    });
    fireEvent.click(screen.getByTestId('smart-save-public'));
    const settled = quiesced();
    fireEvent.click(confirm);
    expect((await screen.findByTestId('smart-save-done')).textContent).toContain(
      'Smart collection “Japanese racers” saved',
    );
    expect(dialog.isConnected).toBe(false);
    expect(screen.getByTestId('smart-save-view').getAttribute('href')).toBe('/collection/smart/12');
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST /api/collections/smart?is_public=true',
    ]);
    const form = calls[0]?.form;
    expect(form?.get('name')).toBe('Japanese racers');
    expect(form?.get('description')).toBe('Fast ones');
    expect(JSON.parse(form?.get('filter_criteria') as string)).toEqual({
      platform_ids: ['3'],
      genres: ['Racing', 'Puzzle'],
      regions: ['Japan'],
      regions_logic: 'none',
      matched: 'true',
    });
    await settled;
  });

  it("keeps the dialog open with the server's reason when the criteria are refused", async () => {
    await renderChips(
      { ...NO_FILTERS, flags: { favorite: true } },
      { platformId: null, searchTerm: 'zelda' },
      { status: 422, json: { detail: 'Unknown filter: favorite' } },
    );
    fireEvent.click(await screen.findByTestId('smart-save'));
    await screen.findByTestId('smart-save-dialog');
    expect(screen.getByTestId('smart-save-criteria').textContent).toBe('Search: zeldaFavourites');
    fireEvent.change(screen.getByTestId('smart-save-name'), { target: { value: 'Zelda' } });
    const settled = quiesced();
    fireEvent.click(screen.getByTestId('smart-save-confirm'));
    expect((await screen.findByTestId('smart-save-error')).textContent).toBe(
      'Unknown filter: favorite',
    );
    expect(calls[0]?.url).toBe('/api/collections/smart?is_public=false');
    expect(screen.getByTestId('smart-save-dialog')).toBeTruthy();
    await settled;
  });

  it('is offered for a filter or a search, not for a whole platform', () => {
    expect(canSaveSmart(NO_FILTERS, { platformId: 3, searchTerm: '' })).toBe(false);
    expect(canSaveSmart(NO_FILTERS, { platformId: null, searchTerm: '  ' })).toBe(false);
    expect(canSaveSmart(NO_FILTERS, { platformId: null, searchTerm: 'zelda' })).toBe(true);
    expect(canSaveSmart(FILTERS, { platformId: 3, searchTerm: '' })).toBe(true);
  });
});

import type { DetailedRom } from '@romshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createFakeFetch } from '@/test/fake-fetch';
import { createTestI18n } from '@/test/i18n';

import { RomCollections } from './rom-collections';

const HOLDING = [
  { id: 4, name: 'Kids', is_smart: false },
  { id: 9, name: 'Shooters', is_smart: true },
  { id: 6, name: 'Favourites', is_smart: false },
];

async function renderSection(isFavorite: boolean, userCollections = HOLDING) {
  vi.stubGlobal(
    'fetch',
    createFakeFetch({
      'GET /api/collections': {
        status: 200,
        json: [
          { id: 4, name: 'Kids', is_favorite: false },
          { id: 6, name: 'Favourites', is_favorite: true },
        ],
      },
    }).fetch,
  );
  const rom = {
    id: 7,
    name: 'Lunar Lancer',
    rom_user: { is_favorite: isFavorite },
    user_collections: userCollections,
  } as unknown as DetailedRom;
  const i18n = await createTestI18n();
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient()}>
        <I18nextProvider i18n={i18n}>
          <RomCollections rom={rom} onChange={vi.fn()} />
        </I18nextProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const chips = () =>
  screen
    .getAllByTestId('rom-collection-chip')
    .map((chip) => [chip.textContent, chip.getAttribute('href')]);

describe("the game page's collections", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('links every collection holding the game, favourites first under their own name', async () => {
    await renderSection(true);
    await waitFor(() => expect(chips()[0]).toEqual(['Favourites', '/collection/6']));
    expect(chips()).toEqual([
      ['Favourites', '/collection/6'],
      ['Kids', '/collection/4'],
      ['Shooters', '/collection/smart/9'],
    ]);
  });

  it('follows the favourite flag when it changed after the game was read', async () => {
    await renderSection(false);
    await waitFor(() => expect(chips()).toHaveLength(2));
    expect(chips()).toEqual([
      ['Kids', '/collection/4'],
      ['Shooters', '/collection/smart/9'],
    ]);
  });

  it('says so when no collection holds the game', async () => {
    await renderSection(false, []);
    expect(screen.getByTestId('rom-collections-empty').textContent).toBe(
      'Not in any of your collections yet.',
    );
  });
});

import type { SimpleRom } from '@romshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { useAuthStore } from '@/shared/stores/auth-store';
import { createFakeFetch } from '@/test/fake-fetch';
import { createTestI18n } from '@/test/i18n';

import { RomCard } from './rom-card';
import type { RomCardRom } from './rom-card';

function disc(fsName: string, extra: Partial<SimpleRom> = {}): RomCardRom {
  return {
    id: 7,
    name: null,
    fs_name: fsName,
    fs_name_no_tags: 'Final Fantasy VII',
    fs_extension: 'chd',
    fs_size_bytes: 1536,
    regions: ['USA'],
    languages: [],
    revision: null,
    tags: ['Disc 2'],
    path_cover_small: '',
    path_cover_large: '',
    platform_slug: 'psx',
    platform_display_name: 'PlayStation',
    ...extra,
  };
}

async function renderCard(rom: RomCardRom, compact = false) {
  const i18n = await createTestI18n();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <RomCard rom={rom} compact={compact} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('RomCard', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useAuthStore.setState({ oauth_scopes: [] });
  });

  it('shows the tags telling versions of one name apart, on big and small cards', async () => {
    await renderCard(disc('Final Fantasy VII (USA) (Disc 2).chd'));
    expect(screen.getByTestId('rom-version-tags').textContent).toBe('Disc 2');
    cleanup();
    await renderCard(
      disc('Super Mario Bros. 3 (USA) (Rev 1) (Beta).nes', { revision: '1', tags: ['Beta'] }),
      true,
    );
    expect(screen.getByTestId('rom-version-tags').textContent).toBe('Rev 1 · Beta');
    expect(screen.getByTestId('rom-regions').textContent).toBe('🇺🇸');
  });

  it('keeps the "+n" of the flags beside, not under, the not-identified mark', async () => {
    await renderCard(
      disc('Game (USA, Europe, Japan).chd', {
        regions: ['USA', 'Europe', 'Japan'],
        is_unidentified: true,
        tags: [],
      }),
    );
    expect(screen.getByTestId('rom-regions').textContent).toBe('🇺🇸 🇪🇺+1');
    expect(screen.getByTestId('rom-unmatched')).toBeTruthy();
  });

  it('offers editors to combine a loose disc with its siblings in one click', async () => {
    const fake = createFakeFetch({
      'POST /api/roms/7/combine-discs': { status: 201, json: { id: 9 } },
    });
    vi.stubGlobal('fetch', fake.fetch);
    await renderCard(disc('Final Fantasy VII (USA) (Disc 2).chd'));
    expect(screen.queryByTestId('rom-card-combine-discs')).toBeNull();
    cleanup();

    useAuthStore.setState({ oauth_scopes: ['roms.read', 'roms.write'] });
    await renderCard(disc('Final Fantasy VII (USA).m3u', { fs_extension: 'm3u', tags: [] }));
    expect(screen.queryByTestId('rom-card-combine-discs')).toBeNull();
    cleanup();

    await renderCard(disc('Final Fantasy VII (USA) (Disc 2).chd'));
    fireEvent.click(screen.getByTestId('rom-card-combine-discs'));
    await waitFor(() =>
      expect(fake.calls.map((call) => `${call.method} ${call.url}`)).toEqual([
        'POST /api/roms/7/combine-discs',
      ]),
    );
  });
});

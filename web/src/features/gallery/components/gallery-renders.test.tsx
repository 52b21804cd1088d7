import type { SimpleRom } from '@romshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { memo } from 'react';
import type { ComponentProps } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type * as RomCardModule from '@/components/rom-card';
import { updateCachedRom } from '@/shared/api/rom-cache';
import { createTestI18n } from '@/test/i18n';

import { preloadPlatformGallery } from '../gallery-preload';
import { useGalleryStore } from '../stores/gallery-store';
import { setGalleryView } from '../stores/gallery-view-store';
import { useGalleryFilters } from '../use-gallery-filters';
import { Gallery } from './gallery';

/** Platform 1's gallery with the filters of the URL. */
function PlatformOneGallery() {
  const filtering = useGalleryFilters('platform:1');
  return (
    <Gallery place={{ platformId: 1 }} platformId={1} filtering={filtering} empty={<p>empty</p>} />
  );
}

/** How often each ROM's card rendered. */
const renders = new Map<number, number>();

vi.mock('@/components/rom-card', async (importOriginal) => {
  const actual = await importOriginal<typeof RomCardModule>();
  const CountingCard = memo(function CountingCard(props: ComponentProps<typeof actual.RomCard>) {
    renders.set(props.rom.id, (renders.get(props.rom.id) ?? 0) + 1);
    return <actual.RomCard {...props} />;
  });
  return { ...actual, RomCard: CountingCard };
});

function rom(index: number): SimpleRom {
  return {
    id: index + 1,
    name: `Game ${String(index + 1)}`,
    fs_name: `Game ${String(index + 1)}.sfc`,
    fs_name_no_tags: `Game ${String(index + 1)}`,
    fs_size_bytes: 1536,
    regions: [],
    path_cover_small: '',
    path_cover_large: '',
    platform_slug: 'snes',
    platform_display_name: 'SNES',
    rom_user: { status: null, is_favorite: false, last_played: null },
  } as unknown as SimpleRom;
}

/** Answers the gallery's pages: 300 ROMs, the page after the first once `second` resolves. */
function stubPages(second: Promise<void> = Promise.resolve()) {
  vi.stubGlobal('fetch', async (input: string) => {
    const query = new URL(input, 'http://localhost').searchParams;
    const offset = Number(query.get('offset'));
    if (offset > 0) await second;
    return Response.json({
      items: Array.from({ length: Math.min(72, 300 - offset) }, (_, index) => rom(offset + index)),
      total: 300,
      limit: 72,
      offset,
      char_index: {},
      rom_id_index: [],
    });
  });
}

async function renderGallery(client: QueryClient) {
  const i18n = await createTestI18n();
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <PlatformOneGallery />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('Gallery cards', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    renders.clear();
  });

  it('are drawn once at first: not at a guessed width, the rows beyond the window after those', async () => {
    // A 1,000 px wide gallery (4 big columns) with rows of 200 px: the 768 px window shows 4 rows.
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ width: 1000, height: 0 }),
    );
    useGalleryStore.setState({
      places: {},
      layout: { width: 0, rowHeights: { 'big:1000': 200 } },
    });
    setGalleryView('big');
    stubPages();
    const client = new QueryClient();
    // The first page is there before the gallery draws, as the start-up's preload makes it.
    await preloadPlatformGallery(client, '1', '');
    await renderGallery(client);

    expect(screen.getByTestId('gallery-grid').getAttribute('data-columns')).toBe('4');
    expect(screen.getAllByTestId('rom-card')).toHaveLength(16);
    await waitFor(() => expect(screen.getAllByTestId('rom-card')).toHaveLength(24));
    for (let id = 1; id <= 24; id++) expect(renders.get(id), `card ${String(id)}`).toBe(1);
  });

  it('are not drawn again when another page arrives or another ROM changes', async () => {
    // Rows of 20 px: the 768 px window shows items 0-75 (2 columns), on pages 0 and 72.
    useGalleryStore.setState({
      places: {},
      layout: { width: 0, rowHeights: { 'big:0': 20 } },
    });
    setGalleryView('big');
    let releaseSecond: () => void = () => undefined;
    const secondAsked = new Promise<void>((resolve) => {
      releaseSecond = resolve;
    });
    vi.stubGlobal('fetch', async (input: string) => {
      const query = new URL(input, 'http://localhost').searchParams;
      const offset = Number(query.get('offset'));
      if (offset > 0) await secondAsked;
      return Response.json({
        items: Array.from({ length: Math.min(72, 300 - offset) }, (_, index) =>
          rom(offset + index),
        ),
        total: 300,
        limit: 72,
        offset,
        char_index: {},
        rom_id_index: [],
      });
    });
    const client = new QueryClient();
    const i18n = await createTestI18n();
    render(
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={i18n}>
          <MemoryRouter>
            <PlatformOneGallery />
          </MemoryRouter>
        </I18nextProvider>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getAllByTestId('rom-card')).toHaveLength(72));
    expect(screen.getAllByTestId('rom-card-skeleton').length).toBeGreaterThan(0);
    const before = new Map(renders);

    releaseSecond();
    await waitFor(() => expect(screen.queryAllByTestId('rom-card-skeleton')).toHaveLength(0));
    expect(screen.getAllByTestId('rom-card').length).toBeGreaterThan(72);
    for (let id = 1; id <= 72; id++)
      expect(renders.get(id), `card ${String(id)}`).toBe(before.get(id));

    updateCachedRom(client, { id: 5, name: 'Renamed' });
    await waitFor(() => expect(screen.getByText('Renamed')).not.toBeNull());
    expect(renders.get(5)).toBe((before.get(5) ?? 0) + 1);
    for (const id of [1, 4, 6, 72, 73]) expect(renders.get(id)).toBe(before.get(id) ?? 1);
  });
});

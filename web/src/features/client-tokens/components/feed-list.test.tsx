import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { clearCookies, createFakeFetch } from '@/test/fake-fetch';
import { createTestI18n } from '@/test/i18n';

import { FeedList } from './feed-list';

const platform = (id: number, slug: string, name: string) => ({
  id,
  slug,
  fs_slug: slug,
  name,
  display_name: name,
});

async function renderList(platforms: unknown[]) {
  const fake = createFakeFetch({ 'GET /api/platforms': () => ({ status: 200, json: platforms }) });
  vi.stubGlobal('fetch', fake.fetch);
  const i18n = await createTestI18n('en_US');
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <I18nextProvider i18n={i18n}>
        <FeedList />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('FeedList', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    clearCookies();
  });

  it("offers the feeds of the library's platforms, each address ready to copy", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderList([
      platform(1, 'switch', 'Nintendo Switch'),
      platform(2, 'psvita', 'PlayStation Vita'),
      platform(3, 'n64', 'Nintendo 64'),
      platform(4, 'gc', 'GameCube'),
    ]);
    await waitFor(() => expect(screen.getAllByTestId('feed-url')).toHaveLength(7));
    const origin = window.location.origin;
    expect(
      screen.getAllByTestId('feed-url').map((input) => (input as HTMLInputElement).value),
    ).toEqual([
      `${origin}/api/feeds/webrcade`,
      `${origin}/api/feeds/tinfoil`,
      `${origin}/api/feeds/pkgi/psvita/game`,
      `${origin}/api/feeds/pkgi/psvita/dlc`,
      `${origin}/api/feeds/pkgi/psvita/update`,
      `${origin}/api/feeds/pkgj/psvita/games`,
      `${origin}/api/feeds/pkgj/psvita/dlc`,
    ]);
    expect(screen.getByLabelText('Tinfoil · Nintendo Switch')).toBeTruthy();
    expect(screen.getByLabelText('webRcade · All its platforms')).toBeTruthy();
    expect(screen.getByLabelText('PKGi · PlayStation Vita · updates')).toBeTruthy();
    fireEvent.click(
      screen.getByRole('button', { name: 'Copy the address of pkgj · PlayStation Vita · games' }),
    );
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith(`${origin}/api/feeds/pkgj/psvita/games`),
    );
    expect(await screen.findByText('Copied')).toBeTruthy();
  });

  it('says so when no platform has a feed', async () => {
    await renderList([platform(4, 'gc', 'GameCube')]);
    expect(await screen.findByTestId('feeds-empty')).toBeTruthy();
    expect(screen.queryAllByTestId('feed-row')).toHaveLength(0);
  });
});

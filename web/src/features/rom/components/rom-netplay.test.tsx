import type { DetailedRom, LibraryConfig, NetplayRoomList } from '@romshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type * as netplayJoin from '@/lib/netplay-join';
import { openNetplayRoom } from '@/lib/netplay-join';
import { resetWebglCache } from '@/lib/playability';
import { useConfigStore } from '@/shared/stores/config-store';
import { createFakeFetch } from '@/test/fake-fetch';
import { createTestI18n } from '@/test/i18n';

import { RomNetplay } from './rom-netplay';

vi.mock('@/lib/netplay-join', async (importOriginal) => ({
  ...(await importOriginal<typeof netplayJoin>()),
  openNetplayRoom: vi.fn(),
}));

const LOCKED = { room_name: 'Locked', current: 2, max: 4, player_name: 'bob', hasPassword: true };
const ROOMS: NetplayRoomList = {
  'room-a': { room_name: 'Evening', current: 1, max: 2, player_name: 'alice', hasPassword: false },
  'room-b': LOCKED,
};

async function renderNetplay(rooms: NetplayRoomList, enabled = true) {
  useConfigStore.setState({ value: { EJS_NETPLAY_ENABLED: enabled } as LibraryConfig });
  const fake = createFakeFetch({ 'GET /api/netplay/list': { status: 200, json: rooms } });
  vi.stubGlobal('fetch', fake.fetch);
  const i18n = await createTestI18n('en_US');
  const rom = { id: 7, platform_slug: 'nes', missing_from_fs: false } as DetailedRom;
  const view = render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <I18nextProvider i18n={i18n}>
        <RomNetplay rom={rom} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { fake, view };
}

describe('RomNetplay', () => {
  beforeEach(() => resetWebglCache(true));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    resetWebglCache();
    useConfigStore.setState({ value: null });
    sessionStorage.clear();
  });

  it("lists the game's open rooms with their owner, players and password", async () => {
    const { fake } = await renderNetplay(ROOMS);
    const rows = await screen.findAllByTestId('rom-netplay-room');
    expect(rows.map((row) => row.textContent)).toEqual([
      "Evening1/2 playersJoin alice's room",
      "Locked2/4 players · passwordJoin bob's room",
    ]);
    expect(fake.calls.map((call) => call.url)).toEqual(['/api/netplay/list?game_id=7']);
    expect(screen.getByRole('link', { name: "Join alice's room" }).getAttribute('href')).toBe(
      '/rom/7/ejs?netplay=room-a',
    );
  });

  it("asks for a locked room's password and keeps it for the player page", async () => {
    await renderNetplay({ 'room-b': LOCKED });
    fireEvent.click(await screen.findByRole('button', { name: "Join bob's room" }));
    const join = screen.getByRole('button', { name: 'Join' });
    expect(join).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByTestId('rom-netplay-password'), { target: { value: 's3cret' } });
    fireEvent.click(join);
    expect(sessionStorage.getItem('netplay.password.room-b')).toBe('s3cret');
    expect(vi.mocked(openNetplayRoom).mock.calls).toEqual([[7, 'room-b']]);
  });

  it('says so when no room is open, and shows nothing while config.yml has netplay off', async () => {
    await renderNetplay({});
    expect((await screen.findByTestId('rom-netplay-empty')).textContent).toContain(
      'No open rooms.',
    );
    cleanup();
    const { fake, view } = await renderNetplay(ROOMS, false);
    expect(view.container.innerHTML).toBe('');
    expect(fake.calls).toEqual([]);
  });
});

import type { ActivityEntry } from '@romshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createFakeFetch } from '@/test/fake-fetch';
import { createTestI18n } from '@/test/i18n';

import { PlayingNow } from './playing-now';

/** A socket stand-in: handlers by event name, and whether it was asked to connect. */
const socket = vi.hoisted(() => {
  const handlers = new Map<string, ((payload: unknown) => void)[]>();
  return {
    handlers,
    connected: false,
    on(name: string, handler: (payload: unknown) => void) {
      handlers.set(name, [...(handlers.get(name) ?? []), handler]);
    },
    off(name: string, handler: (payload: unknown) => void) {
      handlers.set(
        name,
        (handlers.get(name) ?? []).filter((known) => known !== handler),
      );
    },
    connect() {
      this.connected = true;
    },
    receive(name: string, payload: unknown) {
      for (const handler of handlers.get(name) ?? []) handler(payload);
    },
  };
});
vi.mock('@/lib/socket', () => ({ getSocket: () => socket }));

const play = (overrides: Partial<ActivityEntry>): ActivityEntry => ({
  user_id: 2,
  username: 'ann',
  avatar_path: '',
  rom_id: 7,
  rom_name: 'Super Metroid',
  rom_cover_path: '',
  platform_slug: 'snes',
  platform_name: 'Super Nintendo',
  device_id: 'web-1',
  device_type: 'web',
  started_at: '2026-11-02T14:05:00.000+00:00',
  ...overrides,
});

async function renderRail(plays: ActivityEntry[]) {
  const fake = createFakeFetch({ 'GET /api/activity': { status: 200, json: plays } });
  vi.stubGlobal('fetch', fake.fetch);
  const i18n = await createTestI18n('en_US');
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <PlayingNow />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return fake;
}

const cards = () =>
  screen.queryAllByTestId('home-playing-now-card').map((card) => card.textContent);

describe('PlayingNow', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    socket.handlers.clear();
  });

  it('lists who plays what, on which device, and follows starts and ends live', async () => {
    await renderRail([play({})]);
    expect((await screen.findAllByTestId('home-playing-now-card')).length).toBe(1);
    expect(cards()[0]).toContain('ann');
    expect(cards()[0]).toContain('Super Metroid');
    expect(cards()[0]).toContain('Super Nintendo · Web browser');
    expect(cards()[0]).toMatch(/^AannSuper MetroidSuper Nintendo · Web browserSince .+/);
    expect(socket.connected).toBe(true);
    expect(screen.getByRole('link', { name: /Super Metroid/ }).getAttribute('href')).toBe('/rom/7');

    act(() => {
      socket.receive(
        'activity:update',
        play({
          user_id: 3,
          username: 'ben',
          device_id: 'rg35xx',
          device_type: 'grout',
          rom_id: 9,
          rom_name: 'Zelda',
        }),
      );
    });
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(cards()[0]).toContain('ben');
    expect(cards()[0]).toContain('Super Nintendo · grout');

    act(() => {
      socket.receive('activity:clear', { user_id: 2, device_id: 'web-1', rom_id: 7 });
    });
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(cards()[0]).toContain('ben');
    act(() => {
      socket.receive('activity:clear', { user_id: 3, device_id: 'rg35xx', rom_id: 9 });
    });
    await waitFor(() => expect(screen.queryByTestId('home-playing-now')).toBeNull());
  });

  it('shows nothing while nobody plays', async () => {
    const fake = await renderRail([]);
    await waitFor(() => expect(fake.calls.map((call) => call.url)).toEqual(['/api/activity']));
    expect(screen.queryByTestId('home-playing-now')).toBeNull();
  });
});

import type { ActivityEntry } from '@romshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createFakeFetch } from '@/test/fake-fetch';
import { createTestI18n } from '@/test/i18n';

import { RomPlayingNow } from './rom-playing-now';

/** A socket stand-in: handlers by event name. */
const socket = vi.hoisted(() => {
  const handlers = new Map<string, ((payload: unknown) => void)[]>();
  return {
    handlers,
    connected: true,
    on(name: string, handler: (payload: unknown) => void) {
      handlers.set(name, [...(handlers.get(name) ?? []), handler]);
    },
    off(name: string, handler: (payload: unknown) => void) {
      handlers.set(
        name,
        (handlers.get(name) ?? []).filter((known) => known !== handler),
      );
    },
    connect() {},
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

describe('RomPlayingNow', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    socket.handlers.clear();
  });

  it("names who plays this game, and follows this game's plays live", async () => {
    const fake = createFakeFetch({ 'GET /api/activity/rom/7': { status: 200, json: [] } });
    vi.stubGlobal('fetch', fake.fetch);
    const i18n = await createTestI18n('en_US');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nextProvider i18n={i18n}>
          <RomPlayingNow romId={7} />
        </I18nextProvider>
      </QueryClientProvider>,
    );
    await waitFor(() =>
      expect(fake.calls.map((call) => call.url)).toEqual(['/api/activity/rom/7']),
    );
    expect(screen.queryByTestId('rom-playing-now')).toBeNull();

    act(() => {
      socket.receive('activity:update', play({ rom_id: 8, username: 'ben' }));
      socket.receive('activity:update', play({}));
      socket.receive(
        'activity:update',
        play({ user_id: 3, username: 'cy', device_id: 'rg', device_type: 'grout' }),
      );
    });
    const line = await screen.findByTestId('rom-playing-now');
    await waitFor(() =>
      expect(line.textContent).toMatch(
        /^Playing now: cy \(grout, since .+\), ann \(web browser, since .+\)$/,
      ),
    );
    act(() => {
      socket.receive('activity:clear', { user_id: 3, device_id: 'rg', rom_id: 7 });
    });
    await waitFor(() =>
      expect(screen.getByTestId('rom-playing-now').textContent).toMatch(
        /^Playing now: ann \(web browser, since .+\)$/,
      ),
    );
  });
});

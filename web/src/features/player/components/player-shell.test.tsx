import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { usePageNameStore } from '@/lib/page-name';
import { useHeartbeatStore } from '@/shared/stores/heartbeat-store';
import { HEARTBEAT, createFakeFetch } from '@/test/fake-fetch';
import { createTestI18n } from '@/test/i18n';

import { PlayerShell } from './player-shell';

/** What the shell reads of a game: its names and platform. */
const ROM = {
  id: 7,
  name: 'Super Metroid',
  fs_name: 'Super Metroid (USA).sfc',
  fs_name_no_tags: 'Super Metroid',
  platform_slug: 'snes',
  platform_display_name: 'Super Nintendo',
  missing_from_fs: false,
};

describe('PlayerShell', () => {
  beforeEach(() => {
    useHeartbeatStore.getState().setHeartbeat(HEARTBEAT);
    // jsdom has no canvas: the WebGL check finds none.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    vi.stubGlobal(
      'fetch',
      createFakeFetch({ 'GET /api/roms/7': { status: 200, json: ROM } }).fetch,
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('names the game in the tab title while it is shown', async () => {
    const i18n = await createTestI18n();
    const view = render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nextProvider i18n={i18n}>
          <MemoryRouter initialEntries={['/rom/7/ejs']}>
            <Routes>
              <Route
                path="/rom/:rom/ejs"
                element={
                  <PlayerShell kind="ejs" icon={null}>
                    {() => <p>game</p>}
                  </PlayerShell>
                }
              />
            </Routes>
          </MemoryRouter>
        </I18nextProvider>
      </QueryClientProvider>,
    );
    await screen.findByText('Super Metroid');
    expect(usePageNameStore.getState().name).toBe('Super Metroid');
    view.unmount();
    await waitFor(() => expect(usePageNameStore.getState().name).toBeNull());
  });
});

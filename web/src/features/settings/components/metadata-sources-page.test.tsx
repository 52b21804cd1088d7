import type { LibraryConfig, User } from '@romshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { useAuthStore } from '@/shared/stores/auth-store';
import { useConfigStore } from '@/shared/stores/config-store';
import { useHeartbeatStore } from '@/shared/stores/heartbeat-store';
import { ADMIN_USER, HEARTBEAT, createFakeFetch } from '@/test/fake-fetch';
import { createTestI18n } from '@/test/i18n';

import { MetadataSourcesPage } from './metadata-sources-page';

const CONFIG: LibraryConfig = {
  CONFIG_FILE_MOUNTED: true,
  CONFIG_FILE_WRITABLE: true,
  CONFIG_FILE_PARSE_ERROR: null,
  CONFIG_FILE_INVALID_BINDINGS: [],
  EXCLUDED_PLATFORMS: [],
  EXCLUDED_SINGLE_EXT: [],
  EXCLUDED_SINGLE_FILES: [],
  EXCLUDED_MULTI_FILES: [],
  EXCLUDED_MULTI_PARTS_EXT: [],
  EXCLUDED_MULTI_PARTS_FILES: [],
  DEFAULT_EXCLUDED_DIRS: [],
  DEFAULT_EXCLUDED_FILES: [],
  DEFAULT_EXCLUDED_EXTENSIONS: [],
  PLATFORMS_BINDING: {},
  PLATFORMS_VERSIONS: {},
  SKIP_HASH_CALCULATION: false,
  EJS_DEBUG: false,
  EJS_CACHE_LIMIT: null,
  EJS_DISABLE_AUTO_UNLOAD: false,
  EJS_DISABLE_BATCH_BOOTUP: false,
  EJS_NETPLAY_ENABLED: false,
  EJS_NETPLAY_ICE_SERVERS: [],
  EJS_SETTINGS: {},
  EJS_CONTROLS: {},
  SCAN_METADATA_PRIORITY: ['igdb', 'ss', 'not-a-source'],
  SCAN_ARTWORK_PRIORITY: ['sgdb', 'igdb'],
  SCAN_ARTWORK_PRIORITY_OVERRIDES: {},
  SCAN_REGION_PRIORITY: ['us', 'eu'],
  SCAN_LANGUAGE_PRIORITY: ['en'],
  SCAN_MEDIA: ['box2d', 'manual'],
  GAMELIST_AUTO_EXPORT_ON_SCAN: false,
  GAMELIST_MEDIA_THUMBNAIL: 'box2d',
  GAMELIST_MEDIA_IMAGE: 'screenshot',
  PEGASUS_AUTO_EXPORT_ON_SCAN: true,
};

describe('MetadataSourcesPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('reorders the names-and-descriptions sources and saves the whole scan section', async () => {
    const fake = createFakeFetch({ 'PUT /api/config/scan': { status: 200, json: CONFIG } });
    vi.stubGlobal('fetch', fake.fetch);
    useAuthStore.getState().setUser({ ...ADMIN_USER, oauth_scopes: ['platforms.write'] } as User);
    useHeartbeatStore.getState().setHeartbeat(HEARTBEAT);
    useConfigStore.getState().setConfig(CONFIG);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nextProvider i18n={await createTestI18n()}>
          <MetadataSourcesPage />
        </I18nextProvider>
      </QueryClientProvider>,
    );
    const names = screen.getByTestId('priority-metadata');
    const order = () =>
      within(names)
        .getAllByTestId('priority-source')
        .map((item) => item.dataset.source);
    expect(order()).toEqual(['igdb', 'ss']);
    fireEvent.click(screen.getByRole('button', { name: 'Move ScreenScraper up' }));
    expect(order()).toEqual(['ss', 'igdb']);
    fireEvent.click(screen.getByTestId('config-save'));
    await waitFor(() =>
      expect(screen.getByTestId('config-saved').textContent).toBe('Saved to config.yml.'),
    );
    const put = fake.calls.find((call) => call.method === 'PUT');
    expect(JSON.parse(put?.body ?? 'null')).toEqual({
      metadata_priority: ['ss', 'igdb'],
      artwork_priority: ['sgdb', 'igdb'],
      cover_priority: null,
      screenshot_priority: null,
      manual_priority: null,
      region_priority: ['us', 'eu'],
      language_priority: ['en'],
      media: ['box2d', 'manual'],
      gamelist_export: false,
      gamelist_thumbnail: 'box2d',
      gamelist_image: 'screenshot',
      pegasus_export: true,
    });
  });
});

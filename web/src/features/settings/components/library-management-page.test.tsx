import type { LibraryConfig, User } from '@romshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { useAuthStore } from '@/shared/stores/auth-store';
import { useConfigStore } from '@/shared/stores/config-store';
import { useHeartbeatStore } from '@/shared/stores/heartbeat-store';
import { ADMIN_USER, HEARTBEAT, createFakeFetch } from '@/test/fake-fetch';
import { createTestI18n } from '@/test/i18n';

import { LibraryManagementPage } from './library-management-page';

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
  PLATFORMS_BINDING: { sfc: 'snes' },
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
  SCAN_METADATA_PRIORITY: [],
  SCAN_ARTWORK_PRIORITY: [],
  SCAN_ARTWORK_PRIORITY_OVERRIDES: {},
  SCAN_REGION_PRIORITY: [],
  SCAN_LANGUAGE_PRIORITY: [],
  SCAN_MEDIA: [],
  GAMELIST_AUTO_EXPORT_ON_SCAN: false,
  GAMELIST_MEDIA_THUMBNAIL: 'box2d',
  GAMELIST_MEDIA_IMAGE: 'screenshot',
  PEGASUS_AUTO_EXPORT_ON_SCAN: false,
};

async function renderPage(config: LibraryConfig) {
  vi.stubGlobal('fetch', createFakeFetch({}).fetch);
  useAuthStore.getState().setUser({ ...ADMIN_USER, oauth_scopes: [] } as User);
  useHeartbeatStore.getState().setHeartbeat(HEARTBEAT);
  useConfigStore.getState().setConfig(config);
  const i18n = await createTestI18n();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <LibraryManagementPage />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('LibraryManagementPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the config.yml bindings the server ignored', async () => {
    await renderPage({
      ...CONFIG,
      CONFIG_FILE_INVALID_BINDINGS: [
        { key: 'system.platforms', folder: 'snes', value: '/etc' },
        { key: 'system.versions', folder: 'a/b', value: 'arcade' },
      ],
    });
    const warning = screen.getByTestId('config-invalid-bindings');
    expect(warning.textContent).toContain(
      'These folder mappings in config.yml were ignored: each must map a folder name to a platform slug',
    );
    expect(
      within(warning)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['system.platforms: snes → /etc', 'system.versions: a/b → arcade']);
  });

  it('shows no warning when every binding is valid', async () => {
    await renderPage(CONFIG);
    expect(screen.queryByTestId('config-invalid-bindings')).toBeNull();
  });

  it('shows a banner and disables every control when config.yml is read-only', async () => {
    await renderPage({ ...CONFIG, CONFIG_FILE_WRITABLE: false, EXCLUDED_PLATFORMS: ['tools'] });
    expect(screen.getByTestId('config-read-only').textContent).toBe(
      'config.yml is read-only: changes are disabled. Make the file writable to manage the library here.',
    );
    expect(screen.getByTestId('mapping-folder')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('mapping-add')).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Remove sfc' })).toHaveProperty('disabled', true);
    const platforms = screen.getByTestId('exclusion-EXCLUDED_PLATFORMS');
    expect(within(platforms).getByText('tools')).toBeTruthy();
    expect(within(platforms).queryByTestId('CancelIcon')).toBeNull();
  });

  it('shows a banner when config.yml is not mounted, and none when it is writable', async () => {
    await renderPage({ ...CONFIG, CONFIG_FILE_MOUNTED: false, CONFIG_FILE_WRITABLE: false });
    expect(screen.getByTestId('config-not-mounted')).toBeTruthy();
    expect(screen.queryByTestId('config-read-only')).toBeNull();
    cleanup();
    await renderPage(CONFIG);
    expect(screen.queryByTestId('config-not-mounted')).toBeNull();
    expect(screen.queryByTestId('config-read-only')).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove sfc' })).toHaveProperty('disabled', false);
  });
});

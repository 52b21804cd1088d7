import type { DetailedRom, Save, SaveVersion } from '@romshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createFakeFetch } from '@/test/fake-fetch';
import { createTestI18n } from '@/test/i18n';

import { RomSaves } from './rom-saves';

const save = {
  id: 3,
  rom_id: 7,
  file_name: 'Game.srm',
  file_size_bytes: 8192,
  updated_at: '2026-12-04T20:00:00.000+00:00',
  emulator: 'fceumm',
  slot: null,
} as Save;

const version = (id: number, overrides: Partial<SaveVersion>): SaveVersion => ({
  id,
  asset_id: 3,
  kind: 'save',
  file_name: 'Game.srm',
  file_size_bytes: 8192,
  content_hash: 'abc',
  emulator: 'fceumm',
  device_id: null,
  device_name: null,
  saved_at: '2026-12-03T19:00:00.000+00:00',
  replaced_at: '2026-12-04T20:00:00.000+00:00',
  download_path: `/api/saves/3/versions/${id}/content`,
  ...overrides,
});

async function renderSaves() {
  const fake = createFakeFetch({
    'GET /api/saves': { status: 200, json: [save] },
    'GET /api/saves/3/versions': {
      status: 200,
      json: [
        version(2, { device_id: 'd-1', device_name: 'Steam Deck' }),
        version(1, { saved_at: '2026-12-01T10:00:00.000+00:00' }),
      ],
    },
    'POST /api/saves/3/versions/1/restore': { status: 200, json: save },
  });
  vi.stubGlobal('fetch', fake.fetch);
  const i18n = await createTestI18n('en_US');
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <I18nextProvider i18n={i18n}>
        <RomSaves rom={{ id: 7 } as DetailedRom} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return fake;
}

describe('RomSaves', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the versions of a save with their device and restores one in a click', async () => {
    const fake = await renderSaves();
    fireEvent.click(await screen.findByTestId('rom-save-versions-toggle'));
    const rows = await screen.findAllByTestId('rom-save-version');
    expect(rows.map((row) => row.textContent.includes('Steam Deck'))).toEqual([true, false]);
    expect(rows[1]?.textContent).toContain('No device named');

    const restoreButtons = screen.getAllByTestId('rom-save-restore');
    fireEvent.click(restoreButtons[1] as HTMLElement);
    await screen.findByTestId('rom-save-restored');
    await waitFor(() =>
      expect(fake.calls.map((call) => `${call.method} ${call.url}`)).toEqual([
        'GET /api/saves?rom_id=7',
        'GET /api/saves/3/versions',
        'POST /api/saves/3/versions/1/restore',
        'GET /api/saves/3/versions',
        'GET /api/saves?rom_id=7',
      ]),
    );
  });
});

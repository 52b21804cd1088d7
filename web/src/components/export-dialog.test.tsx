import type { ExportPlatformSummary } from '@romshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createFakeFetch } from '@/test/fake-fetch';
import { createTestI18n } from '@/test/i18n';

import { ExportDialog } from './export-dialog';

const SUMMARY: ExportPlatformSummary[] = [
  { platform_id: 3, platform_name: 'Super Nintendo', games: 2, folder: 'roms/snes' },
  { platform_id: 4, platform_name: 'Game Boy Advance', games: 1, folder: 'roms/gba' },
];

async function renderDialog(platformIds: number[]) {
  const fake = createFakeFetch({
    'GET /api/export/summary': {
      status: 200,
      json: SUMMARY.filter((row) => platformIds.includes(row.platform_id)),
    },
    'POST /api/export/pegasus': { status: 200, json: null },
  });
  vi.stubGlobal('fetch', fake.fetch);
  const i18n = await createTestI18n();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <ExportDialog open onClose={() => undefined} platformIds={platformIds} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return fake;
}

describe('ExportDialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('previews the games and files, then writes the chosen format into every platform folder', async () => {
    const fake = await renderDialog([3, 4]);
    const dialog = screen.getByTestId('export-dialog');
    expect(await within(dialog).findByText('3 games will be exported')).toBeTruthy();
    expect(within(dialog).getByText('roms/snes/gamelist.xml · 2 games')).toBeTruthy();
    expect(within(dialog).queryByTestId('export-download')).toBeNull();

    fireEvent.click(within(dialog).getByTestId('export-format-pegasus'));
    expect(within(dialog).getByText('roms/gba/metadata.pegasus.txt · 1 game')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('export-write'));
    expect(await within(dialog).findByTestId('export-done')).toHaveProperty(
      'textContent',
      'metadata.pegasus.txt was written into each platform folder.',
    );
    const write = fake.calls.find((call) => call.method === 'POST');
    expect(write?.url).toBe('/api/export/pegasus?platform_ids=3&platform_ids=4&local_export=true');
  });

  it('offers a download for a single platform', async () => {
    await renderDialog([3]);
    const dialog = screen.getByTestId('export-dialog');
    expect(await within(dialog).findByText('2 games will be exported')).toBeTruthy();
    expect(within(dialog).getByTestId('export-download')).toBeTruthy();
  });
});

import type { Dat, Platform } from '@romshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createFakeFetch } from '@/test/fake-fetch';
import { createTestI18n } from '@/test/i18n';

import { DatFilesCard } from './dat-files-card';

const DAT: Dat = {
  id: 3,
  platform_id: 7,
  platform_binding: 'auto',
  name: 'Nintendo - Game Boy Advance',
  description: 'Nintendo - Game Boy Advance',
  version: '20261201-000000',
  author: 'No-Intro',
  homepage: null,
  header_name: 'Nintendo - Game Boy Advance',
  format: 'logiqx',
  source: 'folder',
  source_path: 'No-Intro/gba.dat',
  file_name: 'gba.dat',
  file_size_bytes: 2048,
  game_count: 2,
  rom_count: 3,
  imported_at: '2026-12-04T05:06:07.000Z',
};

const platform = (id: number, name: string) =>
  ({ id, display_name: name, slug: name.toLowerCase() }) as Platform;

async function renderCard() {
  const fake = createFakeFetch({
    'GET /api/dats': { status: 200, json: [DAT] },
    'GET /api/platforms': {
      status: 200,
      json: [platform(7, 'Game Boy Advance'), platform(9, 'NES')],
    },
    'PUT /api/dats/3': { status: 200, json: { ...DAT, platform_id: 9 } },
    'DELETE /api/dats/3': { status: 204 },
  });
  vi.stubGlobal('fetch', fake.fetch);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={await createTestI18n()}>
        <DatFilesCard />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return fake;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DatFilesCard', () => {
  it('lists a DAT with its version, counts and folder path', async () => {
    await renderCard();
    const row = await screen.findByTestId('dat-3');
    expect(within(row).getByRole('heading').textContent).toBe('Nintendo - Game Boy Advance');
    expect(row.textContent).toContain('Version 20261201-000000');
    expect(row.textContent).toContain('Games: 2 · ROMs: 3');
    expect(row.textContent).toContain('dats/No-Intro/gba.dat');
    await waitFor(() =>
      expect(within(row).getByRole('combobox').textContent).toBe('Game Boy Advance'),
    );
  });

  it('binds the DAT to another platform and removes it', async () => {
    const fake = await renderCard();
    const row = await screen.findByTestId('dat-3');
    await waitFor(() =>
      expect(within(row).getByRole('combobox').textContent).toBe('Game Boy Advance'),
    );
    fireEvent.mouseDown(within(row).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'NES' }));
    await waitFor(() =>
      expect(fake.calls.find((call) => call.method === 'PUT')?.body).toBe('{"platform_id":9}'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove Nintendo - Game Boy Advance' }));
    await waitFor(() =>
      expect(
        fake.calls.some((call) => call.method === 'DELETE' && call.url === '/api/dats/3'),
      ).toBe(true),
    );
  });
});

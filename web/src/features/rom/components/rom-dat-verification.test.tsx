import type { RomDatVerification, RomDatVerdict } from '@romshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { useAuthStore } from '@/shared/stores/auth-store';
import { createFakeFetch } from '@/test/fake-fetch';
import { createTestI18n } from '@/test/i18n';

import { RomDatVerification as DatVerificationView } from './rom-dat-verification';

const verdict = (overrides: Partial<RomDatVerdict>): RomDatVerdict => ({
  dat_id: 3,
  dat_name: 'Nintendo - Game Boy Advance',
  dat_version: '20261201',
  status: 'verified',
  game_name: 'Tetris (World)',
  files: [
    {
      file_id: 9,
      file_name: 'Tetris (World).gba',
      verdict: 'verified',
      dat_rom_name: 'Tetris (World).gba',
      expected_name: 'Tetris (World).gba',
    },
  ],
  rename_to: null,
  ...overrides,
});

async function renderVerification(dats: RomDatVerdict[], scopes: string[]) {
  const answer = (list: RomDatVerdict[]): RomDatVerification => ({ rom_id: 7, dats: list });
  const fake = createFakeFetch({
    'GET /api/roms/7/dat-verification': { status: 200, json: answer(dats) },
    'POST /api/roms/7/dat-verification/rename': {
      status: 200,
      json: answer([verdict({})]),
    },
  });
  vi.stubGlobal('fetch', fake.fetch);
  useAuthStore.setState({ oauth_scopes: scopes });
  const i18n = await createTestI18n('en_US');
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <I18nextProvider i18n={i18n}>
        <DatVerificationView romId={7} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return fake;
}

describe('RomDatVerification', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows a badge with the DAT name per DAT', async () => {
    await renderVerification(
      [
        verdict({}),
        verdict({ dat_id: 4, dat_name: 'TOSEC GBA', status: 'unknown', game_name: null }),
      ],
      ['roms.read'],
    );
    const badges = await screen.findAllByTestId('rom-dat-badge');
    expect(badges.map((badge) => badge.textContent)).toEqual([
      'Verified · Nintendo - Game Boy Advance',
      'Not in TOSEC GBA',
    ]);
    expect(screen.queryByTestId('rom-dat-rename')).toBeNull();
  });

  it('offers editors the rename to the set’s name, and sends it', async () => {
    const renamed = verdict({
      status: 'renamed',
      files: [
        {
          file_id: 9,
          file_name: 'tetris.gba',
          verdict: 'renamed',
          dat_rom_name: 'Tetris (World).gba',
          expected_name: 'Tetris (World).gba',
        },
      ],
      rename_to: 'Tetris (World).gba',
    });
    const fake = await renderVerification([renamed], ['roms.read', 'roms.write']);
    expect((await screen.findByTestId('rom-dat-badge')).textContent).toBe(
      'Verified under another name · Nintendo - Game Boy Advance',
    );
    expect(screen.getByText('In the set as Tetris (World)')).toBeTruthy();
    const button = screen.getByTestId('rom-dat-rename');
    expect(button.textContent).toBe('Rename to “Tetris (World).gba”');
    fireEvent.click(button);
    await vi.waitFor(() => {
      expect(fake.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
        '{"dat_id":3}',
      ]);
    });
  });

  it('shows nothing when no DAT is bound to the platform', async () => {
    const fake = await renderVerification([], ['roms.read']);
    await vi.waitFor(() => {
      expect(fake.calls).toHaveLength(1);
    });
    expect(screen.queryByTestId('rom-dat-verification')).toBeNull();
  });
});

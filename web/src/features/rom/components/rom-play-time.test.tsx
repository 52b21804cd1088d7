import type { DetailedRom, PlayTimeTotal } from '@romshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createFakeFetch } from '@/test/fake-fetch';
import { createTestI18n } from '@/test/i18n';

import { RomPlayTime } from './rom-play-time';

async function renderPlayTime(totals: PlayTimeTotal[]) {
  const fake = createFakeFetch({ 'GET /api/play-sessions/totals': { status: 200, json: totals } });
  vi.stubGlobal('fetch', fake.fetch);
  const i18n = await createTestI18n('en_US');
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <I18nextProvider i18n={i18n}>
        <RomPlayTime rom={{ id: 7 } as DetailedRom} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return fake;
}

const total = (overrides: Partial<PlayTimeTotal>): PlayTimeTotal => ({
  user_id: 1,
  username: 'ann',
  total_ms: 0,
  session_count: 1,
  last_played_at: '2026-11-25T20:30:00.000+00:00',
  ...overrides,
});

describe('RomPlayTime', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows each user's total in hours and minutes, with their sessions", async () => {
    const fake = await renderPlayTime([
      total({ username: 'ann', total_ms: (3 * 60 + 5) * 60_000 + 59_000, session_count: 4 }),
      total({ user_id: 2, username: 'ben', total_ms: 12 * 60_000 }),
      total({ user_id: 3, username: 'cat', total_ms: 40_000 }),
    ]);
    const totals = await screen.findAllByTestId('rom-play-time-total');
    expect(totals.map((cell) => cell.textContent)).toEqual(['3 h 05 min', '12 min', '< 1 min']);
    const rows = screen.getAllByTestId('rom-play-time-row');
    expect(rows[0]?.textContent).toContain('ann');
    expect(rows[0]?.textContent).toContain('4 sessions');
    expect(rows[1]?.textContent).toContain('1 session ·');
    expect(fake.calls.map((call) => call.url)).toEqual(['/api/play-sessions/totals?rom_id=7']);
  });

  it('says so when nobody has played the game', async () => {
    await renderPlayTime([]);
    expect((await screen.findByTestId('rom-play-time-empty')).textContent).toBe(
      'Nobody has played this game yet. Handhelds and the web player report time played.',
    );
  });
});

import type { ScanRomEvent } from '@romshelf/contract';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createTestI18n } from '@/test/i18n';

import { useScanStore } from '../stores/scan-store';
import { ScanLog } from './scan-log';

function rom(id: number, platform: 'nes' | 'snes'): ScanRomEvent {
  return {
    id,
    name: `Game ${String(id)}`,
    fs_name: `Game ${String(id)}.bin`,
    fs_size_bytes: 1024,
    regions: [],
    is_unidentified: false,
    platform_id: platform === 'nes' ? 1 : 2,
    platform_display_name: platform === 'nes' ? 'NES' : 'SNES',
    platform_slug: platform,
    platform_fs_slug: platform,
  } as unknown as ScanRomEvent;
}

async function renderLog() {
  const i18n = await createTestI18n();
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <ScanLog />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

const names = () =>
  screen.getAllByTestId('scan-log-rom').map((row) => row.querySelector('a')?.textContent);

describe('scan log', () => {
  beforeEach(() => useScanStore.getState().start('quick'));
  afterEach(cleanup);

  it('lists every ROM of a small scan by name', async () => {
    const ids = Array.from({ length: 10 }, (_value, index) => index + 1);
    useScanStore.getState().romsFound(ids.map((id) => rom(id, 'nes')));
    await renderLog();
    expect(names()).toEqual(ids.map((id) => `Game ${String(id)}`));
    expect(screen.getByTestId('scan-log-count').textContent).toBe('10 games');
  });

  it('keeps every ROM of a big platform a scroll away, drawing only the rows in view', async () => {
    const ids = Array.from({ length: 250 }, (_value, index) => index + 1);
    useScanStore.getState().romsFound(ids.map((id) => rom(id, 'snes')));
    await renderLog();
    expect(screen.getByTestId('scan-log-count').textContent).toBe('250 games');
    expect(names()[0]).toBe('Game 1');
    expect(names().length).toBeLessThan(40);
    expect(screen.queryByText(/earlier/)).toBeNull();

    const scroller = screen.getByTestId('scan-log-window');
    act(() => {
      scroller.scrollTop = 249 * 36;
      fireEvent.scroll(scroller);
    });
    expect(names().at(-1)).toBe('Game 250');
  });
});

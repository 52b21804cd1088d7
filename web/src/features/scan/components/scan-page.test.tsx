import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useHeartbeatStore } from '@/shared/stores/heartbeat-store';
import { HEARTBEAT, createFakeFetch } from '@/test/fake-fetch';
import { createTestI18n } from '@/test/i18n';

import { EXCLUDED_SOURCES_KEY } from '../metadata-options';
import type { MetadataFlags } from '../metadata-options';
import { startScan } from '../scan-socket';
import { useScanStore } from '../stores/scan-store';
import { ScanPage } from './scan-page';

vi.mock('../scan-socket', () => ({
  connectScanSocket: vi.fn(),
  startScan: vi.fn(),
  stopScan: vi.fn(),
}));

const SOURCES = ['igdb', 'hasheous', 'ss', 'moby', 'ra', 'lb', 'sgdb'];

function setFlags(flags: Partial<MetadataFlags>) {
  useHeartbeatStore.getState().setHeartbeat({
    ...HEARTBEAT,
    METADATA_SOURCES: { ...HEARTBEAT.METADATA_SOURCES, ...flags },
  });
}

async function renderPage(url = '/scan') {
  const i18n = await createTestI18n();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[url]}>
          <ScanPage />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const option = (value: string) => screen.getByTestId(`scan-source-${value}`);

function checkedSources(): string[] {
  return SOURCES.filter((value) => option(value).getAttribute('aria-checked') === 'true');
}

describe('scan page metadata sources', () => {
  beforeEach(() => {
    window.localStorage.clear();
    vi.mocked(startScan).mockClear();
    useScanStore.setState({ status: 'idle' });
    vi.stubGlobal(
      'fetch',
      createFakeFetch({ 'GET /api/platforms': { status: 200, json: [] } }).fetch,
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('starts a quick scan of everything once when opened from the setup wizard', async () => {
    setFlags({ IGDB_API_ENABLED: true });
    await renderPage('/scan?start=quick');
    expect(startScan).toHaveBeenCalledTimes(1);
    expect(startScan).toHaveBeenCalledWith({
      platforms: [],
      type: 'quick',
      apis: ['igdb'],
      roms_ids: [],
    });
  });

  it('selects every enabled source and greys the others with their reason', async () => {
    setFlags({ IGDB_API_ENABLED: true, SS_API_ENABLED: true, LAUNCHBOX_API_ENABLED: true });
    await renderPage();
    expect(checkedSources()).toEqual(['igdb', 'ss', 'lb']);
    expect(option('igdb').textContent).toBe('IGDB');
    expect(option('hasheous').hasAttribute('disabled')).toBe(true);
    expect(option('hasheous').textContent).toContain('Disabled by the administrator');
    expect(option('moby').hasAttribute('disabled')).toBe(true);
    expect(option('moby').textContent).toContain('API key missing');
    expect(option('lb').hasAttribute('disabled')).toBe(false);
    expect(screen.queryByTestId('scan-sources-none')).toBeNull();

    fireEvent.click(screen.getByTestId('scan-start'));
    expect(startScan).toHaveBeenCalledWith({
      platforms: [],
      type: 'quick',
      apis: ['igdb', 'ss', 'lb'],
      roms_ids: [],
    });
  });

  it('names the IGDB option "IGDB + Playmatch" when Playmatch is on', async () => {
    setFlags({ IGDB_API_ENABLED: true, PLAYMATCH_API_ENABLED: true });
    await renderPage();
    expect(option('igdb').textContent).toBe('IGDB + Playmatch');
    fireEvent.click(screen.getByTestId('scan-start'));
    expect(startScan).toHaveBeenCalledWith(expect.objectContaining({ apis: ['igdb'] }));
  });

  it('remembers sources switched off, and says when none is left', async () => {
    setFlags({ IGDB_API_ENABLED: true, SS_API_ENABLED: true });
    await renderPage();
    fireEvent.click(option('ss'));
    expect(checkedSources()).toEqual(['igdb']);
    expect(window.localStorage.getItem(EXCLUDED_SOURCES_KEY)).toBe('["ss"]');
    cleanup();

    // A source enabled since then starts selected; the switched-off one stays off.
    setFlags({ IGDB_API_ENABLED: true, SS_API_ENABLED: true, MOBY_API_ENABLED: true });
    await renderPage();
    expect(checkedSources()).toEqual(['igdb', 'moby']);
    fireEvent.click(option('igdb'));
    fireEvent.click(option('moby'));
    expect(screen.getByTestId('scan-sources-unselected').textContent).toBe(
      'No source selected: games are added without metadata.',
    );
    fireEvent.click(screen.getByTestId('scan-start'));
    expect(startScan).toHaveBeenCalledWith(expect.objectContaining({ apis: [] }));
  });

  it('hints that an administrator can set up providers when none is enabled', async () => {
    setFlags({});
    await renderPage();
    expect(screen.getByTestId('scan-sources-none').textContent).toContain('An administrator');
    expect(checkedSources()).toEqual([]);
    for (const value of SOURCES) expect(option(value).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByTestId('scan-sources-unselected')).toBeNull();
  });

  it('locks the sources while a scan runs', async () => {
    setFlags({ IGDB_API_ENABLED: true });
    useScanStore.setState({ status: 'running' });
    await renderPage();
    expect(option('igdb').hasAttribute('disabled')).toBe(true);
    expect(option('igdb').getAttribute('aria-checked')).toBe('true');
  });
});

describe('scan page results', () => {
  beforeEach(() => {
    setFlags({ IGDB_API_ENABLED: true });
    vi.stubGlobal(
      'fetch',
      createFakeFetch({ 'GET /api/platforms': { status: 200, json: [] } }).fetch,
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const finished = (withMetadata: boolean) =>
    useScanStore.setState({
      status: 'done',
      withMetadata,
      error: null,
      stats: {
        total_platforms: 1,
        total_roms: 2,
        scanned_platforms: 1,
        new_platforms: 1,
        identified_platforms: 1,
        scanned_roms: 2,
        new_roms: 2,
        identified_roms: 1,
        scanned_firmware: 0,
        new_firmware: 0,
        updated_roms: 0,
        missing_roms: 0,
        hashed_files: 2,
        hashed_bytes: 8192,
        skipped_files: 0,
      },
      platforms: [
        {
          id: 1,
          name: 'Nintendo 64',
          slug: 'n64',
          fs_slug: 'n64',
          roms: [
            {
              id: 1,
              name: 'Lunar Lancer',
              fs_name: 'a.z64',
              fs_size_bytes: 4096,
              regions: [],
              is_unidentified: false,
            },
            {
              id: 2,
              name: null,
              fs_name: 'Xylo.z64',
              fs_size_bytes: 4096,
              regions: [],
              is_unidentified: true,
            },
          ],
          written: 2,
          writtenBefore: 0,
        },
      ],
    });

  it('counts and marks what the metadata sources did not recognise', async () => {
    finished(true);
    await renderPage();
    expect(screen.getByTestId('scan-done').textContent).toContain(
      'New games: 2 · new platforms: 1 · identified: 1.',
    );
    expect(screen.getByTestId('scan-stat-identified-roms').textContent).toBe('1Identified games');
    const rows = screen.getAllByTestId('scan-log-rom');
    expect(rows.map((row) => row.querySelector('[data-testid="rom-unmatched"]') !== null)).toEqual([
      false,
      true,
    ]);
  });

  it('says nothing of identification for a scan without sources', async () => {
    finished(false);
    await renderPage();
    expect(screen.getByTestId('scan-done').textContent).toContain(
      'New games: 2 · new platforms: 1.',
    );
    expect(screen.queryByTestId('scan-stat-identified-roms')).toBeNull();
    expect(screen.queryAllByTestId('rom-unmatched')).toHaveLength(0);
  });
});

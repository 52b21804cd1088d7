import type { SearchRom } from '@romshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useHeartbeatStore } from '@/shared/stores/heartbeat-store';
import { HEARTBEAT, createFakeFetch } from '@/test/fake-fetch';
import type { RecordedCall } from '@/test/fake-fetch';

import { isSearchable, useMatchSearch } from './use-match-search';

const ROM = { id: 7, name: null, fs_name_no_tags: 'Xylo Prototype' };
let calls: RecordedCall[] = [];

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

const searches = () =>
  calls
    .filter((call) => call.url.startsWith('/api/search/roms'))
    .map((call) => Object.fromEntries(new URL(call.url, 'http://x').searchParams));

describe('isSearchable', () => {
  it('takes any name but only digits as an id', () => {
    expect(isSearchable(' Xylo ', 'name')).toBe(true);
    expect(isSearchable('   ', 'name')).toBe(false);
    expect(isSearchable(' 9103 ', 'id')).toBe(true);
    expect(isSearchable('91a3', 'id')).toBe(false);
  });
});

describe('useMatchSearch', () => {
  beforeEach(() => {
    useHeartbeatStore.getState().setHeartbeat({
      ...HEARTBEAT,
      METADATA_SOURCES: { ...HEARTBEAT.METADATA_SOURCES, IGDB_API_ENABLED: true },
    });
    const fake = createFakeFetch({
      'GET /api/search/roms': {
        status: 200,
        json: [{ name: 'Star Courier', igdb_id: 9103 } as SearchRom],
      },
    });
    calls = fake.calls;
    vi.stubGlobal('fetch', fake.fetch);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("searches the game's file name as soon as it opens, then what is submitted", async () => {
    const { result } = renderHook(() => useMatchSearch(ROM, true), { wrapper });
    await waitFor(() => expect(result.current.results).toHaveLength(1));
    expect(searches()).toEqual([{ rom_id: '7', search_term: 'Xylo Prototype', search_by: 'name' }]);

    act(() => {
      result.current.setTerm(' 9103 ');
      result.current.setSearchBy('id');
    });
    act(() => result.current.submit());
    await waitFor(() => expect(searches()).toHaveLength(2));
    expect(searches()[1]).toEqual({ rom_id: '7', search_term: '9103', search_by: 'id' });
  });

  it('searches the same term again when it is submitted again', async () => {
    const { result } = renderHook(() => useMatchSearch(ROM, true), { wrapper });
    await waitFor(() => expect(result.current.searching).toBe(false));
    await waitFor(() => expect(searches()).toHaveLength(1));
    act(() => result.current.submit());
    await waitFor(() => expect(searches()).toHaveLength(2));
  });

  it('does not search while closed or when no name source is on', async () => {
    const closed = renderHook(() => useMatchSearch(ROM, false), { wrapper });
    useHeartbeatStore.getState().setHeartbeat(HEARTBEAT);
    const noSource = renderHook(() => useMatchSearch(ROM, true), { wrapper });
    expect(noSource.result.current.canSearch).toBe(false);
    await Promise.resolve();
    expect(closed.result.current.searching).toBe(false);
    expect(searches()).toEqual([]);
  });
});

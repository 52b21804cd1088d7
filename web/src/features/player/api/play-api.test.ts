import { afterEach, describe, expect, it, vi } from 'vitest';

import { createFakeFetch } from '@/test/fake-fetch';

import { CUE_SHEETS, FF7 } from '../discs.fixtures';
import { fetchRomFileText } from './play-api';

describe('fetchRomFileText', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads one file of the ROM through its content route', async () => {
    const fake = createFakeFetch({
      'GET /api/roms/7/content/Final%20Fantasy%20VII%20(USA)': {
        status: 200,
        json: CUE_SHEETS[15],
      },
    });
    vi.stubGlobal('fetch', fake.fetch);
    expect(await fetchRomFileText(FF7, 15)).toBe(CUE_SHEETS[15]);
    expect(fake.calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /api/roms/7/content/Final%20Fantasy%20VII%20(USA)?file_ids=15',
    ]);
  });
});

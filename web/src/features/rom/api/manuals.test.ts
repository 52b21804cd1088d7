import type { DetailedRom } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { manualUrl } from './manuals';

const rom = { id: 4, has_manual: true, updated_at: '2026-11-22T05:00:00.000Z' } as DetailedRom;

describe('manualUrl', () => {
  it('points at the served manual, inline or as a download, with a cache buster', () => {
    expect(manualUrl(rom)).toBe('/api/roms/4/manual?ts=2026-11-22T05%3A00%3A00.000Z');
    expect(manualUrl(rom, true)).toContain('&download=1');
    expect(manualUrl({ ...rom, has_manual: false })).toBeNull();
  });
});

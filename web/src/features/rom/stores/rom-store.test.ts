import type { DetailedRom } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { isCurrentRom, useRomStore } from './rom-store';

describe('current ROM', () => {
  it('matches the route id only for the same ROM', () => {
    const rom = { id: 12 } as DetailedRom;
    expect(isCurrentRom(null, '12')).toBe(false);
    expect(isCurrentRom(rom, '12')).toBe(true);
    expect(isCurrentRom(rom, '13')).toBe(false);
    useRomStore.getState().setCurrent(rom);
    expect(useRomStore.getState().current).toBe(rom);
  });
});

import type { SearchRom } from '@romshelf/contract';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { useCandidatePick } from './use-candidate-pick';

const COURIER = {
  name: 'Star Courier',
  igdb_id: 9103,
  ss_id: 441,
  moby_id: null,
  launchbox_id: null,
  sgdb_id: null,
  igdb_url_cover: null,
  ss_url_cover: 'https://img/ss.png',
} as SearchRom;

describe('useCandidatePick', () => {
  it('picks every source and the first cover, without renaming', () => {
    const { result } = renderHook(() => useCandidatePick());
    act(() => result.current.setRename(true));
    act(() => result.current.pick(COURIER));
    expect(result.current.picked).toBe(COURIER);
    expect([...result.current.chosen]).toEqual(['igdb', 'ss']);
    expect(result.current.cover).toBe('https://img/ss.png');
    expect(result.current.rename).toBe(false);
  });

  it('toggles sources off and on again, and goes back to the results', () => {
    const { result } = renderHook(() => useCandidatePick());
    act(() => result.current.pick(COURIER));
    act(() => result.current.toggle('igdb'));
    expect([...result.current.chosen]).toEqual(['ss']);
    act(() => result.current.toggle('igdb'));
    expect([...result.current.chosen].sort()).toEqual(['igdb', 'ss']);
    act(() => result.current.unpick());
    expect(result.current.picked).toBeNull();
  });
});

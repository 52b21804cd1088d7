import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { usePlayWhenReady } from './use-play-when-ready';

describe('usePlayWhenReady', () => {
  it('starts a play asked for too early once the settings are in, and only once', () => {
    const play = vi.fn();
    const { result, rerender } = renderHook(({ ready }) => usePlayWhenReady(ready, play), {
      initialProps: { ready: false },
    });
    act(() => result.current());
    expect(play).not.toHaveBeenCalled();
    rerender({ ready: true });
    expect(play).toHaveBeenCalledTimes(1);
    rerender({ ready: true });
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('starts at once when the settings are in', () => {
    const play = vi.fn();
    const { result } = renderHook(() => usePlayWhenReady(true, play));
    act(() => result.current());
    expect(play).toHaveBeenCalledTimes(1);
  });
});

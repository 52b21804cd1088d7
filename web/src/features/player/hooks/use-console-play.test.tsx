import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { fakePad } from '@/test/fake-gamepad';

import { useConsoleExit } from './use-console-play';

let pads: (Gamepad | null)[] = [];

function hold(...buttons: number[]): void {
  pads = [fakePad({ pressed: buttons })];
  vi.advanceTimersToNextFrame();
}

describe('useConsoleExit', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
    Object.defineProperty(navigator, 'getGamepads', { value: () => pads, configurable: true });
    pads = [];
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    Reflect.deleteProperty(navigator, 'getGamepads');
  });

  it('leaves once on Escape, before the emulator sees the key', () => {
    const onExit = vi.fn();
    const seenAfter = vi.fn();
    document.addEventListener('keydown', seenAfter);
    renderHook(() => useConsoleExit(true, onExit));
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(onExit).not.toHaveBeenCalled();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(onExit).toHaveBeenCalledTimes(1);
    expect(seenAfter).toHaveBeenCalledTimes(1);
    document.removeEventListener('keydown', seenAfter);
  });

  it('leaves when Select and Start are held together, not on either alone', () => {
    const onExit = vi.fn();
    pads = [fakePad()];
    renderHook(() => useConsoleExit(true, onExit));
    hold(9);
    hold(8);
    expect(onExit).not.toHaveBeenCalled();
    hold(8, 9);
    expect(onExit).toHaveBeenCalledTimes(1);
  });

  it('does nothing while not in console mode', () => {
    const onExit = vi.fn();
    pads = [fakePad({ pressed: [8, 9] })];
    renderHook(() => useConsoleExit(false, onExit));
    vi.advanceTimersToNextFrame();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(onExit).not.toHaveBeenCalled();
  });
});

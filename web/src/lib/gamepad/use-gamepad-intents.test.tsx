import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { fakePad } from '@/test/fake-gamepad';
import type { PadIntent } from './pad-reader';
import { useGamepadIntents } from './use-gamepad-intents';

let pads: (Gamepad | null)[] = [];
const getGamepads = vi.fn(() => pads);

function connect(pad: Gamepad): void {
  pads = [pad];
  window.dispatchEvent(new Event('gamepadconnected'));
}

function press(...buttons: number[]): void {
  pads = [fakePad({ pressed: buttons })];
  vi.advanceTimersToNextFrame();
}

describe('useGamepadIntents', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    Object.defineProperty(navigator, 'getGamepads', { value: getGamepads, configurable: true });
    pads = [];
    getGamepads.mockClear();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    Reflect.deleteProperty(navigator, 'getGamepads');
  });

  it('does not poll until a pad connects, then reports its presses', () => {
    const intents: PadIntent[] = [];
    renderHook(() => useGamepadIntents((intent) => intents.push(intent)));
    vi.advanceTimersByTime(500);
    expect(getGamepads).toHaveBeenCalledTimes(1);

    connect(fakePad());
    vi.advanceTimersToNextFrame();
    press(13);
    press(13);
    press();
    press(0);
    expect(intents).toEqual(['down', 'select']);
  });

  it('starts at once for a pad connected before it mounted', () => {
    pads = [fakePad()];
    const intents: PadIntent[] = [];
    renderHook(() => useGamepadIntents((intent) => intents.push(intent)));
    vi.advanceTimersToNextFrame();
    press(1);
    expect(intents).toEqual(['back']);
  });

  it('stops polling when the last pad goes away', () => {
    renderHook(() => useGamepadIntents(() => undefined));
    connect(fakePad());
    vi.advanceTimersToNextFrame();
    pads = [null];
    vi.advanceTimersToNextFrame();
    const calls = getGamepads.mock.calls.length;
    vi.advanceTimersByTime(1000);
    expect(getGamepads).toHaveBeenCalledTimes(calls);
  });

  it('reports nothing while disabled, and calls the latest handler once enabled', () => {
    const first: PadIntent[] = [];
    const second: PadIntent[] = [];
    const { rerender } = renderHook(({ handler, enabled }) => useGamepadIntents(handler, enabled), {
      initialProps: { handler: (intent: PadIntent) => void first.push(intent), enabled: false },
    });
    connect(fakePad());
    press(12);
    press();
    expect(getGamepads).not.toHaveBeenCalled();

    rerender({ handler: (intent: PadIntent) => void second.push(intent), enabled: true });
    vi.advanceTimersToNextFrame();
    press(9);
    expect(first).toEqual([]);
    expect(second).toEqual(['menu']);
  });

  it('stops when unmounted', () => {
    const intents: PadIntent[] = [];
    const { unmount } = renderHook(() => useGamepadIntents((intent) => intents.push(intent)));
    connect(fakePad());
    vi.advanceTimersToNextFrame();
    unmount();
    press(0);
    expect(intents).toEqual([]);
  });
});

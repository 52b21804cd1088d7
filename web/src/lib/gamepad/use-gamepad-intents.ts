import { useEffect, useRef } from 'react';

import { createPadReader, type PadIntent } from './pad-reader';

function connectedPads(): (Gamepad | null)[] {
  return Array.from(navigator.getGamepads()).filter((pad) => pad?.connected === true);
}

/**
 * Calls `onIntent` for what the user does on any connected gamepad while `enabled`.
 * The pads are polled once per animation frame, and only while at least one is connected
 * (browsers expose a pad, and fire `gamepadconnected`, once a button on it is pressed).
 */
export function useGamepadIntents(
  onIntent: (intent: PadIntent) => void,
  enabled: boolean = true,
): void {
  const latest = useRef(onIntent);
  useEffect(() => {
    latest.current = onIntent;
  });

  useEffect(() => {
    if (!enabled || typeof navigator.getGamepads !== 'function') return undefined;
    const reader = createPadReader();
    let frame = 0;
    let stopped = false;
    const poll = (): void => {
      frame = 0;
      const pads = connectedPads();
      if (pads.length === 0) return;
      for (const intent of reader.read(pads, performance.now())) latest.current(intent);
      // A handler may unmount or disable this hook synchronously; its clean-up has then run.
      if (!stopped) frame = requestAnimationFrame(poll);
    };
    const start = (): void => {
      if (frame === 0) frame = requestAnimationFrame(poll);
    };
    window.addEventListener('gamepadconnected', start);
    if (connectedPads().length > 0) start();
    return () => {
      stopped = true;
      window.removeEventListener('gamepadconnected', start);
      cancelAnimationFrame(frame);
    };
  }, [enabled]);
}

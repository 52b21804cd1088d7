import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

import { parseConsolePlay } from '@/lib/console-play';

/** The gamepad buttons (standard mapping) that, held together, leave a game: Select + Start. */
const EXIT_COMBO = [8, 9] as const;

/**
 * A player page opened by console mode (`?console=1`): what to start from, and how to leave —
 * back to the console's game screen (the page before this one, where its focus is remembered).
 */
export function useConsolePlay(romId: number) {
  const { search } = useLocation();
  const request = parseConsolePlay(search);
  return {
    active: request !== null,
    start: request?.start ?? null,
    leave: () => {
      if (window.history.length > 1) window.history.back();
      else window.location.replace(`/console/rom/${String(romId)}`);
    },
  };
}

/** Starts the game once, as soon as `ready` (console mode does not stop at the pre-launch choices). */
export function useAutostart(ready: boolean, start: () => void): void {
  const started = useRef(false);
  useEffect(() => {
    if (!ready || started.current) return;
    started.current = true;
    start();
  }, [ready, start]);
}

function comboHeld(): boolean {
  if (typeof navigator.getGamepads !== 'function') return false;
  return Array.from(navigator.getGamepads()).some(
    (pad) => pad?.connected === true && EXIT_COMBO.every((button) => pad.buttons[button]?.pressed),
  );
}

/**
 * Escape, or Select + Start on a gamepad, leaves the game (once) while `enabled`. Escape is taken
 * before the emulator sees it; the pads are polled only while one is connected.
 */
export function useConsoleExit(enabled: boolean, onExit: () => void): void {
  const latest = useRef(onExit);
  useEffect(() => {
    latest.current = onExit;
  });
  useEffect(() => {
    if (!enabled) return undefined;
    let done = false;
    let frame = 0;
    const exit = () => {
      if (done) return;
      done = true;
      latest.current();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      exit();
    };
    const poll = () => {
      frame = 0;
      if (typeof navigator.getGamepads !== 'function') return;
      const pads = Array.from(navigator.getGamepads()).filter((pad) => pad?.connected === true);
      if (pads.length === 0) return;
      if (comboHeld()) exit();
      if (!done) frame = requestAnimationFrame(poll);
    };
    const startPolling = () => {
      if (frame === 0) frame = requestAnimationFrame(poll);
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    window.addEventListener('gamepadconnected', startPolling);
    startPolling();
    return () => {
      done = true;
      window.removeEventListener('keydown', onKeyDown, { capture: true });
      window.removeEventListener('gamepadconnected', startPolling);
      cancelAnimationFrame(frame);
    };
  }, [enabled]);
}

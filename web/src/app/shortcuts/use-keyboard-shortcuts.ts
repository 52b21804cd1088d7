import { useEffect, useRef } from 'react';

import { isNavCard, moveFocus, OPEN_MODAL_SELECTOR } from '@/lib/spatial-focus';
import type { Direction } from '@/lib/spatial-focus';
import { createShortcutMatcher, isTypingTarget, SHORTCUTS } from './shortcut-keys';
import type { ShortcutAction } from './shortcut-keys';

export const ARROW_DIRECTIONS: Readonly<Record<string, Direction>> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
};

/** Whether a dialog, drawer or menu is open: its own keys (Escape, arrows) are MUI's. */
export function isModalOpen(): boolean {
  return document.querySelector(OPEN_MODAL_SELECTOR) !== null;
}

/**
 * Runs the shortcut each key sequence completes, and moves between cards with the arrow keys
 * (Enter then follows the focused card's link). Nothing fires while the user types in a field,
 * with Ctrl, Alt or Meta held, or (shortcuts) while a dialog, drawer or menu is open.
 */
export function useKeyboardShortcuts(
  run: (action: ShortcutAction) => void,
  enabled: boolean,
  canScan: boolean,
): void {
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });

  useEffect(() => {
    if (!enabled) return undefined;
    const matcher = createShortcutMatcher(
      SHORTCUTS.filter((shortcut) => canScan || shortcut.needsScan !== true),
    );
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) return;
      if (event.isComposing || isTypingTarget(event.target)) return;
      const direction = ARROW_DIRECTIONS[event.key];
      if (direction !== undefined) {
        if (isNavCard(event.target) && moveFocus(direction, true)) event.preventDefault();
        return;
      }
      if (isModalOpen()) return;
      const shortcut = matcher.press(event.key, event.timeStamp);
      if (shortcut === null) return;
      event.preventDefault();
      latest.current(shortcut.action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled, canScan]);
}

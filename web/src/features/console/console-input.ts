import { useEffect, useRef } from 'react';

import { useGamepadIntents } from '@/lib/gamepad';
import type { PadIntent } from '@/lib/gamepad';

const KEY_INTENTS: Readonly<Record<string, PadIntent>> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  Enter: 'select',
  ' ': 'select',
  Escape: 'back',
  Backspace: 'back',
  PageUp: 'pageUp',
  PageDown: 'pageDown',
  ContextMenu: 'menu',
};

/** What a key press means in console mode: an intent, a letter to jump to, or nothing. */
export function keyIntent(
  event: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey'>,
): { intent: PadIntent } | { letter: string } | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  const intent = KEY_INTENTS[event.key];
  if (intent !== undefined) return { intent };
  if (/^[a-z#]$/i.test(event.key)) return { letter: event.key.toUpperCase() };
  return null;
}

/**
 * Console mode's input: arrows, Enter, Escape, PageUp/PageDown (and a letter key) from the
 * keyboard, and the same intents from a gamepad. The handler sees the latest render's state.
 */
export function useConsoleInput(
  onIntent: (intent: PadIntent) => void,
  onLetter?: (letter: string) => void,
  enabled = true,
): void {
  const latest = useRef({ onIntent, onLetter });
  useEffect(() => {
    latest.current = { onIntent, onLetter };
  });
  useEffect(() => {
    if (!enabled) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      const meaning = keyIntent(event);
      if (meaning === null || event.defaultPrevented) return;
      event.preventDefault();
      if ('intent' in meaning) latest.current.onIntent(meaning.intent);
      else latest.current.onLetter?.(meaning.letter);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
  useGamepadIntents((intent) => latest.current.onIntent(intent), enabled);
}

import { useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Where focus was on this screen of this history entry, kept in the tab's session storage under
 * the entry's key: going back (even across the player's full page loads) lands on the same card.
 */
export function useRememberedFocus<T>(screen: string, initial: T): [T, (next: T) => void] {
  const { key } = useLocation();
  const storageKey = `console-focus:${screen}:${key}`;
  const [value, setValue] = useState<T>(() => (readFocus(storageKey) as T | null) ?? initial);
  const set = (next: T) => {
    setValue(next);
    try {
      sessionStorage.setItem(storageKey, JSON.stringify(next));
    } catch {
      // Storage full or refused: focus still moves, it is just not remembered.
    }
  };
  return [value, set];
}

function readFocus(storageKey: string): unknown {
  try {
    const stored = sessionStorage.getItem(storageKey);
    return stored === null ? null : JSON.parse(stored);
  } catch {
    return null;
  }
}

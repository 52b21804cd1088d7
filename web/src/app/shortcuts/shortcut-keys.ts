/**
 * The main UI's keyboard shortcuts: single keys, and two-key "go to" sequences started by `g`.
 * The shortcuts sheet lists them from here, so the sheet and the handler cannot disagree.
 */
export type ShortcutAction =
  'focusSearch' | 'showShortcuts' | 'goHome' | 'openPlatforms' | 'openCollections' | 'goScan';

export interface Shortcut {
  /** The keys pressed one after the other (KeyboardEvent.key values). */
  keys: readonly string[];
  action: ShortcutAction;
  /** Only for users who may scan (admins and editors). */
  needsScan?: boolean;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { keys: ['/'], action: 'focusSearch' },
  { keys: ['?'], action: 'showShortcuts' },
  { keys: ['g', 'h'], action: 'goHome' },
  { keys: ['g', 'p'], action: 'openPlatforms' },
  { keys: ['g', 'c'], action: 'openCollections' },
  { keys: ['g', 's'], action: 'goScan', needsScan: true },
];

/** How long after `g` the second key of a sequence still counts. */
export const SEQUENCE_TIMEOUT_MS = 1500;

/** Whether the key goes to a field being typed in (text inputs, text areas, editable content). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  if (target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(
    target.type,
  );
}

/**
 * Follows the keys typed (outside fields) and answers the shortcut a key completes, if any.
 * A `g` waits SEQUENCE_TIMEOUT_MS for its second key; any other key ends the wait.
 */
export function createShortcutMatcher(shortcuts: readonly Shortcut[]) {
  let pending: { key: string; at: number } | null = null;
  return {
    press(key: string, now: number): Shortcut | null {
      const prefix =
        pending !== null && now - pending.at <= SEQUENCE_TIMEOUT_MS ? pending.key : null;
      pending = null;
      if (prefix !== null) {
        return (
          shortcuts.find((shortcut) => shortcut.keys[0] === prefix && shortcut.keys[1] === key) ??
          null
        );
      }
      const single = shortcuts.find(
        (shortcut) => shortcut.keys.length === 1 && shortcut.keys[0] === key,
      );
      if (single !== undefined) return single;
      if (shortcuts.some((shortcut) => shortcut.keys.length === 2 && shortcut.keys[0] === key)) {
        pending = { key, at: now };
      }
      return null;
    },
  };
}

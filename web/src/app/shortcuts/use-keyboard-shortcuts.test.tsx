import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import type { ShortcutAction } from './shortcut-keys';
import { useKeyboardShortcuts } from './use-keyboard-shortcuts';

function press(target: EventTarget, ...keys: string[]): void {
  for (const key of keys) {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  }
}

describe('useKeyboardShortcuts', () => {
  afterEach(() => {
    cleanup();
    document.body.innerHTML = '';
  });

  it('runs the shortcuts typed on the page, scan only for those who may scan', () => {
    const actions: ShortcutAction[] = [];
    const { rerender } = renderHook(
      ({ canScan }) => useKeyboardShortcuts((action) => actions.push(action), true, canScan),
      { initialProps: { canScan: false } },
    );
    press(document.body, '/', '?', 'g', 'h', 'g', 'p', 'g', 'c', 'g', 's');
    expect(actions).toEqual([
      'focusSearch',
      'showShortcuts',
      'goHome',
      'openPlatforms',
      'openCollections',
    ]);
    rerender({ canScan: true });
    press(document.body, 'g', 's');
    expect(actions.at(-1)).toBe('goScan');
  });

  it('fires nothing while typing in a field, with a modifier held, or when disabled', () => {
    const actions: ShortcutAction[] = [];
    const { rerender } = renderHook(
      ({ enabled }) => useKeyboardShortcuts((action) => actions.push(action), enabled, true),
      { initialProps: { enabled: true } },
    );
    const input = document.createElement('input');
    document.body.append(input);
    press(input, '/', '?', 'g', 'h');
    document.body.dispatchEvent(
      new KeyboardEvent('keydown', { key: '/', ctrlKey: true, bubbles: true }),
    );
    rerender({ enabled: false });
    press(document.body, '/', 'g', 'h');
    expect(actions).toEqual([]);
  });

  it('leaves the keys to an open dialog, drawer or menu', () => {
    const actions: ShortcutAction[] = [];
    renderHook(() => useKeyboardShortcuts((action) => actions.push(action), true, true));
    const modal = document.createElement('div');
    modal.className = 'MuiModal-root';
    document.body.append(modal);
    press(modal, '?', 'g', 'h');
    // A closed menu MUI keeps mounted is hidden, not open.
    modal.classList.add('MuiModal-hidden');
    press(document.body, '?');
    modal.remove();
    press(document.body, 'g', 'h');
    expect(actions).toEqual(['showShortcuts', 'goHome']);
  });
});

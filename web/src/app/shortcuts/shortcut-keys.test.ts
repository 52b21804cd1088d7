import { describe, expect, it } from 'vitest';

import {
  createShortcutMatcher,
  isTypingTarget,
  SEQUENCE_TIMEOUT_MS,
  SHORTCUTS,
} from './shortcut-keys';

function actions(keys: readonly [string, number][], canScan = true): (string | null)[] {
  const matcher = createShortcutMatcher(SHORTCUTS.filter((s) => canScan || s.needsScan !== true));
  return keys.map(([key, at]) => matcher.press(key, at)?.action ?? null);
}

describe('createShortcutMatcher', () => {
  it('answers the single-key shortcuts at once', () => {
    expect(
      actions([
        ['/', 0],
        ['?', 10],
        ['x', 20],
      ]),
    ).toEqual(['focusSearch', 'showShortcuts', null]);
  });

  it('completes g sequences within the time limit', () => {
    expect(
      actions([
        ['g', 0],
        ['h', 100],
        ['g', 200],
        ['p', 300],
        ['g', 400],
        ['c', 500],
      ]),
    ).toEqual([null, 'goHome', null, 'openPlatforms', null, 'openCollections']);
    expect(
      actions([
        ['g', 0],
        ['s', SEQUENCE_TIMEOUT_MS],
      ]),
    ).toEqual([null, 'goScan']);
  });

  it('forgets a g after the time limit or another key', () => {
    expect(
      actions([
        ['g', 0],
        ['h', SEQUENCE_TIMEOUT_MS + 1],
      ]),
    ).toEqual([null, null]);
    expect(
      actions([
        ['g', 0],
        ['x', 10],
        ['h', 20],
      ]),
    ).toEqual([null, null, null]);
    expect(actions([['h', 0]])).toEqual([null]);
  });

  it('leaves g s out for users who may not scan', () => {
    expect(
      actions(
        [
          ['g', 0],
          ['s', 10],
          ['g', 20],
          ['h', 30],
        ],
        false,
      ),
    ).toEqual([null, null, null, 'goHome']);
  });
});

describe('isTypingTarget', () => {
  it('is true for text fields and editable content, false for buttons, boxes and the page', () => {
    const element = (html: string): Element => {
      const holder = document.createElement('div');
      holder.innerHTML = html;
      document.body.append(holder);
      return holder.firstElementChild as Element;
    };
    expect(isTypingTarget(element('<input type="text">'))).toBe(true);
    expect(isTypingTarget(element('<input>'))).toBe(true);
    expect(isTypingTarget(element('<input type="search">'))).toBe(true);
    expect(isTypingTarget(element('<textarea></textarea>'))).toBe(true);
    expect(isTypingTarget(element('<select><option>a</option></select>'))).toBe(true);
    const editable = element('<div contenteditable="true"></div>') as HTMLElement;
    Object.defineProperty(editable, 'isContentEditable', { value: true });
    expect(isTypingTarget(editable)).toBe(true);
    expect(isTypingTarget(element('<input type="checkbox">'))).toBe(false);
    expect(isTypingTarget(element('<button>Go</button>'))).toBe(false);
    expect(isTypingTarget(element('<a href="/">Home</a>'))).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';

import { keyIntent } from './console-input';

const key = (
  value: string,
  modifiers: Partial<Record<'altKey' | 'ctrlKey' | 'metaKey', boolean>> = {},
) => keyIntent({ key: value, altKey: false, ctrlKey: false, metaKey: false, ...modifiers });

describe('keyIntent', () => {
  it('reads arrows, Enter, Escape and the page keys as intents', () => {
    expect(key('ArrowLeft')).toEqual({ intent: 'left' });
    expect(key('Enter')).toEqual({ intent: 'select' });
    expect(key('Escape')).toEqual({ intent: 'back' });
    expect(key('PageDown')).toEqual({ intent: 'pageDown' });
  });

  it('reads a letter as a jump, and leaves shortcuts with modifiers alone', () => {
    expect(key('m')).toEqual({ letter: 'M' });
    expect(key('#')).toEqual({ letter: '#' });
    expect(key('r', { ctrlKey: true })).toBeNull();
    expect(key('F5')).toBeNull();
  });
});

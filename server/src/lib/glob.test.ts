import { describe, expect, it } from 'vitest';

import { globToRegExp, matchesAnyGlob } from './glob.js';

describe('globToRegExp', () => {
  it('matches stars, question marks and sets over whole names', () => {
    expect(globToRegExp('.Trash-*').test('.Trash-1000')).toBe(true);
    expect(globToRegExp('.Trash-*').test('x.Trash-1000')).toBe(false);
    expect(globToRegExp('ps?').test('ps2')).toBe(true);
    expect(globToRegExp('ps?').test('ps22')).toBe(false);
    expect(globToRegExp('[ab]x').test('bx')).toBe(true);
    expect(globToRegExp('[!ab]x').test('bx')).toBe(false);
    expect(globToRegExp('[!ab]x').test('cx')).toBe(true);
  });

  it('treats regex characters literally', () => {
    expect(globToRegExp('$RECYCLE.BIN').test('$RECYCLE.BIN')).toBe(true);
    expect(globToRegExp('$RECYCLE.BIN').test('$RECYCLExBIN')).toBe(false);
    expect(globToRegExp('a(b)').test('a(b)')).toBe(true);
  });

  it('is case-sensitive unless asked', () => {
    expect(matchesAnyGlob('GBA', ['gba'])).toBe(false);
    expect(matchesAnyGlob('GBA', ['gba'], true)).toBe(true);
  });
});

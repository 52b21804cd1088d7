import { describe, expect, it } from 'vitest';

import { activeJumpLabel, jumpEntries, jumpLabel } from './jump-bar';

describe('jumpLabel', () => {
  it.each([
    ['a', 'A'],
    ['z', 'Z'],
    ['é', 'E'],
    ['0', '#'],
    ['9', '#'],
    ['!', '#'],
    ['ß', '#'],
    ['の', '#'],
  ])('%s → %s', (char, label) => {
    expect(jumpLabel(char)).toBe(label);
  });
});

describe('jumpEntries', () => {
  it('lists # and A–Z, with offsets where games start and null elsewhere', () => {
    const entries = jumpEntries({ '0': 0, a: 2, c: 5, m: 9 });
    expect(entries.map((entry) => entry.label).join('')).toBe('#ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    expect(entries.find((entry) => entry.label === '#')?.offset).toBe(0);
    expect(entries.find((entry) => entry.label === 'A')?.offset).toBe(2);
    expect(entries.find((entry) => entry.label === 'B')?.offset).toBeNull();
    expect(entries.find((entry) => entry.label === 'C')?.offset).toBe(5);
    expect(entries.find((entry) => entry.label === 'M')?.offset).toBe(9);
    expect(entries.find((entry) => entry.label === 'Z')?.offset).toBeNull();
  });

  it('merges keys of one letter and all symbols, keeping the first offset', () => {
    const entries = jumpEntries({ '1': 0, '[': 3, e: 10, é: 14, '~': 30 });
    expect(entries.find((entry) => entry.label === '#')?.offset).toBe(0);
    expect(entries.find((entry) => entry.label === 'E')?.offset).toBe(10);
  });

  it('is all null for an empty index', () => {
    expect(jumpEntries({}).every((entry) => entry.offset === null)).toBe(true);
  });
});

describe('activeJumpLabel', () => {
  const entries = jumpEntries({ a: 0, c: 5, m: 9 });
  it.each([
    [0, 'A'],
    [4, 'A'],
    [5, 'C'],
    [8, 'C'],
    [9, 'M'],
    [500, 'M'],
  ])('offset %d is under %s', (offset, label) => {
    expect(activeJumpLabel(entries, offset)).toBe(label);
  });

  it('is null before any entry', () => {
    expect(activeJumpLabel(jumpEntries({ c: 5 }), 2)).toBeNull();
  });
});

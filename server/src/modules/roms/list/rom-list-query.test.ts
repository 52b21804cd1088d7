import { describe, expect, it } from 'vitest';

import { ftsQuery } from './rom-list-filters.js';
import { charIndexOf, planSearch } from './rom-list-query.js';

describe('planSearch', () => {
  it('plans no search for a missing or blank term', () => {
    expect(planSearch(undefined)).toBeNull();
    expect(planSearch('   ')).toBeNull();
    expect(planSearch(' | ')).toBeNull();
  });

  it('finds long words anywhere and 1-2-letter words at the start of a word', () => {
    const [plan] = planSearch('Super Mario 64 a') ?? [];
    expect(plan).toEqual({ words: ['super', 'mario', '64', 'a'], hash: null });
    expect(ftsQuery(plan?.words ?? [])).toBe('"super" AND "mario" AND " 64" AND "  a"');
  });

  it('folds case and accents, and ORs the terms split by |', () => {
    expect(planSearch('Pokémon|ZELDA')).toEqual([
      { words: ['pokemon'], hash: null },
      { words: ['zelda'], hash: null },
    ]);
  });

  it('splits words at punctuation, drops apostrophes, and plans no match without words', () => {
    expect(planSearch('Pac-Man: Kirby\'s "Dream"')).toEqual([
      { words: ['pac', 'man', 'kirbys', 'dream'], hash: null },
    ]);
    expect(planSearch('Shelf Pattern (World) [!].nes')).toEqual([
      { words: ['shelf', 'pattern', 'nes'], hash: null },
    ]);
    expect(planSearch('100% | %_ | (USA)')).toEqual([
      { words: ['100'], hash: null },
      { words: [], hash: null },
      { words: [], hash: null },
    ]);
  });

  it('also matches a crc32, md5 or sha1 for a term of 8, 32 or 40 hex digits', () => {
    const md5 = 'd41d8cd98f00b204e9800998ecf8427e';
    const sha1 = 'da39a3ee5e6b4b0d3255bfef95601890afd80709';
    expect(planSearch('1234ABCD')?.[0]?.hash).toEqual({ column: 'crc_hash', value: '1234abcd' });
    expect(planSearch(md5)?.[0]?.hash).toEqual({ column: 'md5_hash', value: md5 });
    expect(planSearch(sha1)?.[0]?.hash).toEqual({ column: 'sha1_hash', value: sha1 });
    expect(planSearch('1234abc')?.[0]?.hash).toBeNull();
    expect(planSearch('1234abcg')?.[0]?.hash).toBeNull();
  });
});

describe('charIndexOf', () => {
  const counts = [
    { char: '#', count: 2 },
    { char: 'A', count: 3 },
    { char: 'B', count: 1 },
  ];

  it('gives each character the number of rows before it, ascending', () => {
    expect(charIndexOf(counts, 'asc')).toEqual({ '#': 0, A: 2, B: 5 });
  });

  it('counts from the end for a descending list, keys still ascending', () => {
    const index = charIndexOf(counts, 'desc');
    expect(index).toEqual({ '#': 4, A: 1, B: 0 });
    expect(Object.keys(index)).toEqual(['#', 'A', 'B']);
  });

  it('is empty for an empty list', () => {
    expect(charIndexOf([], 'asc')).toEqual({});
  });
});

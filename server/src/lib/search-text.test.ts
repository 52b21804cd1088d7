import { describe, expect, it } from 'vitest';

import { foldSearchText, romSearchText, searchWords } from './search-text.js';

describe('foldSearchText', () => {
  it('folds case, accents and compatibility forms', () => {
    expect(foldSearchText('Pokémon  ÉDITION')).toBe('pokemon edition');
    expect(foldSearchText('Ｆｕｌｌｗｉｄｔｈ ﬁ')).toBe('fullwidth fi');
    expect(foldSearchText('Ångström Çà')).toBe('angstrom ca');
  });
});

describe('searchWords and romSearchText', () => {
  it('splits words at punctuation and drops apostrophes', () => {
    expect(searchWords("Kirby's Pac-Man: Édition (v1.1)")).toEqual([
      'kirbys',
      'pac',
      'man',
      'edition',
      'v1',
      '1',
    ]);
    expect(searchWords(' -- ')).toEqual([]);
  });

  it('holds the name and the tag-free file name, once when they agree', () => {
    expect(romSearchText(null, 'Pokemon - Emerald Version')).toBe('pokemon emerald version');
    expect(romSearchText('Pokémon Emerald', 'Pokemon - Emerald Version')).toBe(
      'pokemon emerald pokemon emerald version',
    );
    expect(romSearchText('', 'Game')).toBe('game');
  });
});

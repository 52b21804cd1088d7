import { describe, expect, it } from 'vitest';

import { foldSearchText } from './search-text.js';

describe('foldSearchText', () => {
  it('folds case, accents and compatibility forms', () => {
    expect(foldSearchText('Pokémon  ÉDITION')).toBe('pokemon edition');
    expect(foldSearchText('Ｆｕｌｌｗｉｄｔｈ ﬁ')).toBe('fullwidth fi');
    expect(foldSearchText('Ångström Çà')).toBe('angstrom ca');
  });
});

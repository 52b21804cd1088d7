import { describe, expect, it } from 'vitest';

import { impliedLanguageRanking, languageRanking, regionRanking } from './preferred-version.js';

const preference = {
  regions: ['USA', 'Europe', 'Japan'],
  languages: ['En', 'Ja'],
  withPrereleases: false,
};

describe('version preference ranks', () => {
  it('ranks regions by the order the caller gave', () => {
    expect([...regionRanking(preference)]).toEqual([
      ['USA', 0],
      ['Europe', 1],
      ['Japan', 2],
    ]);
  });

  it('ranks languages by the names ROMs keep, leaving out unknown codes', () => {
    expect([...languageRanking({ ...preference, languages: ['Ja', 'Xx', 'Fr'] })]).toEqual([
      ['Japanese', 0],
      ['French', 2],
    ]);
  });

  it('ranks each region by the language of its untagged releases, where it is ranked', () => {
    const implied = impliedLanguageRanking({ ...preference, languages: ['Ja', 'De'] });
    expect(implied.get('Japan')).toBe(0);
    expect(implied.get('Germany')).toBe(1);
    expect(implied.has('USA')).toBe(false);
    expect(impliedLanguageRanking(preference).get('USA')).toBe(0);
    expect(impliedLanguageRanking(preference).get('Europe')).toBe(0);
    expect(impliedLanguageRanking(preference).get('Korea')).toBeUndefined();
  });
});

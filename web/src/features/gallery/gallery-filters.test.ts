import { describe, expect, it } from 'vitest';

import {
  activeFilters,
  filtersKey,
  filtersQuery,
  NO_FILTERS,
  parseFilters,
  setFlag,
  setListValues,
  setLogic,
  withFilters,
  withoutFilter,
} from './gallery-filters';

const parse = (query: string) => parseFilters(new URLSearchParams(query));

describe('gallery filters', () => {
  it('reads lists, logic words and flags from the URL, dropping malformed values', () => {
    const filters = parse(
      'genres=RPG&genres=Shooter&genres=RPG&genres_logic=none&regions=Japan&regions_logic=maybe' +
        '&platform_ids=3&platform_ids=x&statuses=finished&statuses=bogus&metadata_providers=igdb' +
        '&matched=false&favorite=yes&search_term=zelda',
    );
    expect(filters).toEqual({
      lists: {
        platform_ids: ['3'],
        genres: ['RPG', 'Shooter'],
        regions: ['Japan'],
        statuses: ['finished'],
        metadata_providers: ['igdb'],
      },
      logic: { genres: 'none' },
      flags: { matched: false },
    });
  });

  it('writes one canonical order, so equal filters have equal keys and queries', () => {
    const a = parse('matched=true&regions=USA&genres=RPG&genres_logic=all');
    const b = parse('genres_logic=all&genres=RPG&regions=USA&matched=true');
    expect(filtersKey(a)).toBe('genres=RPG&genres_logic=all&regions=USA&matched=true');
    expect(filtersKey(b)).toBe(filtersKey(a));
    expect(filtersQuery(a)).toEqual({
      genres: ['RPG'],
      genres_logic: 'all',
      regions: ['USA'],
      matched: 'true',
    });
    expect(filtersKey(NO_FILTERS)).toBe('');
  });

  it('leaves out a logic word of a list without values, and the default `any`', () => {
    expect(filtersKey(parse('genres_logic=none'))).toBe('');
    expect(filtersKey(parse('genres=RPG&genres_logic=any'))).toBe('genres=RPG');
  });

  it('replaces the filters of a URL and keeps its other keys', () => {
    const params = new URLSearchParams('search_term=zelda&genres=RPG&matched=true');
    const next = withFilters(params, setFlag(NO_FILTERS, 'favorite', true));
    expect(next.toString()).toBe('search_term=zelda&favorite=true');
  });

  it('edits lists, logic and flags, and removes one chip at a time', () => {
    let filters = setListValues(NO_FILTERS, 'genres', ['RPG', 'Shooter']);
    filters = setLogic(filters, 'genres', 'none');
    filters = setFlag(filters, 'matched', false);
    expect(activeFilters(filters)).toEqual([
      { kind: 'list', name: 'genres', value: 'RPG', logic: 'none' },
      { kind: 'list', name: 'genres', value: 'Shooter', logic: 'none' },
      { kind: 'flag', name: 'matched', value: false },
    ]);
    const [rpg, , matched] = activeFilters(filters);
    if (!rpg || !matched) throw new Error('three chips expected');
    filters = withoutFilter(filters, rpg);
    expect(filtersKey(filters)).toBe('genres=Shooter&genres_logic=none&matched=false');
    filters = withoutFilter(filters, matched);
    filters = setListValues(filters, 'genres', []);
    expect(filters).toEqual({ lists: {}, logic: { genres: 'none' }, flags: {} });
    expect(filtersKey(filters)).toBe('');
    expect(setLogic(filters, 'genres', 'any').logic).toEqual({});
  });
});

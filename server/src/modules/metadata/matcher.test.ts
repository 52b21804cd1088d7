import { describe, expect, it } from 'vitest';

import {
  idTagOf,
  jaroWinkler,
  lastSegment,
  normaliseName,
  pickBest,
  searchTermFor,
  sequelNumbers,
} from './matcher.js';

describe('jaroWinkler (strsimpy variant)', () => {
  it('gives 1 for identical and 0 for disjoint strings', () => {
    expect(jaroWinkler('metroid', 'metroid')).toBe(1);
    expect(jaroWinkler('abc', 'xyz')).toBe(0);
  });

  it('matches the reference values', () => {
    // Classic pairs; the prefix boost uses the full common prefix and 1/len(longer) weight.
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.9611, 4);
    expect(jaroWinkler('dixon', 'dicksonx')).toBeCloseTo(0.8133, 4);
    expect(jaroWinkler('super metroid', 'super metroid 2')).toBeGreaterThan(0.95);
  });

  it('only boosts above 0.7', () => {
    const jaro = jaroWinkler('abcdxxxx', 'abcdyyyyzz');
    expect(jaro).toBeLessThan(0.8);
  });
});

describe('search terms', () => {
  it('drops articles, punctuation and accents for IGDB', () => {
    expect(searchTermFor('igdb', 'Legend of Zelda, The - A Link to the Past')).toBe(
      'legend of zelda a link to the past',
    );
    expect(searchTermFor('igdb', 'The Pokémon_Adventure')).toBe('pokemon adventure');
  });

  it('keeps punctuation and rewrites separators for ScreenScraper and MobyGames', () => {
    expect(searchTermFor('ss', 'Castlevania: Aria of Sorrow')).toBe('castlevania - aria of sorrow');
    expect(searchTermFor('moby', 'Castlevania - Aria of Sorrow')).toBe(
      'castlevania: aria of sorrow',
    );
  });

  it('keeps articles for SteamGridDB and turns " - " into ": " for LaunchBox', () => {
    expect(searchTermFor('sgdb', 'The Last Story')).toBe('the last story');
    expect(searchTermFor('launchbox', 'Metroid - Zero Mission')).toBe('metroid: zero mission');
  });

  it('finds id tags and the last segment', () => {
    expect(idTagOf('Game (USA) (igdb-1234).sfc')).toEqual({ source: 'igdb', id: 1234 });
    expect(idTagOf('Game (ssfr-77).sfc')).toEqual({ source: 'ss', id: 77 });
    expect(idTagOf('Game (USA).sfc')).toBeNull();
    expect(lastSegment('metroid: zero mission')).toBe('zero mission');
    expect(lastSegment('metroid')).toBeNull();
  });

  it('reads sequel numbers in digits and Roman numerals', () => {
    expect(sequelNumbers(normaliseName('Final Fantasy VII'))).toEqual([7]);
    expect(sequelNumbers(normaliseName('Super Mario Bros. 3'))).toEqual([3]);
    expect(sequelNumbers(normaliseName('Mega Man X2'))).toEqual([2]);
  });
});

describe('pickBest', () => {
  const candidates = [
    { id: 3, names: ['Super Mario Bros. 3'], value: 'smb3' },
    { id: 1, names: ['Super Mario Bros.'], value: 'smb' },
    { id: 2, names: ['Super Mario Bros. 2'], value: 'smb2' },
  ];

  it('never collapses a sequel onto the first game', () => {
    expect(pickBest('super mario bros 2', candidates, 0.75)?.candidate.id).toBe(2);
    expect(pickBest('super mario bros', candidates, 0.75)?.candidate.id).toBe(1);
    expect(pickBest('super mario bros 4', candidates, 0.75)).toBeNull();
  });

  it('uses alternative names and honours the threshold and exclusions', () => {
    const games = [
      { id: 10, names: ['Final Fantasy VI', 'Final Fantasy III'], value: 'ff6' },
      { id: 11, names: ['Final Fantasy IV', 'Final Fantasy II'], value: 'ff4' },
    ];
    expect(pickBest('final fantasy iii', games, 0.75)?.candidate.id).toBe(10);
    expect(pickBest('final fantasy iii', games, 0.75, { exclude: new Set([10]) })).toBeNull();
    expect(pickBest('chrono trigger', games, 0.75)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';

import { HEARTBEAT } from '@/test/fake-fetch';

import {
  metadataOptions,
  parseExcludedSources,
  selectedSources,
  toggleExcluded,
} from './metadata-options';
import type { DisabledReasonKey, MetadataFlags } from './metadata-options';

const REASONS: Record<DisabledReasonKey, string> = {
  'scan.api-key-missing': 'API key missing',
  'scan.disabled-by-admin': 'Disabled by the administrator',
};
const translate = (key: DisabledReasonKey) => REASONS[key];

const NONE: MetadataFlags = HEARTBEAT.METADATA_SOURCES;
const ALL: MetadataFlags = {
  ...HEARTBEAT.METADATA_SOURCES,
  ANY_SOURCE_ENABLED: true,
  IGDB_API_ENABLED: true,
  SS_API_ENABLED: true,
  MOBY_API_ENABLED: true,
  RA_API_ENABLED: true,
  STEAMGRIDDB_API_ENABLED: true,
  LAUNCHBOX_API_ENABLED: true,
  PLAYMATCH_API_ENABLED: false,
  HASHEOUS_API_ENABLED: true,
  TGDB_API_ENABLED: true,
};

describe('metadataOptions', () => {
  it('lists every source in SPEC order with its label and logo, all enabled', () => {
    expect(metadataOptions(ALL, translate)).toEqual([
      { name: 'IGDB', value: 'igdb', logo_path: '/metadata-sources/igdb.svg', disabled: '' },
      {
        name: 'Hasheous',
        value: 'hasheous',
        logo_path: '/metadata-sources/hasheous.svg',
        disabled: '',
      },
      { name: 'ScreenScraper', value: 'ss', logo_path: '/metadata-sources/ss.svg', disabled: '' },
      { name: 'MobyGames', value: 'moby', logo_path: '/metadata-sources/moby.svg', disabled: '' },
      {
        name: 'RetroAchievements',
        value: 'ra',
        logo_path: '/metadata-sources/ra.svg',
        disabled: '',
      },
      { name: 'LaunchBox', value: 'lb', logo_path: '/metadata-sources/lb.svg', disabled: '' },
      {
        name: 'SteamGridDB',
        value: 'sgdb',
        logo_path: '/metadata-sources/sgdb.svg',
        disabled: '',
      },
    ]);
  });

  it('gives "API key missing" to keyed sources and "disabled by admin" to Hasheous and LaunchBox', () => {
    const disabled = Object.fromEntries(
      metadataOptions(NONE, translate).map((option) => [option.value, option.disabled]),
    );
    expect(disabled).toEqual({
      igdb: 'API key missing',
      hasheous: 'Disabled by the administrator',
      ss: 'API key missing',
      moby: 'API key missing',
      ra: 'API key missing',
      lb: 'Disabled by the administrator',
      sgdb: 'API key missing',
    });
  });

  it('disables exactly the source whose flag is off', () => {
    const cases: [keyof MetadataFlags, string, string][] = [
      ['IGDB_API_ENABLED', 'igdb', 'API key missing'],
      ['HASHEOUS_API_ENABLED', 'hasheous', 'Disabled by the administrator'],
      ['SS_API_ENABLED', 'ss', 'API key missing'],
      ['MOBY_API_ENABLED', 'moby', 'API key missing'],
      ['RA_API_ENABLED', 'ra', 'API key missing'],
      ['LAUNCHBOX_API_ENABLED', 'lb', 'Disabled by the administrator'],
      ['STEAMGRIDDB_API_ENABLED', 'sgdb', 'API key missing'],
    ];
    for (const [flag, value, reason] of cases) {
      const options = metadataOptions({ ...ALL, [flag]: false }, translate);
      expect(options.filter((option) => option.disabled !== '')).toEqual([
        expect.objectContaining({ value, disabled: reason }),
      ]);
    }
  });

  it('labels IGDB "IGDB + Playmatch" when Playmatch is on, enabled or not', () => {
    expect(metadataOptions({ ...ALL, PLAYMATCH_API_ENABLED: true }, translate)[0]).toMatchObject({
      name: 'IGDB + Playmatch',
      value: 'igdb',
      disabled: '',
    });
    expect(metadataOptions({ ...NONE, PLAYMATCH_API_ENABLED: true }, translate)[0]).toMatchObject({
      name: 'IGDB + Playmatch',
      disabled: 'API key missing',
    });
    expect(metadataOptions(ALL, translate)[0]?.name).toBe('IGDB');
  });

  it('treats a missing heartbeat as no source available', () => {
    const options = metadataOptions(undefined, translate);
    expect(options.map((option) => option.value)).toEqual([
      'igdb',
      'hasheous',
      'ss',
      'moby',
      'ra',
      'lb',
      'sgdb',
    ]);
    expect(options.every((option) => option.disabled !== '')).toBe(true);
    expect(options[0]?.name).toBe('IGDB');
  });
});

describe('source selection', () => {
  it('selects every available source not switched off, in SPEC order', () => {
    const options = metadataOptions({ ...ALL, SS_API_ENABLED: false }, translate);
    expect(selectedSources(options, [])).toEqual(['igdb', 'hasheous', 'moby', 'ra', 'lb', 'sgdb']);
    expect(selectedSources(options, ['lb', 'igdb'])).toEqual(['hasheous', 'moby', 'ra', 'sgdb']);
    expect(selectedSources(metadataOptions(NONE, translate), [])).toEqual([]);
  });

  it('toggles a source in the switched-off list, kept in SPEC order', () => {
    expect(toggleExcluded([], 'sgdb')).toEqual(['sgdb']);
    expect(toggleExcluded(['sgdb'], 'igdb')).toEqual(['igdb', 'sgdb']);
    expect(toggleExcluded(['igdb', 'sgdb'], 'igdb')).toEqual(['sgdb']);
  });

  it('reads the stored list, ignoring unknown values and unreadable text', () => {
    expect(parseExcludedSources(null)).toEqual([]);
    expect(parseExcludedSources('["sgdb","nope","igdb"]')).toEqual(['igdb', 'sgdb']);
    expect(parseExcludedSources('{"igdb":true}')).toEqual([]);
    expect(parseExcludedSources('not json')).toEqual([]);
  });
});

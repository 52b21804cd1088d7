import type { SearchRom, SimpleRom } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import {
  candidateCovers,
  candidateSources,
  fileAndCoverChange,
  matchedSources,
  titleFileName,
} from './match-candidates';

const rom = (fs_name: string, fs_name_no_tags: string, fs_extension: string) =>
  ({ fs_name, fs_name_no_tags, fs_extension }) as SimpleRom;

describe('titleFileName', () => {
  it('keeps the tags and extension', () => {
    expect(titleFileName(rom('Xylo (World) (Rev 1).z64', 'Xylo', 'z64'), 'Star Courier')).toBe(
      'Star Courier (World) (Rev 1).z64',
    );
  });

  it('turns colons into dashes and drops characters filesystems refuse', () => {
    expect(
      titleFileName(rom('ll2 (USA).z64', 'll2', 'z64'), 'Lunar Lancer 2: Eclipse <Deluxe>?'),
    ).toBe('Lunar Lancer 2 - Eclipse Deluxe (USA).z64');
    expect(titleFileName(rom('a.gba', 'a', 'gba'), 'AC/DC * Rock')).toBe('ACDC Rock.gba');
  });

  it('renames folders of multi-file games too', () => {
    expect(titleFileName(rom('Saga (USA)', 'Saga', ''), 'Crystal Saga')).toBe('Crystal Saga (USA)');
  });

  it('keeps the name when nothing usable is left of the title', () => {
    expect(titleFileName(rom('a (USA).nes', 'a', 'nes'), ' ...?? ')).toBe('a (USA).nes');
  });

  it('falls back to the extension when the name part is not a prefix', () => {
    expect(titleFileName(rom('The Game.sfc', 'Game, The', 'sfc'), 'Game')).toBe('Game.sfc');
  });
});

describe('candidate sources and covers', () => {
  const candidate = {
    igdb_id: 1,
    ss_id: 2,
    moby_id: null,
    launchbox_id: 4,
    sgdb_id: null,
    igdb_url_cover: 'https://a/cover.jpg',
    ss_url_cover: 'https://a/cover.jpg',
    moby_url_cover: null,
    launchbox_url_cover: 'https://b/box.png',
    sgdb_url_cover: null,
  } as SearchRom;

  it('lists sources in apply order with their ids', () => {
    expect(candidateSources(candidate).map(({ source, id }) => [source, id])).toEqual([
      ['igdb', 1],
      ['ss', 2],
      ['launchbox', 4],
    ]);
  });

  it('lists each distinct cover once', () => {
    expect(candidateCovers(candidate)).toEqual([
      { source: 'igdb', url: 'https://a/cover.jpg' },
      { source: 'launchbox', url: 'https://b/box.png' },
    ]);
  });

  it('reads the sources a ROM is matched with', () => {
    expect(
      matchedSources({
        igdb_id: 9,
        ss_id: null,
        moby_id: null,
        ra_id: 3,
        launchbox_id: null,
        hasheous_id: 7,
        sgdb_id: null,
      }),
    ).toEqual([
      { source: 'igdb', id: 9 },
      { source: 'ra', id: 3 },
      { source: 'hasheous', id: 7 },
    ]);
  });
});

describe('fileAndCoverChange', () => {
  const matched = {
    fs_name: 'Xylo (World).z64',
    fs_name_no_tags: 'Xylo',
    fs_extension: 'z64',
    url_cover: 'https://a/cover.jpg',
  } as SimpleRom;
  const oneCover = { name: 'Star Courier', igdb_id: 1, igdb_url_cover: 'https://a/cover.jpg' };
  const twoCovers = { ...oneCover, ss_id: 2, ss_url_cover: 'https://b/box.png' };
  const candidate = (fields: Partial<SearchRom>) =>
    ({ ss_id: null, moby_id: null, launchbox_id: null, sgdb_id: null, ...fields }) as SearchRom;

  it('changes nothing when no rename is asked and the cover is the only one', () => {
    expect(
      fileAndCoverChange(matched, candidate(oneCover), { rename: false, cover: 'https://x' }),
    ).toEqual({});
  });

  it('renames to the title with tags and extension kept, when asked', () => {
    expect(fileAndCoverChange(matched, candidate(oneCover), { rename: true, cover: null })).toEqual(
      { fs_name: 'Star Courier (World).z64' },
    );
  });

  it('does not rename a file that already carries the title', () => {
    const named = {
      ...matched,
      fs_name: 'Star Courier (World).z64',
      fs_name_no_tags: 'Star Courier',
    };
    expect(fileAndCoverChange(named, candidate(oneCover), { rename: true, cover: null })).toEqual(
      {},
    );
  });

  it('takes the cover picked among several unless the game already has it', () => {
    expect(
      fileAndCoverChange(matched, candidate(twoCovers), {
        rename: false,
        cover: 'https://b/box.png',
      }),
    ).toEqual({ url_cover: 'https://b/box.png' });
    expect(
      fileAndCoverChange(matched, candidate(twoCovers), {
        rename: false,
        cover: 'https://a/cover.jpg',
      }),
    ).toEqual({});
  });
});

import { describe, expect, it } from 'vitest';

import { romNameFields } from './rom-name-fields.js';

describe('romNameFields', () => {
  it('parses a file name into its row fields, searching by the name without tags', () => {
    expect(
      romNameFields('Légende (USA, Europe) (En,Fr) (Rev 2) [!].sfc', {
        isFolder: false,
        name: null,
      }),
    ).toEqual({
      fs_name: 'Légende (USA, Europe) (En,Fr) (Rev 2) [!].sfc',
      fs_name_no_tags: 'Légende',
      fs_name_no_ext: 'Légende (USA, Europe) (En,Fr) (Rev 2) [!]',
      fs_extension: 'sfc',
      regions: '["USA","Europe"]',
      languages: '["English","French"]',
      tags: '["!"]',
      revision: '2',
      search_text: 'legende',
    });
  });

  it('searches by the given display name and takes the version when there is no revision', () => {
    expect(romNameFields('Game (v1.1).gba', { isFolder: false, name: 'My  Game' })).toEqual({
      fs_name: 'Game (v1.1).gba',
      fs_name_no_tags: 'Game',
      fs_name_no_ext: 'Game (v1.1)',
      fs_extension: 'gba',
      regions: '[]',
      languages: '[]',
      tags: '[]',
      revision: '1.1',
      search_text: 'my game game',
    });
  });

  it('gives a folder no extension and no revision when it has none', () => {
    expect(romNameFields('Final Fantasy VII (Disc Set)', { isFolder: true, name: null })).toEqual({
      fs_name: 'Final Fantasy VII (Disc Set)',
      fs_name_no_tags: 'Final Fantasy VII',
      fs_name_no_ext: 'Final Fantasy VII (Disc Set)',
      fs_extension: '',
      regions: '[]',
      languages: '[]',
      tags: '["Disc Set"]',
      revision: null,
      search_text: 'final fantasy vii',
    });
  });
});

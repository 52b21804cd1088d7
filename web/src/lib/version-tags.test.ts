import { describe, expect, it } from 'vitest';

import { isLooseDisc, versionTags } from './version-tags';

describe('versionTags', () => {
  it('names the revision or version, then the other tags as written', () => {
    expect(
      versionTags({ fs_name: 'Super Mario Bros. 3 (USA) (Rev 1).nes', revision: '1', tags: [] }),
    ).toEqual(['Rev 1']);
    expect(
      versionTags({ fs_name: 'Tetris (World) (v1.1).gb', revision: '1.1', tags: ['Beta'] }),
    ).toEqual(['v1.1', 'Beta']);
    expect(
      versionTags({
        fs_name: 'Final Fantasy VII (USA) (Disc 2).chd',
        revision: null,
        tags: ['Disc 2'],
      }),
    ).toEqual(['Disc 2']);
    expect(versionTags({ fs_name: 'Zelda (USA).sfc', revision: null, tags: [] })).toEqual([]);
  });
});

describe('isLooseDisc', () => {
  it('is true for a disc file, false for a playlist, a folder or a single-disc game', () => {
    expect(isLooseDisc({ fs_name: 'FF7 (USA) (Disc 2).chd', fs_extension: 'chd' })).toBe(true);
    expect(isLooseDisc({ fs_name: 'Game (Europe) (CD 1).cue', fs_extension: 'cue' })).toBe(true);
    expect(isLooseDisc({ fs_name: 'FF7 (USA).m3u', fs_extension: 'm3u' })).toBe(false);
    expect(isLooseDisc({ fs_name: 'FF7 (USA) (Disc 1)', fs_extension: '' })).toBe(false);
    expect(isLooseDisc({ fs_name: 'Discworld (Europe).bin', fs_extension: 'bin' })).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';

import { examplePlatformFolder } from '@/shared/api/library-info';

describe('examplePlatformFolder', () => {
  it('follows the roms/{platform} layout', () => {
    expect(
      examplePlatformFolder(
        { library_path: '/data/library', structure: 'roms/{platform}', platform_folders: [] },
        'snes',
      ),
    ).toBe('/data/library/roms/snes/');
  });

  it('follows the {platform}/roms layout and ignores a trailing slash', () => {
    expect(
      examplePlatformFolder(
        { library_path: '/srv/games/', structure: '{platform}/roms', platform_folders: [] },
        'gba',
      ),
    ).toBe('/srv/games/gba/roms/');
  });

  it('uses backslashes for a Windows path', () => {
    expect(
      examplePlatformFolder(
        { library_path: 'D:\\Games', structure: 'roms/{platform}', platform_folders: [] },
        'n64',
      ),
    ).toBe('D:\\Games\\roms\\n64\\');
  });
});

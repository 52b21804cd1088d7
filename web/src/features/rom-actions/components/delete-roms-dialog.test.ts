import type { SimpleRom } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { diskPaths } from './delete-roms-dialog';

describe('diskPaths', () => {
  it('names the file of a single-file ROM', () => {
    const rom = {
      full_path: 'roms/gba/Comet Rally (USA).gba',
      has_simple_single_file: true,
      files: [],
    } as unknown as SimpleRom;
    expect(diskPaths(rom)).toEqual({
      path: 'roms/gba/Comet Rally (USA).gba',
      folder: false,
      files: [],
    });
  });

  it('names the folder and the files inside a multi-file ROM', () => {
    const rom = {
      full_path: 'roms/psx/Crystal Saga (USA)',
      has_simple_single_file: false,
      files: [{ file_name: 'Disc 1.bin' }, { file_name: 'Game.cue' }],
    } as unknown as SimpleRom;
    expect(diskPaths(rom)).toEqual({
      path: 'roms/psx/Crystal Saga (USA)',
      folder: true,
      files: ['Disc 1.bin', 'Game.cue'],
    });
  });
});

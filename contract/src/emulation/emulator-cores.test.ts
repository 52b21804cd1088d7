import { describe, expect, it } from 'vitest';

import {
  EMULATORJS_SYSTEM_BY_CORE,
  EMULATOR_CORES,
  EMULATOR_CORES_BY_PLATFORM,
  RUFFLE_PLATFORMS,
  SHARED_ARRAY_BUFFER_CORES,
  coreNeedsSharedArrayBuffer,
  getCoresForPlatform,
  getDefaultCore,
  getEmulatorJsSystem,
  is3dsCia,
  isEmulatorCore,
  isEmulatorOffered,
  isRuffleOffered,
  resolveEmulationSlug,
  whyNotPlayable,
} from './emulator-cores.js';

describe('platform → cores data', () => {
  it('holds every platform of the reference map and nothing nightly-only', () => {
    expect(Object.keys(EMULATOR_CORES_BY_PLATFORM)).toHaveLength(78);
    for (const nightly of ['3ds', 'new-nintendo-3ds', 'intellivision']) {
      expect(getCoresForPlatform(nightly)).toEqual([]);
    }
    const all = Object.values(EMULATOR_CORES_BY_PLATFORM).flat();
    expect(all).not.toContain('azahar');
    expect(all).not.toContain('bsnes');
    expect(all).not.toContain('genesis_plus_gx_wide');
    expect(all).not.toContain('freeintv');
  });

  it('uses exactly the listed cores, each once per platform', () => {
    const used = new Set(Object.values(EMULATOR_CORES_BY_PLATFORM).flat());
    expect([...used].sort()).toEqual([...EMULATOR_CORES]);
    expect(EMULATOR_CORES).toHaveLength(47);
    expect([...EMULATOR_CORES]).toEqual([...EMULATOR_CORES].sort());
    for (const cores of Object.values(EMULATOR_CORES_BY_PLATFORM)) {
      expect(new Set(cores).size).toBe(cores.length);
      expect(cores.length).toBeGreaterThan(0);
    }
  });

  it('keeps the slugs lower-case', () => {
    for (const slug of Object.keys(EMULATOR_CORES_BY_PLATFORM)) {
      expect(slug).toMatch(/^[a-z0-9][a-z0-9-]*$/);
    }
  });

  it.each([
    ['nes', ['fceumm', 'nestopia']],
    ['snes', ['snes9x']],
    ['psx', ['pcsx_rearmed', 'mednafen_psx_hw']],
    ['n64', ['mupen64plus_next', 'parallel_n64']],
    ['arcade', ['mame2003', 'mame2003_plus', 'fbneo', 'fbalpha2012_cps1', 'fbalpha2012_cps2']],
    ['nds', ['melonds', 'desmume', 'desmume2015']],
    ['gb', ['gambatte', 'mgba']],
    ['gba', ['mgba']],
    ['acpc', ['cap32', 'crocods']],
    ['c64', ['vice_x64sc', 'vice_x64']],
    ['sega-master-system-ii', ['genesis_plus_gx', 'smsplus']],
    ['segacd', ['genesis_plus_gx', 'picodrive']],
    ['sega32', ['picodrive']],
    ['dos', ['dosbox_pure']],
    ['psp', ['ppsspp']],
    ['doom', ['prboom']],
    ['philips-cd-i', ['same_cdi']],
    ['swancrystal', ['mednafen_wswan']],
    ['pc-fx', ['mednafen_pcfx']],
    ['ique-player', ['mupen64plus_next']],
  ])('%s → %j', (slug, cores) => {
    expect(getCoresForPlatform(slug)).toEqual(cores);
  });

  it("keeps RomM's misspelt slugs", () => {
    expect(getCoresForPlatform('game-boy-adavance-sp')).toEqual(['mgba']);
    expect(getCoresForPlatform('commmodore-128')).toEqual(['vice_x128']);
    expect(getCoresForPlatform('game-televisison')).toEqual(['fceumm']);
  });

  it('has no cores for unknown platforms or Flash ones', () => {
    expect(getCoresForPlatform('ps2')).toEqual([]);
    expect(getCoresForPlatform('flash')).toEqual([]);
    expect(getCoresForPlatform('browser')).toEqual([]);
    expect(getCoresForPlatform('')).toEqual([]);
    expect(getCoresForPlatform('constructor')).toEqual([]);
    expect(getCoresForPlatform('__proto__')).toEqual([]);
  });

  it('gives the default core', () => {
    expect(getDefaultCore('nes')).toBe('fceumm');
    expect(getDefaultCore('psx')).toBe('pcsx_rearmed');
    expect(getDefaultCore('ps2')).toBeUndefined();
  });
});

describe('platform versions remapping', () => {
  const versions = { naomi: 'arcade', 'my-famicom': 'nes', weird: 'NES', loop: 'loop' };

  it('maps a version folder to its main slug', () => {
    expect(getCoresForPlatform('naomi', versions)).toEqual([
      'mame2003',
      'mame2003_plus',
      'fbneo',
      'fbalpha2012_cps1',
      'fbalpha2012_cps2',
    ]);
    expect(getCoresForPlatform('my-famicom', versions)).toEqual(['fceumm', 'nestopia']);
    expect(resolveEmulationSlug('my-famicom', versions)).toBe('nes');
  });

  it('without a versions entry the folder has no cores', () => {
    expect(getCoresForPlatform('naomi')).toEqual([]);
    expect(getCoresForPlatform('naomi', {})).toEqual([]);
  });

  it('leaves other slugs alone, remaps one level only and lower-cases', () => {
    expect(getCoresForPlatform('snes', versions)).toEqual(['snes9x']);
    expect(getCoresForPlatform('weird', versions)).toEqual(['fceumm', 'nestopia']);
    expect(getCoresForPlatform('NES')).toEqual(['fceumm', 'nestopia']);
    expect(resolveEmulationSlug('loop', versions)).toBe('loop');
    expect(resolveEmulationSlug('toString', versions)).toBe('tostring');
  });
});

describe('isEmulatorOffered', () => {
  const base = { platformSlug: 'nes', disableEmulatorJs: false, webglAvailable: true };

  it('offers it when there are cores, WebGL and it is enabled', () => {
    expect(isEmulatorOffered(base)).toBe(true);
  });

  it('refuses when disabled, without WebGL or without cores', () => {
    expect(isEmulatorOffered({ ...base, disableEmulatorJs: true })).toBe(false);
    expect(isEmulatorOffered({ ...base, webglAvailable: false })).toBe(false);
    expect(isEmulatorOffered({ ...base, platformSlug: 'ps2' })).toBe(false);
    expect(isEmulatorOffered({ ...base, platformSlug: '3ds' })).toBe(false);
  });

  it('applies the versions remapping', () => {
    expect(isEmulatorOffered({ ...base, platformSlug: 'naomi' })).toBe(false);
    expect(
      isEmulatorOffered({ ...base, platformSlug: 'naomi', versions: { naomi: 'arcade' } }),
    ).toBe(true);
  });
});

describe('shared-array-buffer cores', () => {
  it('lists dosbox_pure and ppsspp only', () => {
    expect(SHARED_ARRAY_BUFFER_CORES).toEqual(['dosbox_pure', 'ppsspp']);
    expect(coreNeedsSharedArrayBuffer('dosbox_pure')).toBe(true);
    expect(coreNeedsSharedArrayBuffer('ppsspp')).toBe(true);
    expect(coreNeedsSharedArrayBuffer('fceumm')).toBe(false);
    expect(coreNeedsSharedArrayBuffer('azahar')).toBe(false);
    expect(coreNeedsSharedArrayBuffer('')).toBe(false);
  });
});

describe('Ruffle', () => {
  it('is offered for flash and browser unless disabled', () => {
    expect(RUFFLE_PLATFORMS).toEqual(['flash', 'browser']);
    expect(isRuffleOffered({ platformSlug: 'flash', disableRuffle: false })).toBe(true);
    expect(isRuffleOffered({ platformSlug: 'browser', disableRuffle: false })).toBe(true);
    expect(isRuffleOffered({ platformSlug: 'Flash', disableRuffle: false })).toBe(true);
    expect(isRuffleOffered({ platformSlug: 'flash', disableRuffle: true })).toBe(false);
    expect(isRuffleOffered({ platformSlug: 'nes', disableRuffle: false })).toBe(false);
  });
});

describe('is3dsCia', () => {
  it.each([
    [{ fs_extension: 'cia', files: [] }, true],
    [{ fs_extension: 'CIA', files: [] }, true],
    [{ fs_extension: '.cia', files: [] }, true],
    [{ fs_extension: '3ds', files: [{ file_name: 'game.3ds' }] }, false],
    [{ fs_extension: '', files: [{ file_name: 'game.3ds' }, { file_name: 'update.CiA' }] }, true],
    [{ fs_extension: null, files: [{ file_name: 'dlc.cia' }] }, true],
    [{ fs_extension: 'zip', files: [{ file_name: 'game.cia.zip' }] }, false],
    [{ fs_extension: 'ciax', files: [{ file_name: 'cia' }] }, false],
    [{ fs_extension: undefined }, false],
    [{ fs_extension: '3ds', files: null }, false],
  ])('%j → %s', (rom, expected) => {
    expect(is3dsCia(rom)).toBe(expected);
  });
});

describe('EmulatorJS system ids', () => {
  it('maps cores whose name differs from the EmulatorJS system', () => {
    expect(getEmulatorJsSystem('fceumm')).toBe('nes');
    expect(getEmulatorJsSystem('mednafen_psx_hw')).toBe('psx');
    expect(getEmulatorJsSystem('yabause')).toBe('segaSaturn');
    expect(getEmulatorJsSystem('vice_xvic')).toBe('vic20');
    expect(getEmulatorJsSystem('fuse')).toBe('fuse');
    expect(getEmulatorJsSystem('same_cdi')).toBe('same_cdi');
  });

  it('only names known cores', () => {
    for (const core of Object.keys(EMULATORJS_SYSTEM_BY_CORE)) {
      expect(isEmulatorCore(core)).toBe(true);
    }
    expect(isEmulatorCore('azahar')).toBe(false);
  });
});

describe('whyNotPlayable', () => {
  const ok = { platformSlug: 'nes', disableEmulatorJs: false, webglAvailable: true };

  it('is null when playable', () => {
    expect(whyNotPlayable(ok)).toBeNull();
    expect(whyNotPlayable({ ...ok, missingFromFs: false })).toBeNull();
  });

  it('says no_core first', () => {
    expect(
      whyNotPlayable({
        ...ok,
        platformSlug: 'ps2',
        disableEmulatorJs: true,
        webglAvailable: false,
        missingFromFs: true,
      }),
    ).toBe('no_core');
  });

  it('then disabled, then no_webgl', () => {
    expect(whyNotPlayable({ ...ok, disableEmulatorJs: true, webglAvailable: false })).toBe(
      'disabled',
    );
    expect(whyNotPlayable({ ...ok, webglAvailable: false, missingFromFs: true })).toBe('no_webgl');
  });

  it('checks shared-array-buffer for the chosen or default core', () => {
    const psp = { ...ok, platformSlug: 'psp', sharedArrayBufferAvailable: false };
    expect(whyNotPlayable(psp)).toBe('needs_shared_array_buffer');
    expect(whyNotPlayable({ ...psp, sharedArrayBufferAvailable: true })).toBeNull();
    expect(whyNotPlayable({ ...ok, platformSlug: 'psp' })).toBeNull();
    expect(whyNotPlayable({ ...ok, platformSlug: 'dos', sharedArrayBufferAvailable: false })).toBe(
      'needs_shared_array_buffer',
    );
    expect(whyNotPlayable({ ...ok, sharedArrayBufferAvailable: false })).toBeNull();
    // A core foreign to the platform falls back to the default one.
    expect(whyNotPlayable({ ...ok, core: 'ppsspp', sharedArrayBufferAvailable: false })).toBeNull();
    expect(whyNotPlayable({ ...ok, core: 'nestopia', missingFromFs: true })).toBe(
      'missing_from_fs',
    );
  });

  it('says missing_from_fs last', () => {
    expect(whyNotPlayable({ ...ok, missingFromFs: true })).toBe('missing_from_fs');
  });

  it('applies versions remapping', () => {
    expect(whyNotPlayable({ ...ok, platformSlug: 'naomi' })).toBe('no_core');
    expect(
      whyNotPlayable({ ...ok, platformSlug: 'naomi', versions: { naomi: 'arcade' } }),
    ).toBeNull();
  });

  it('handles Ruffle platforms without WebGL or cores', () => {
    const flash = { platformSlug: 'flash', disableEmulatorJs: true, webglAvailable: false };
    expect(whyNotPlayable(flash)).toBeNull();
    expect(whyNotPlayable({ ...flash, disableRuffle: true })).toBe('disabled');
    expect(whyNotPlayable({ ...flash, platformSlug: 'browser', missingFromFs: true })).toBe(
      'missing_from_fs',
    );
  });
});

/**
 * Which in-browser emulator can play a platform, and why a game cannot be played.
 *
 * Facts from the reference UI (`reference/romm-ui.md` §2.3, §2.6, §2.7) and SPEC §5. Everything
 * here is pure data and pure functions, shared by the server (which cores to serve) and the web
 * app (whether to show a Play button, and the reason when it does not).
 */

/** An EmulatorJS core name, e.g. `fceumm`; also the `@emulatorjs/core-<name>` package suffix. */
export type EmulatorCore = (typeof EMULATOR_CORES)[number];

/**
 * Every core of the platform → cores map, in alphabetical order. Each has an
 * `@emulatorjs/core-<name>` package at 4.2.3 (the EmulatorJS version the reference uses).
 */
export const EMULATOR_CORES = [
  'a5200',
  'beetle_vb',
  'cap32',
  'crocods',
  'desmume',
  'desmume2015',
  'dosbox_pure',
  'fbalpha2012_cps1',
  'fbalpha2012_cps2',
  'fbneo',
  'fceumm',
  'fuse',
  'gambatte',
  'gearcoleco',
  'genesis_plus_gx',
  'handy',
  'mame2003',
  'mame2003_plus',
  'mednafen_ngp',
  'mednafen_pce',
  'mednafen_pcfx',
  'mednafen_psx_hw',
  'mednafen_wswan',
  'melonds',
  'mgba',
  'mupen64plus_next',
  'nestopia',
  'opera',
  'parallel_n64',
  'pcsx_rearmed',
  'picodrive',
  'ppsspp',
  'prboom',
  'prosystem',
  'puae',
  'same_cdi',
  'smsplus',
  'snes9x',
  'stella2014',
  'vice_x128',
  'vice_x64',
  'vice_x64sc',
  'vice_xpet',
  'vice_xplus4',
  'vice_xvic',
  'virtualjaguar',
  'yabause',
] as const;

/**
 * Platform slug → EmulatorJS cores; the first core is the default.
 *
 * Slugs are RomM's, spelling mistakes included (`commmodore-128`, `game-televisison`,
 * `game-boy-adavance-sp`): they are kept so that a library using them keeps working, even though
 * the platform catalog spells the two IGDB version keys correctly (`game-television`,
 * `game-boy-advance-sp`) and has no `commmodore-128`. `doom` is not a catalog slug either; it is
 * reached through the `doom`, `gzdoom` and `prboom` folders (see `resolvePlatformFolder`).
 *
 * Left out on purpose: the entries RomM only enables with the EmulatorJS *nightly* build (netplay
 * on) — `3ds` and `new-nintendo-3ds` → `azahar`, `intellivision` → `freeintv`, the extra
 * `genesis_plus_gx_wide` core on every Sega MD/MS/GG/CD slug and the extra `bsnes` core on every
 * SNES slug. RomShelf serves the stable 4.2.3 build, which has none of those cores.
 */
export const EMULATOR_CORES_BY_PLATFORM: Readonly<Record<string, readonly EmulatorCore[]>> =
  Object.freeze({
    // Arcade
    arcade: ['mame2003', 'mame2003_plus', 'fbneo', 'fbalpha2012_cps1', 'fbalpha2012_cps2'],
    neogeoaes: ['fbneo'],
    neogeomvs: ['fbneo'],
    // 3DO, Amiga, Amstrad
    '3do': ['opera'],
    amiga: ['puae'],
    'amiga-cd32': ['puae'],
    acpc: ['cap32', 'crocods'],
    // Atari
    atari2600: ['stella2014'],
    'atari-2600-plus': ['stella2014'],
    atari5200: ['a5200'],
    atari7800: ['prosystem'],
    jaguar: ['virtualjaguar'],
    lynx: ['handy'],
    'atari-lynx-mkii': ['handy'],
    // Commodore
    c64: ['vice_x64sc', 'vice_x64'],
    'commodore-64c': ['vice_x64sc', 'vice_x64'],
    c128: ['vice_x128'],
    'commmodore-128': ['vice_x128'],
    'c-plus-4': ['vice_xplus4'],
    cpet: ['vice_xpet'],
    'vic-20': ['vice_xvic'],
    // Other micros and PC
    zxs: ['fuse'],
    colecovision: ['gearcoleco'],
    dos: ['dosbox_pure'],
    doom: ['prboom'],
    // Nintendo home consoles
    nes: ['fceumm', 'nestopia'],
    famicom: ['fceumm', 'nestopia'],
    fds: ['fceumm', 'nestopia'],
    'game-televisison': ['fceumm'],
    'new-style-nes': ['fceumm'],
    snes: ['snes9x'],
    sfam: ['snes9x'],
    'super-nintendo-original-european-version': ['snes9x'],
    'super-famicom-shvc-001': ['snes9x'],
    'super-famicom-jr-model-shvc-101': ['snes9x'],
    'new-style-super-nes-model-sns-101': ['snes9x'],
    n64: ['mupen64plus_next', 'parallel_n64'],
    'ique-player': ['mupen64plus_next'],
    // Nintendo handhelds
    nds: ['melonds', 'desmume', 'desmume2015'],
    'nintendo-ds-lite': ['melonds', 'desmume', 'desmume2015'],
    'nintendo-dsi': ['melonds', 'desmume', 'desmume2015'],
    'nintendo-dsi-xl': ['melonds', 'desmume', 'desmume2015'],
    gb: ['gambatte', 'mgba'],
    'game-boy-pocket': ['gambatte', 'mgba'],
    'game-boy-light': ['gambatte', 'mgba'],
    gbc: ['gambatte', 'mgba'],
    gba: ['mgba'],
    'game-boy-adavance-sp': ['mgba'],
    'game-boy-micro': ['mgba'],
    virtualboy: ['beetle_vb'],
    // Sega
    segacd: ['genesis_plus_gx', 'picodrive'],
    sega32: ['picodrive'],
    gamegear: ['genesis_plus_gx'],
    sms: ['genesis_plus_gx'],
    'sega-mark-iii': ['genesis_plus_gx'],
    'sega-game-box-9': ['genesis_plus_gx'],
    'master-system-super-compact': ['genesis_plus_gx'],
    'master-system-girl': ['genesis_plus_gx'],
    'sega-master-system-ii': ['genesis_plus_gx', 'smsplus'],
    genesis: ['genesis_plus_gx'],
    'sega-mega-drive-2-slash-genesis': ['genesis_plus_gx'],
    'sega-mega-jet': ['genesis_plus_gx'],
    'mega-pc': ['genesis_plus_gx'],
    'tera-drive': ['genesis_plus_gx'],
    'sega-nomad': ['genesis_plus_gx'],
    saturn: ['yabause'],
    // NEC
    tg16: ['mednafen_pce'],
    'turbografx-cd': ['mednafen_pce'],
    supergrafx: ['mednafen_pce'],
    'pc-fx': ['mednafen_pcfx'],
    // Sony
    psx: ['pcsx_rearmed', 'mednafen_psx_hw'],
    psp: ['ppsspp'],
    // Others
    'neo-geo-pocket': ['mednafen_ngp'],
    'neo-geo-pocket-color': ['mednafen_ngp'],
    wonderswan: ['mednafen_wswan'],
    'wonderswan-color': ['mednafen_wswan'],
    swancrystal: ['mednafen_wswan'],
    'philips-cd-i': ['same_cdi'],
  });

/**
 * Cores that only run with threads, i.e. with `SharedArrayBuffer`, which browsers expose only on
 * cross-origin isolated pages (COOP `same-origin` + COEP `require-corp`, in a secure context).
 * RomM also lists `azahar`, a nightly-only core left out of this map.
 */
export const SHARED_ARRAY_BUFFER_CORES: readonly EmulatorCore[] = Object.freeze([
  'dosbox_pure',
  'ppsspp',
]);

/** Platforms the Flash emulator (Ruffle) plays. */
export const RUFFLE_PLATFORMS: readonly string[] = Object.freeze(['flash', 'browser']);

/**
 * EmulatorJS's own system id for the cores whose name differs from it.
 *
 * `EJS_core` accepts a core name directly (RomM sets it to the chosen core, and RomShelf does the
 * same), so this table is not needed to boot a game. EmulatorJS derives a system id from the core
 * for its per-system defaults (controls, settings); this is that derivation as EmulatorJS 4.2.x's
 * system → cores table gives it (first system whose list holds the core). Cores absent from that
 * table (`cap32`, `crocods`, `fuse`, `prboom`, `same_cdi`, `vice_x64`) have no entry: their id is
 * the core name itself. `genesis_plus_gx`, `picodrive` and `smsplus` serve several Sega
 * systems; the entry is EmulatorJS's first match, and the per-platform control scheme (RomM's
 * segaMS / segaMD / segaGG / segaCD / sega32x / segaSaturn fix-ups) is the player's concern.
 */
export const EMULATORJS_SYSTEM_BY_CORE: Readonly<Partial<Record<EmulatorCore, string>>> =
  Object.freeze({
    a5200: 'atari5200',
    beetle_vb: 'vb',
    desmume: 'nds',
    desmume2015: 'nds',
    dosbox_pure: 'dos',
    fbalpha2012_cps1: 'arcade',
    fbalpha2012_cps2: 'arcade',
    fbneo: 'arcade',
    fceumm: 'nes',
    gambatte: 'gb',
    gearcoleco: 'coleco',
    genesis_plus_gx: 'segaMS',
    handy: 'lynx',
    mame2003: 'mame',
    mame2003_plus: 'mame',
    mednafen_ngp: 'ngp',
    mednafen_pce: 'pce',
    mednafen_pcfx: 'pcfx',
    mednafen_psx_hw: 'psx',
    mednafen_wswan: 'ws',
    melonds: 'nds',
    mgba: 'gba',
    mupen64plus_next: 'n64',
    nestopia: 'nes',
    opera: '3do',
    parallel_n64: 'n64',
    pcsx_rearmed: 'psx',
    picodrive: 'segaMS',
    ppsspp: 'psp',
    prosystem: 'atari7800',
    puae: 'amiga',
    smsplus: 'segaMS',
    snes9x: 'snes',
    stella2014: 'atari2600',
    vice_x128: 'c128',
    vice_x64sc: 'c64',
    vice_xpet: 'pet',
    vice_xplus4: 'plus4',
    vice_xvic: 'vic20',
    virtualjaguar: 'jaguar',
    yabause: 'segaSaturn',
  });

/** `config.yml` `system.versions` (PLATFORMS_VERSIONS): version folder → main platform slug. */
export type PlatformVersions = Readonly<Record<string, string>>;

function ownString(record: PlatformVersions | undefined, key: string): string | undefined {
  if (!record || !Object.hasOwn(record, key)) return undefined;
  const value = record[key];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The slug whose cores apply: a platform-version folder maps to its main slug (one level, like
 * RomM), then the result is lower-cased because slugs are lower-case.
 */
export function resolveEmulationSlug(slug: string, versions?: PlatformVersions): string {
  return (ownString(versions, slug) ?? slug).toLowerCase();
}

/** The EmulatorJS cores for a platform, default first; empty when none. */
export function getCoresForPlatform(
  slug: string,
  versions?: PlatformVersions,
): readonly EmulatorCore[] {
  const key = resolveEmulationSlug(slug, versions);
  return Object.hasOwn(EMULATOR_CORES_BY_PLATFORM, key)
    ? (EMULATOR_CORES_BY_PLATFORM[key] ?? [])
    : [];
}

/** The core a platform starts with when the user has not chosen one, or undefined. */
export function getDefaultCore(
  slug: string,
  versions?: PlatformVersions,
): EmulatorCore | undefined {
  return getCoresForPlatform(slug, versions)[0];
}

export function isEmulatorCore(value: string): value is EmulatorCore {
  return (EMULATOR_CORES as readonly string[]).includes(value);
}

/** The EmulatorJS system id of a core (see {@link EMULATORJS_SYSTEM_BY_CORE}); the core itself otherwise. */
export function getEmulatorJsSystem(core: EmulatorCore): string {
  return EMULATORJS_SYSTEM_BY_CORE[core] ?? core;
}

export interface EmulatorOfferInput {
  readonly platformSlug: string;
  readonly versions?: PlatformVersions;
  /** `DISABLE_EMULATOR_JS` from the server. */
  readonly disableEmulatorJs: boolean;
  /** Whether the browser gives a WebGL context. */
  readonly webglAvailable: boolean;
}

/** SPEC §5: non-empty core list, WebGL available and EmulatorJS not disabled. */
export function isEmulatorOffered(input: EmulatorOfferInput): boolean {
  return (
    !input.disableEmulatorJs &&
    input.webglAvailable &&
    getCoresForPlatform(input.platformSlug, input.versions).length > 0
  );
}

/** SPEC §5: dosbox_pure and ppsspp need `SharedArrayBuffer` (threads). */
export function coreNeedsSharedArrayBuffer(core: string): boolean {
  return (SHARED_ARRAY_BUFFER_CORES as readonly string[]).includes(core);
}

export function isRufflePlatform(platformSlug: string): boolean {
  return RUFFLE_PLATFORMS.includes(platformSlug.toLowerCase());
}

export interface RuffleOfferInput {
  readonly platformSlug: string;
  /** `DISABLE_RUFFLE_RS` from the server. */
  readonly disableRuffle: boolean;
}

/** SPEC §5: the Flash emulator is offered for `flash` and `browser` unless disabled. */
export function isRuffleOffered(input: RuffleOfferInput): boolean {
  return !input.disableRuffle && isRufflePlatform(input.platformSlug);
}

export interface CiaCandidate {
  readonly fs_extension: string | null | undefined;
  readonly files?: readonly { readonly file_name: string }[] | null;
}

/**
 * SPEC §5: a 3DS ROM counts as a CIA one when its extension, or any of its files' names, ends in
 * `.cia` (case-insensitive). The extension is accepted with or without its leading dot.
 */
export function is3dsCia(rom: CiaCandidate): boolean {
  const extension = (rom.fs_extension ?? '').toLowerCase();
  if (extension === 'cia' || extension.endsWith('.cia')) return true;
  return (rom.files ?? []).some((file) => file.file_name.toLowerCase().endsWith('.cia'));
}

/** Why a game has no Play button; the UI turns each code into a message. */
export type NotPlayableReason =
  'no_core' | 'no_webgl' | 'disabled' | 'needs_shared_array_buffer' | 'missing_from_fs';

export interface PlayabilityInput {
  readonly platformSlug: string;
  readonly versions?: PlatformVersions;
  readonly disableEmulatorJs: boolean;
  /** `DISABLE_RUFFLE_RS`; only matters for Ruffle platforms. Defaults to false. */
  readonly disableRuffle?: boolean;
  readonly webglAvailable: boolean;
  /**
   * Whether the player page can get `SharedArrayBuffer` (cross-origin isolation is possible only
   * in a secure context: HTTPS or localhost). Omit it when unknown: it is then not checked.
   */
  readonly sharedArrayBufferAvailable?: boolean;
  /** The core the user picked; defaults to the platform's first core. */
  readonly core?: string;
  /** The ROM's `missing_from_fs`. */
  readonly missingFromFs?: boolean;
}

/**
 * Why the game cannot be played in the browser, or null when it can.
 *
 * Ruffle platforms (`flash`, `browser`) only check `disableRuffle` and the file (Ruffle falls back
 * to a non-WebGL renderer). Otherwise the checks run from the most permanent reason to the most
 * local one: no core for the platform, EmulatorJS disabled by the administrator, no WebGL, the
 * chosen core needs `SharedArrayBuffer` the page cannot have, the file is missing on disk. A
 * `core` that is not one of the platform's cores falls back to the default, like the player does.
 */
export function whyNotPlayable(input: PlayabilityInput): NotPlayableReason | null {
  if (isRufflePlatform(input.platformSlug)) {
    if (input.disableRuffle === true) return 'disabled';
    return input.missingFromFs === true ? 'missing_from_fs' : null;
  }
  const cores = getCoresForPlatform(input.platformSlug, input.versions);
  const defaultCore = cores[0];
  if (defaultCore === undefined) return 'no_core';
  if (input.disableEmulatorJs) return 'disabled';
  if (!input.webglAvailable) return 'no_webgl';
  const core =
    input.core !== undefined && (cores as readonly string[]).includes(input.core)
      ? input.core
      : defaultCore;
  if (input.sharedArrayBufferAvailable === false && coreNeedsSharedArrayBuffer(core)) {
    return 'needs_shared_array_buffer';
  }
  if (input.missingFromFs === true) return 'missing_from_fs';
  return null;
}

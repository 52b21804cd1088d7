import type { EmulatorCore } from '@romshelf/contract';
import { EMULATOR_CORES_BY_PLATFORM } from '@romshelf/contract';

/**
 * RetroArch cores by the library name RetroArch names their "sort by core" folder after, with the
 * EmulatorJS core of the same emulator (`same`) or of the same platforms (`sibling`): a sibling
 * tells the platform, never that the browser can load the core's states.
 */
const CORES_BY_LIBRARY_NAME: Readonly<Record<string, { core: EmulatorCore; same: boolean }>> =
  Object.freeze({
    fceumm: { core: 'fceumm', same: true },
    nestopia: { core: 'nestopia', same: true },
    quicknes: { core: 'fceumm', same: false },
    mesen: { core: 'fceumm', same: false },
    snes9x: { core: 'snes9x', same: true },
    bsnes: { core: 'snes9x', same: false },
    'mesen-s': { core: 'snes9x', same: false },
    mgba: { core: 'mgba', same: true },
    gpsp: { core: 'mgba', same: false },
    'vba-m': { core: 'mgba', same: false },
    gambatte: { core: 'gambatte', same: true },
    sameboy: { core: 'gambatte', same: false },
    gearboy: { core: 'gambatte', same: false },
    'genesis plus gx': { core: 'genesis_plus_gx', same: true },
    picodrive: { core: 'picodrive', same: true },
    blastem: { core: 'genesis_plus_gx', same: false },
    'mupen64plus-next': { core: 'mupen64plus_next', same: true },
    'parallel n64': { core: 'parallel_n64', same: true },
    melonds: { core: 'melonds', same: true },
    'melonds ds': { core: 'melonds', same: false },
    desmume: { core: 'desmume', same: true },
    'pcsx-rearmed': { core: 'pcsx_rearmed', same: true },
    'beetle psx hw': { core: 'mednafen_psx_hw', same: true },
    'beetle psx': { core: 'mednafen_psx_hw', same: false },
    swanstation: { core: 'pcsx_rearmed', same: false },
    'beetle pce': { core: 'mednafen_pce', same: true },
    'beetle pce fast': { core: 'mednafen_pce', same: false },
    'beetle pc-fx': { core: 'mednafen_pcfx', same: true },
    'beetle neopop': { core: 'mednafen_ngp', same: true },
    'beetle wonderswan': { core: 'mednafen_wswan', same: true },
    'beetle vb': { core: 'beetle_vb', same: true },
    handy: { core: 'handy', same: true },
    'stella 2014': { core: 'stella2014', same: true },
    stella: { core: 'stella2014', same: false },
    prosystem: { core: 'prosystem', same: true },
    a5200: { core: 'a5200', same: true },
    'virtual jaguar': { core: 'virtualjaguar', same: true },
    yabause: { core: 'yabause', same: true },
    opera: { core: 'opera', same: true },
    ppsspp: { core: 'ppsspp', same: true },
    puae: { core: 'puae', same: true },
    'sms plus gx': { core: 'smsplus', same: true },
    gearcoleco: { core: 'gearcoleco', same: true },
    'finalburn neo': { core: 'fbneo', same: true },
    'mame 2003-plus': { core: 'mame2003_plus', same: true },
  });

/** The RetroArch core a folder names, or null when the folder is not a known core's. */
export interface RetroArchCore {
  /** The `emulator` to record: the EmulatorJS core when the same emulator, else the folder. */
  emulator: string;
  /** Platform slugs the core plays. */
  platformSlugs: ReadonlySet<string>;
}

export function retroArchCoreOf(folder: string): RetroArchCore | null {
  const name = folder.toLowerCase();
  if (!Object.hasOwn(CORES_BY_LIBRARY_NAME, name)) return null;
  const entry = CORES_BY_LIBRARY_NAME[name];
  if (entry === undefined) return null;
  const platformSlugs = new Set(
    Object.entries(EMULATOR_CORES_BY_PLATFORM)
      .filter(([, cores]) => cores.includes(entry.core))
      .map(([slug]) => slug),
  );
  return { emulator: entry.same ? entry.core : folder, platformSlugs };
}

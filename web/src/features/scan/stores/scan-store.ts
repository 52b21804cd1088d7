import type { ScanPlatformEvent, ScanRomEvent, ScanStats, ScanType } from '@romshelf/contract';
import { create } from 'zustand';

/** What the log keeps of a ROM found by the scan. */
export interface ScanLogRom {
  id: number;
  name: string | null;
  fs_name: string;
  fs_size_bytes: number;
  regions: string[];
  is_unidentified: boolean;
}

export interface ScanLogPlatform {
  id: number;
  name: string;
  slug: string;
  fs_slug: string;
  /** Every ROM written, in the order found (one found again is updated in place). */
  roms: ScanLogRom[];
  /** ROMs written (new or updated) on this platform, from the exact counters. */
  written: number;
  /** Counters' written ROMs when the platform started. */
  writtenBefore: number;
}

export type ScanStatus = 'idle' | 'starting' | 'running' | 'stopping' | 'done' | 'failed';

export interface ScanState {
  status: ScanStatus;
  type: ScanType | null;
  /** Platforms in the order the scan reached them. */
  platforms: ScanLogPlatform[];
  stats: ScanStats | null;
  error: string | null;
  /** Bumped when a scan ends (done or failed), so others can refresh what they show. */
  finishedCount: number;
  /** Whether the scan started here looks games up in metadata sources. */
  withMetadata: boolean;

  start: (type: ScanType, withMetadata?: boolean) => void;
  platformFound: (platform: ScanPlatformEvent) => void;
  romsFound: (roms: readonly ScanRomEvent[]) => void;
  statsUpdated: (stats: ScanStats) => void;
  done: (stats: ScanStats | null) => void;
  failed: (reason: string) => void;
  stopRequested: () => void;
  clear: () => void;
}

export function isScanActive(status: ScanStatus): boolean {
  return status === 'starting' || status === 'running' || status === 'stopping';
}

/** ROMs written so far by the scan, per its counters. */
function writtenOf(stats: ScanStats | null): number {
  return stats === null ? 0 : stats.new_roms + stats.updated_roms;
}

/** The platform in progress (the last one reached) with its written count from `stats`. */
function withCurrentCount(
  platforms: ScanLogPlatform[],
  stats: ScanStats | null,
): ScanLogPlatform[] {
  const current = platforms.at(-1);
  if (current === undefined || stats === null) return platforms;
  const written = Math.max(current.written, writtenOf(stats) - current.writtenBefore);
  return written === current.written
    ? platforms
    : [...platforms.slice(0, -1), { ...current, written }];
}

function logRom(rom: ScanRomEvent): ScanLogRom {
  return {
    id: rom.id,
    name: rom.name,
    fs_name: rom.fs_name,
    fs_size_bytes: rom.fs_size_bytes,
    regions: rom.regions,
    is_unidentified: rom.is_unidentified,
  };
}

/**
 * Where each ROM sits in a platform's list, per list: a ROM found again (identified after it was
 * written) is replaced where it is, without a search through a list of thousands.
 */
const positions = new WeakMap<readonly ScanLogRom[], Map<number, number>>();

function positionsOf(list: readonly ScanLogRom[]): Map<number, number> {
  let known = positions.get(list);
  if (known === undefined) {
    known = new Map(list.map((rom, index) => [rom.id, index]));
    positions.set(list, known);
  }
  return known;
}

/** The copy `next` of `previous` takes its positions over (the previous list is not read again). */
function carryPositions(previous: readonly ScanLogRom[], next: readonly ScanLogRom[]): void {
  positions.set(next, positionsOf(previous));
}

function putRom(list: ScanLogRom[], rom: ScanLogRom): void {
  const known = positionsOf(list);
  const at = known.get(rom.id);
  if (at === undefined) {
    known.set(rom.id, list.length);
    list.push(rom);
  } else list[at] = rom;
}

/** Progress events seen while idle mean a scan started elsewhere (another tab, a schedule). */
function running(status: ScanStatus): ScanStatus {
  return status === 'stopping' ? 'stopping' : 'running';
}

/**
 * The live scan log (reference §6 "scanning" store): platforms as the server reaches them, each
 * with the ROMs found, the latest counters and how the scan ended. It outlives the scan page,
 * so leaving and coming back keeps the log.
 */
export const useScanStore = create<ScanState>()((set, get) => ({
  status: 'idle',
  type: null,
  platforms: [],
  stats: null,
  error: null,
  finishedCount: 0,
  withMetadata: false,

  start: (type, withMetadata = false) =>
    set({ status: 'starting', type, withMetadata, platforms: [], stats: null, error: null }),

  platformFound: (platform) => {
    const state = get();
    const known = state.platforms.some((entry) => entry.id === platform.id);
    set({
      status: running(state.status),
      platforms: known
        ? state.platforms
        : [
            ...state.platforms,
            {
              id: platform.id,
              name: platform.display_name || platform.name,
              slug: platform.slug,
              fs_slug: platform.fs_slug,
              roms: [],
              written: 0,
              writtenBefore: writtenOf(state.stats),
            },
          ],
    });
  },

  romsFound: (roms) => {
    if (roms.length === 0) return;
    const state = get();
    const platforms = [...state.platforms];
    const copied = new Set<number>();
    for (const rom of roms) {
      let index = platforms.findIndex((entry) => entry.id === rom.platform_id);
      if (index === -1) {
        platforms.push({
          id: rom.platform_id,
          name: rom.platform_display_name,
          slug: rom.platform_slug,
          fs_slug: rom.platform_fs_slug,
          roms: [],
          written: 0,
          writtenBefore: writtenOf(state.stats),
        });
        index = platforms.length - 1;
      }
      const entry = platforms[index];
      if (!entry) continue;
      // One copy of a platform's list per batch, then ROMs are added to it in place.
      const list = copied.has(index) ? entry.roms : [...entry.roms];
      if (!copied.has(index)) {
        copied.add(index);
        carryPositions(entry.roms, list);
      }
      putRom(list, logRom(rom));
      platforms[index] = { ...entry, roms: list, written: Math.max(entry.written, list.length) };
    }
    set({ status: running(state.status), platforms });
  },

  statsUpdated: (stats) => {
    const state = get();
    set({
      status: running(state.status),
      stats,
      platforms: withCurrentCount(state.platforms, stats),
    });
  },

  done: (stats) =>
    set((state) => ({
      status: 'done',
      stats: stats ?? state.stats,
      platforms: withCurrentCount(state.platforms, stats ?? state.stats),
      finishedCount: state.finishedCount + 1,
    })),

  failed: (reason) =>
    set((state) => ({ status: 'failed', error: reason, finishedCount: state.finishedCount + 1 })),

  stopRequested: () => {
    if (isScanActive(get().status)) set({ status: 'stopping' });
  },

  clear: () => set({ status: 'idle', type: null, platforms: [], stats: null, error: null }),
}));

/** The fraction of ROMs scanned, or null while the total is unknown. */
export function scanProgress(stats: ScanStats | null): number | null {
  if (!stats || stats.total_roms <= 0) return null;
  return Math.min(1, stats.scanned_roms / stats.total_roms);
}

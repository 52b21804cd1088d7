import type { DetailedRom } from '@romshelf/contract';
import { create } from 'zustand';

/** The game being looked at (SPEC §3 "current ROM"); opening it again does not reload it. */
export interface RomState {
  current: DetailedRom | null;
  setCurrent: (rom: DetailedRom | null) => void;
}

export const useRomStore = create<RomState>()((set) => ({
  current: null,
  setCurrent: (rom) => set({ current: rom }),
}));

/** True when the page for `id` can show the current ROM without loading it. */
export function isCurrentRom(current: DetailedRom | null, id: string): current is DetailedRom {
  return current !== null && String(current.id) === id;
}

import type { LibraryConfig } from '@romshelf/contract';
import { create } from 'zustand';

export interface ConfigState {
  value: LibraryConfig | null;
  setConfig: (value: LibraryConfig) => void;
}

export const useConfigStore = create<ConfigState>()((set) => ({
  value: null,
  setConfig: (value) => set({ value }),
}));

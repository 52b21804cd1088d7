import type { Heartbeat } from '@romshelf/contract';
import { create } from 'zustand';

export interface HeartbeatState {
  value: Heartbeat | null;
  loaded: boolean;
  setHeartbeat: (value: Heartbeat) => void;
  /** After the first admin is created the wizard must stop showing, even before the next heartbeat. */
  markSetupDone: () => void;
}

export const useHeartbeatStore = create<HeartbeatState>()((set, get) => ({
  value: null,
  loaded: false,
  setHeartbeat: (value) => set({ value, loaded: true }),
  markSetupDone: () => {
    const value = get().value;
    if (value) set({ value: { ...value, SYSTEM: { ...value.SYSTEM, SHOW_SETUP_WIZARD: false } } });
  },
}));

export function selectShowSetupWizard(state: HeartbeatState): boolean {
  return state.value?.SYSTEM.SHOW_SETUP_WIZARD ?? false;
}

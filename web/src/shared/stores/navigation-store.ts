import { STORAGE_KEYS } from '@romshelf/contract';
import { create } from 'zustand';

import { navigateTo } from '@/lib/navigator';
import { readSetting, writeSetting } from '@/lib/stores/storage';

/** The five drawers of SPEC §2; at most one is open. */
export const DRAWERS = [
  'platforms',
  'collections',
  'settings',
  'platformInfo',
  'collectionInfo',
] as const;
export type DrawerName = (typeof DRAWERS)[number];

export interface NavigationState {
  activeDrawer: DrawerName | null;
  mainBarCollapsed: boolean;
  /** Opens a drawer (closing any other); toggling the open one closes it. */
  toggleDrawer: (drawer: DrawerName) => void;
  openDrawer: (drawer: DrawerName) => void;
  resetDrawers: () => void;
  setMainBarCollapsed: (collapsed: boolean) => void;
  toggleMainBar: () => void;
  loadFromStorage: () => void;
  goHome: () => void;
  goScan: () => void;
  goSearch: (searchTerm?: string) => void;
}

export function isDrawerOpen(
  state: Pick<NavigationState, 'activeDrawer'>,
  drawer: DrawerName,
): boolean {
  return state.activeDrawer === drawer;
}

export function searchPath(searchTerm?: string): string {
  const term = searchTerm?.trim() ?? '';
  return term ? `/search?${new URLSearchParams({ search_term: term }).toString()}` : '/search';
}

export const useNavigationStore = create<NavigationState>()((set, get) => ({
  activeDrawer: null,
  mainBarCollapsed: false,
  toggleDrawer: (drawer) => set({ activeDrawer: get().activeDrawer === drawer ? null : drawer }),
  openDrawer: (drawer) => set({ activeDrawer: drawer }),
  resetDrawers: () => set({ activeDrawer: null }),
  setMainBarCollapsed: (collapsed) => {
    writeSetting(STORAGE_KEYS.mainBarCollapsed, String(collapsed));
    set({ mainBarCollapsed: collapsed });
  },
  toggleMainBar: () => get().setMainBarCollapsed(!get().mainBarCollapsed),
  loadFromStorage: () =>
    set({ mainBarCollapsed: readSetting(STORAGE_KEYS.mainBarCollapsed) === 'true' }),
  goHome: () => {
    get().resetDrawers();
    navigateTo('/');
  },
  goScan: () => {
    get().resetDrawers();
    navigateTo('/scan');
  },
  goSearch: (searchTerm) => {
    get().resetDrawers();
    navigateTo(searchPath(searchTerm));
  },
}));

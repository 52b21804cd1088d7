import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { setNavigator } from '@/lib/navigator';
import {
  DRAWERS,
  isDrawerOpen,
  searchPath,
  useNavigationStore,
} from '@/shared/stores/navigation-store';

describe('navigation store', () => {
  const visited: string[] = [];

  beforeEach(() => {
    localStorage.clear();
    visited.length = 0;
    setNavigator((to) => visited.push(to));
    useNavigationStore.setState({ activeDrawer: null, mainBarCollapsed: false });
  });
  afterEach(() => setNavigator(null));

  it('has the five drawers of the spec', () => {
    expect(DRAWERS).toEqual([
      'platforms',
      'collections',
      'settings',
      'platformInfo',
      'collectionInfo',
    ]);
  });

  it('opens only one drawer at a time', () => {
    const store = useNavigationStore.getState();
    store.toggleDrawer('platforms');
    expect(useNavigationStore.getState().activeDrawer).toBe('platforms');
    store.toggleDrawer('collections');
    const state = useNavigationStore.getState();
    expect(DRAWERS.filter((drawer) => isDrawerOpen(state, drawer))).toEqual(['collections']);
    store.openDrawer('platformInfo');
    expect(DRAWERS.filter((drawer) => isDrawerOpen(useNavigationStore.getState(), drawer))).toEqual(
      ['platformInfo'],
    );
  });

  it('toggling the open drawer closes it', () => {
    useNavigationStore.getState().toggleDrawer('settings');
    useNavigationStore.getState().toggleDrawer('settings');
    expect(useNavigationStore.getState().activeDrawer).toBeNull();
  });

  it('goHome, goScan and goSearch reset the drawers and navigate', () => {
    const store = useNavigationStore.getState();
    store.toggleDrawer('platforms');
    store.goHome();
    expect(useNavigationStore.getState().activeDrawer).toBeNull();
    store.toggleDrawer('collectionInfo');
    store.goScan();
    expect(useNavigationStore.getState().activeDrawer).toBeNull();
    store.toggleDrawer('settings');
    store.goSearch('mario kart');
    expect(useNavigationStore.getState().activeDrawer).toBeNull();
    expect(visited).toEqual(['/', '/scan', '/search?search_term=mario+kart']);
  });

  it('builds the search path', () => {
    expect(searchPath()).toBe('/search');
    expect(searchPath('  ')).toBe('/search');
    expect(searchPath('zelda')).toBe('/search?search_term=zelda');
  });

  it('persists the main bar collapsed state in local settings', () => {
    useNavigationStore.getState().toggleMainBar();
    expect(useNavigationStore.getState().mainBarCollapsed).toBe(true);
    expect(localStorage.getItem('settings.mainBarCollapsed')).toBe('true');
    useNavigationStore.setState({ mainBarCollapsed: false });
    useNavigationStore.getState().loadFromStorage();
    expect(useNavigationStore.getState().mainBarCollapsed).toBe(true);
    useNavigationStore.getState().toggleMainBar();
    expect(localStorage.getItem('settings.mainBarCollapsed')).toBe('false');
  });
});

import { STORAGE_KEYS, THEME_PREFERENCE } from '@romshelf/contract';
import type { ThemePreference } from '@romshelf/contract';
import { create } from 'zustand';

import { readSetting, writeSetting } from './storage';

export type ThemeName = 'dark' | 'light';

export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

/** `settings.theme` as stored: "0" dark, "1" light, "2" auto; anything else (or nothing) means auto. */
export function parseThemePreference(stored: string | null): ThemePreference {
  if (stored === '0') return THEME_PREFERENCE.dark;
  if (stored === '1') return THEME_PREFERENCE.light;
  return THEME_PREFERENCE.auto;
}

/** The theme to paint: an explicit choice wins, auto follows the system. */
export function resolveTheme(preference: ThemePreference, systemPrefersDark: boolean): ThemeName {
  if (preference === THEME_PREFERENCE.dark) return 'dark';
  if (preference === THEME_PREFERENCE.light) return 'light';
  return systemPrefersDark ? 'dark' : 'light';
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_SCHEME_QUERY).matches;
}

export interface ThemeState {
  preference: ThemePreference;
  systemPrefersDark: boolean;
  theme: ThemeName;
  /** Chooses dark (0), light (1) or auto (2) and stores it under `settings.theme`. */
  setPreference: (preference: ThemePreference) => void;
  /** Reads `settings.theme` and the system preference (called once at start). */
  loadFromStorage: () => void;
  /** Follows a change of the system colour scheme. */
  setSystemPrefersDark: (dark: boolean) => void;
}

export const useThemeStore = create<ThemeState>()((set, get) => ({
  preference: THEME_PREFERENCE.auto,
  systemPrefersDark: true,
  theme: 'dark',
  setPreference: (preference) => {
    writeSetting(STORAGE_KEYS.theme, String(preference));
    set({ preference, theme: resolveTheme(preference, get().systemPrefersDark) });
  },
  loadFromStorage: () => {
    const preference = parseThemePreference(readSetting(STORAGE_KEYS.theme));
    const dark = systemPrefersDark();
    set({ preference, systemPrefersDark: dark, theme: resolveTheme(preference, dark) });
  },
  setSystemPrefersDark: (dark) =>
    set({ systemPrefersDark: dark, theme: resolveTheme(get().preference, dark) }),
}));

/**
 * Keeps the store in step with `prefers-color-scheme` while the page lives.
 * Returns the function that stops listening.
 */
export function watchSystemTheme(): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(DARK_SCHEME_QUERY);
  const onChange = (event: MediaQueryListEvent): void => {
    useThemeStore.getState().setSystemPrefersDark(event.matches);
  };
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

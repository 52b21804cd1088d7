import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { parseThemePreference, resolveTheme, useThemeStore, watchSystemTheme } from './theme-store';

/** A controllable `prefers-color-scheme: dark` media query. */
function installMatchMedia(initialDark: boolean) {
  let matches = initialDark;
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const matchMedia = (query: string) => ({
    get matches() {
      return query === '(prefers-color-scheme: dark)' ? matches : false;
    },
    media: query,
    addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
      listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
      listeners.delete(listener),
  });
  vi.stubGlobal('matchMedia', matchMedia);
  return {
    setDark(dark: boolean) {
      matches = dark;
      for (const listener of listeners) listener({ matches: dark } as MediaQueryListEvent);
    },
    listenerCount: () => listeners.size,
  };
}

describe('theme store', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('parses settings.theme: 0 dark, 1 light, 2 auto, anything else auto', () => {
    expect(parseThemePreference('0')).toBe(0);
    expect(parseThemePreference('1')).toBe(1);
    expect(parseThemePreference('2')).toBe(2);
    expect(parseThemePreference(null)).toBe(2);
    expect(parseThemePreference('dark')).toBe(2);
    expect(parseThemePreference('7')).toBe(2);
  });

  it('resolves an explicit choice regardless of the system, auto follows the system', () => {
    expect(resolveTheme(0, false)).toBe('dark');
    expect(resolveTheme(1, true)).toBe('light');
    expect(resolveTheme(2, true)).toBe('dark');
    expect(resolveTheme(2, false)).toBe('light');
  });

  it('on load 0 picks dark and 1 picks light even against the system', () => {
    installMatchMedia(false);
    localStorage.setItem('settings.theme', '0');
    useThemeStore.getState().loadFromStorage();
    expect(useThemeStore.getState().theme).toBe('dark');

    installMatchMedia(true);
    localStorage.setItem('settings.theme', '1');
    useThemeStore.getState().loadFromStorage();
    expect(useThemeStore.getState().theme).toBe('light');
  });

  it('on load auto, missing or invalid follow the system', () => {
    installMatchMedia(false);
    localStorage.setItem('settings.theme', '2');
    useThemeStore.getState().loadFromStorage();
    expect(useThemeStore.getState().theme).toBe('light');

    installMatchMedia(true);
    localStorage.removeItem('settings.theme');
    useThemeStore.getState().loadFromStorage();
    expect(useThemeStore.getState().theme).toBe('dark');

    installMatchMedia(false);
    localStorage.setItem('settings.theme', 'purple');
    useThemeStore.getState().loadFromStorage();
    expect(useThemeStore.getState().preference).toBe(2);
    expect(useThemeStore.getState().theme).toBe('light');
  });

  it('setPreference applies at once and stores the number', () => {
    installMatchMedia(true);
    useThemeStore.getState().loadFromStorage();
    useThemeStore.getState().setPreference(1);
    expect(useThemeStore.getState().theme).toBe('light');
    expect(localStorage.getItem('settings.theme')).toBe('1');
    useThemeStore.getState().setPreference(2);
    expect(useThemeStore.getState().theme).toBe('dark');
    expect(localStorage.getItem('settings.theme')).toBe('2');
  });

  it('switches live when the system preference changes while following it', () => {
    const media = installMatchMedia(true);
    localStorage.setItem('settings.theme', '2');
    useThemeStore.getState().loadFromStorage();
    const stop = watchSystemTheme();
    expect(useThemeStore.getState().theme).toBe('dark');
    media.setDark(false);
    expect(useThemeStore.getState().theme).toBe('light');
    media.setDark(true);
    expect(useThemeStore.getState().theme).toBe('dark');
    stop();
    expect(media.listenerCount()).toBe(0);
  });

  it('keeps an explicit choice when the system preference changes', () => {
    const media = installMatchMedia(true);
    localStorage.setItem('settings.theme', '0');
    useThemeStore.getState().loadFromStorage();
    const stop = watchSystemTheme();
    media.setDark(false);
    expect(useThemeStore.getState().theme).toBe('dark');
    stop();
  });
});

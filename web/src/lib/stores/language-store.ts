import { DEFAULT_LOCALE, isKnownLocale, LANGUAGES, STORAGE_KEYS } from '@romshelf/contract';
import type { LanguageOption } from '@romshelf/contract';
import { create } from 'zustand';

import { readSetting, writeSetting } from './storage';

/** The locale to start with: `settings.locale` when it names a known language, else the default. */
export function initialLocale(stored: string | null): string {
  return isKnownLocale(stored) ? stored : DEFAULT_LOCALE;
}

export interface LanguageState {
  languages: readonly LanguageOption[];
  defaultLanguage: string;
  selectedLanguage: string;
  /** Selects a known language and remembers it under `settings.locale`; unknown codes are ignored. */
  setLanguage: (locale: string) => void;
  resetLanguage: () => void;
  /** Applies the stored choice (called once at start). */
  loadFromStorage: () => void;
}

export const useLanguageStore = create<LanguageState>()((set, get) => ({
  languages: LANGUAGES,
  defaultLanguage: DEFAULT_LOCALE,
  selectedLanguage: DEFAULT_LOCALE,
  setLanguage: (locale) => {
    if (!isKnownLocale(locale)) return;
    writeSetting(STORAGE_KEYS.locale, locale);
    set({ selectedLanguage: locale });
  },
  resetLanguage: () => {
    const locale = get().defaultLanguage;
    writeSetting(STORAGE_KEYS.locale, locale);
    set({ selectedLanguage: locale });
  },
  loadFromStorage: () => set({ selectedLanguage: initialLocale(readSetting(STORAGE_KEYS.locale)) }),
}));

import { DEFAULT_LOCALE, I18N_NAMESPACES, LOCALE_CODES } from '@romshelf/contract';
import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

import { localesBackend } from './locales-backend';
import { useLanguageStore } from './stores/language-store';

/** `fr_FR` → `fr-FR`, the form `<html lang>` expects. */
export function htmlLang(locale: string): string {
  return locale.replace('_', '-');
}

/**
 * Marks the page with the UI language, and points the manifest link at that language's web app
 * manifest (web/scripts/web-manifest.ts), whose shortcut names are in the same language.
 */
function showLanguage(locale: string): void {
  document.documentElement.lang = htmlLang(locale);
  document
    .querySelector('link[rel="manifest"]')
    ?.setAttribute('href', `/manifests/${locale}.webmanifest`);
}

/**
 * Starts i18next with the language chosen in the language store, loading the twelve namespaces
 * as static files. Later store changes switch the language (the store persists `settings.locale`).
 */
export async function initI18n(): Promise<I18n> {
  const language = useLanguageStore.getState().selectedLanguage;
  await i18next
    .use(localesBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALE_CODES],
      // Our codes are `en_US` style; keep them whole instead of splitting on "-".
      load: 'currentOnly',
      ns: [...I18N_NAMESPACES],
      // All at once: i18next's default of ten leaves the last two for a second round trip.
      maxParallelReads: I18N_NAMESPACES.length,
      defaultNS: 'common',
      fallbackNS: 'common',
      interpolation: { escapeValue: false },
      showSupportNotice: false,
      returnNull: false,
      react: { useSuspense: false },
    });
  showLanguage(i18next.language);
  i18next.on('languageChanged', showLanguage);
  useLanguageStore.subscribe((state, previous) => {
    if (state.selectedLanguage !== previous.selectedLanguage) {
      void i18next.changeLanguage(state.selectedLanguage);
    }
  });
  return i18next;
}

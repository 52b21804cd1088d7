import { I18N_NAMESPACES } from '@romshelf/contract';
import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

import collection from '../../public/locales/en_US/collection.json';
import common from '../../public/locales/en_US/common.json';
import emptyStates from '../../public/locales/en_US/emptyStates.json';
import gallery from '../../public/locales/en_US/gallery.json';
import home from '../../public/locales/en_US/home.json';
import login from '../../public/locales/en_US/login.json';
import platform from '../../public/locales/en_US/platform.json';
import play from '../../public/locales/en_US/play.json';
import rom from '../../public/locales/en_US/rom.json';
import scan from '../../public/locales/en_US/scan.json';
import settings from '../../public/locales/en_US/settings.json';
import tokens from '../../public/locales/en_US/tokens.json';

export const EN_US = {
  collection,
  common,
  emptyStates,
  gallery,
  home,
  login,
  platform,
  play,
  rom,
  scan,
  settings,
  tokens,
};

const LOCALE_FILES = import.meta.glob<Record<string, unknown>>('../../public/locales/*/*.json', {
  eager: true,
  import: 'default',
});

function localeResources(locale: string): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    I18N_NAMESPACES.map((namespace) => [
      namespace,
      LOCALE_FILES[`../../public/locales/${locale}/${namespace}.json`] ?? {},
    ]),
  );
}

/** An in-memory i18next with the real en_US files (plus `locale`'s when given), for render tests. */
export async function createTestI18n(locale = 'en_US'): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: 'en_US',
    ns: [...I18N_NAMESPACES],
    defaultNS: 'common',
    resources: {
      en_US: EN_US,
      ...(locale === 'en_US' ? {} : { [locale]: localeResources(locale) }),
    },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
    react: { useSuspense: false },
  });
  return instance;
}

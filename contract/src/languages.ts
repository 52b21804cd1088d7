/** UI languages (SPEC §9): locale code and display name, sorted by display name. */
export const LANGUAGES = [
  { value: 'en_US', name: 'English (USA)' },
  { value: 'en_GB', name: 'English (United Kingdom)' },
  { value: 'fr_FR', name: 'French' },
  { value: 'de_DE', name: 'German' },
  { value: 'ru_RU', name: 'Russian' },
  { value: 'pt_BR', name: 'Portuguese (Brazil)' },
  { value: 'ro_RO', name: 'Romanian' },
  { value: 'es_ES', name: 'Spanish (Spain)' },
  { value: 'zh_CN', name: 'Simplified Chinese' },
  { value: 'zh_TW', name: 'Traditional Chinese (Taiwan)' },
  { value: 'ko_KR', name: 'Korean' },
  { value: 'ja_JP', name: 'Japanese' },
  { value: 'it_IT', name: 'Italian' },
  { value: 'pl_PL', name: 'Polish' },
]
  .slice()
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

export type LanguageOption = { value: string; name: string };

export const DEFAULT_LOCALE = 'en_US';

export const LOCALE_CODES: readonly string[] = LANGUAGES.map((language) => language.value);

export function isKnownLocale(value: unknown): value is string {
  return typeof value === 'string' && LOCALE_CODES.includes(value);
}

/**
 * The translation namespaces: each a file web/public/locales/<locale>/<namespace>.json, served
 * together as one file per language (`localeBundleUrl`).
 */
export const I18N_NAMESPACES = [
  'collection',
  'common',
  'console',
  'emptyStates',
  'gallery',
  'home',
  'login',
  'platform',
  'play',
  'rom',
  'scan',
  'settings',
  'tokens',
] as const;
export type I18nNamespace = (typeof I18N_NAMESPACES)[number];

/**
 * Where the web build serves a language's translations: every namespace in one JSON object keyed
 * by namespace, one request instead of one per namespace.
 */
export function localeBundleUrl(locale: string): string {
  return `/locales/${encodeURIComponent(locale)}.json`;
}

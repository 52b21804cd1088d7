import type { VersionLanguage, VersionRegion } from '@romshelf/contract';

import { uiLocale } from './format';

/** ROM-name regions as Unicode region codes (UN M49 numbers for the continents). */
const REGION_CODES: Record<VersionRegion, string> = {
  World: '001',
  USA: 'US',
  Europe: '150',
  Japan: 'JP',
  England: 'GB',
  Australia: 'AU',
  Canada: 'CA',
  France: 'FR',
  Germany: 'DE',
  Spain: 'ES',
  Italy: 'IT',
  Netherlands: 'NL',
  Sweden: 'SE',
  Korea: 'KR',
  China: 'CN',
  Taiwan: 'TW',
  'Hong Kong': 'HK',
  Asia: '142',
  Brazil: 'BR',
  Russia: 'RU',
};

/** A ROM-name region in the reader's language (the browser's own names of places). */
export function regionDisplayName(region: VersionRegion): string {
  return new Intl.DisplayNames([uiLocale()], { type: 'region' }).of(REGION_CODES[region]) ?? region;
}

/** A ROM-name language code (`En`) in the reader's language. */
export function languageDisplayName(language: VersionLanguage): string {
  return (
    new Intl.DisplayNames([uiLocale()], { type: 'language' }).of(language.toLowerCase()) ?? language
  );
}

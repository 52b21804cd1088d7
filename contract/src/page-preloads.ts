import { PAGE_SIZE } from './constants.js';
import { DEFAULT_LOCALE, localeBundleUrl } from './languages.js';
import { UI_SETTINGS_DEFAULTS } from './ui-settings.js';

/**
 * The answers a platform's gallery asks for first in a browser that remembers no sort or filter
 * for it, with the default interface settings: the platform list and the gallery's first page.
 * The server names them in the page's HTML (`<link rel="preload">`) so they are on their way
 * before the app's script has run, and the app asks for these very addresses, which the browser
 * then answers from those loads.
 */
export function platformGalleryPreloads(platformId: number): string[] {
  const page = new URLSearchParams({
    platform_id: String(platformId),
    limit: String(PAGE_SIZE),
    offset: '0',
    order_by: 'name',
    order_dir: 'asc',
    with_char_index: 'true',
    with_filter_values: 'false',
  });
  if (UI_SETTINGS_DEFAULTS.groupRoms) page.append('group_by_meta_id', 'true');
  return [`/api/roms?${page.toString()}`, '/api/platforms'];
}

/**
 * What the app loads before it shows any page of a signed-in visitor: the start-up answers and
 * the translations of the default language (always loaded: it is every language's fallback).
 */
export function signedInStartPreloads(): string[] {
  return ['/api/heartbeat', '/api/users/me', '/api/config', localeBundleUrl(DEFAULT_LOCALE)];
}

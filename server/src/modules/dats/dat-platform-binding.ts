import { PLATFORM_CATALOG } from '@romshelf/contract';

/** The fields of a library platform the binding compares. */
export interface BindablePlatform {
  id: number;
  slug: string;
  name: string;
  custom_name: string | null;
}

const normalised = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

let catalogKeys: Map<string, string> | null = null;

/** Catalogue names → slug: libretro's (No-Intro's own names), LaunchBox's, then ours. */
function catalogSlugByName(): Map<string, string> {
  if (catalogKeys !== null) return catalogKeys;
  const keys = new Map<string, string>();
  for (const field of ['libretro_slug', 'launchbox_name', 'name'] as const) {
    for (const entry of PLATFORM_CATALOG) {
      const value = entry[field];
      if (value === null) continue;
      const key = normalised(value);
      if (key !== '' && !keys.has(key)) keys.set(key, entry.slug);
    }
  }
  catalogKeys = keys;
  return keys;
}

/**
 * The names a header may call its platform, most specific first: without `(…)`/`[…]` tags,
 * then dropping trailing ` - ` parts ("Commodore Amiga - Games" → "Commodore Amiga"), each also
 * without the maker ("Nintendo - Game Boy Advance" → "Game Boy Advance").
 */
export function platformNamesOf(headerName: string): string[] {
  const parts = headerName
    .replace(/\([^)]*\)|\[[^\]]*\]/g, ' ')
    .split(' - ')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const names: string[] = [];
  for (let end = parts.length; end >= 1; end -= 1) {
    names.push(parts.slice(0, end).join(' - '));
    if (end >= 2) names.push(parts.slice(1, end).join(' - '));
  }
  return names.map(normalised).filter((name) => name !== '');
}

/**
 * The library platform a DAT's header name names (e.g. "Nintendo - Game Boy Advance" → the
 * `gba` platform): by the platform's own names first, then through the catalogue; null if none.
 */
export function platformForHeader(
  headerName: string,
  platforms: readonly BindablePlatform[],
): number | null {
  const catalog = catalogSlugByName();
  for (const name of platformNamesOf(headerName)) {
    const own = platforms.find(
      (platform) =>
        normalised(platform.name) === name ||
        (platform.custom_name !== null && normalised(platform.custom_name) === name),
    );
    if (own !== undefined) return own.id;
    const slug = catalog.get(name);
    const bySlug = slug === undefined ? undefined : platforms.find((item) => item.slug === slug);
    if (bySlug !== undefined) return bySlug.id;
  }
  return null;
}

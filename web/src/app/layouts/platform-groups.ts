import type { Platform, PlatformsGroupBy } from '@romshelf/contract';

export interface PlatformGroup {
  /** The shared value: a manufacturer, a generation number or a type; null for "unknown". */
  value: string | number | null;
  platforms: Platform[];
}

/**
 * Platforms in groups of the same manufacturer, generation or type (Settings → User interface),
 * each group keeping the given order. Groups are sorted by value; platforms the catalog knows
 * nothing about come last.
 */
export function groupPlatforms(
  platforms: readonly Platform[],
  by: PlatformsGroupBy,
): PlatformGroup[] {
  const groups = new Map<string | number | null, Platform[]>();
  for (const platform of platforms) {
    const raw = platform[by];
    const value = raw === '' ? null : raw;
    groups.set(value, [...(groups.get(value) ?? []), platform]);
  }
  return [...groups.entries()]
    .map(([value, members]) => ({ value, platforms: members }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) return a.value === null ? 1 : -1;
      if (typeof a.value === 'number' && typeof b.value === 'number') return a.value - b.value;
      return String(a.value).localeCompare(String(b.value));
    });
}

/** One achievement of a game, from `merged_ra_metadata.achievements`. */
export interface RaAchievement {
  key: string;
  title: string;
  description: string;
  points: number;
  badgeUrl: string | null;
  displayOrder: number;
}

/** A user's progress in one game, from `ra_progression.results`. */
export interface RaGameProgress {
  awarded: number;
  awardedHardcore: number;
  possible: number;
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The game's achievements in RetroAchievements' display order; `[]` when there are none. */
export function raAchievements(metadata: Record<string, unknown> | null): RaAchievement[] {
  const list = metadata?.achievements;
  if (!Array.isArray(list)) return [];
  return list
    .map((item: unknown, index) => {
      const entry = record(item);
      if (!entry) return null;
      const badge = text(entry.badge_url);
      return {
        key: typeof entry.ra_id === 'number' ? String(entry.ra_id) : `#${String(index)}`,
        title: text(entry.title),
        description: text(entry.description),
        points: count(entry.points),
        badgeUrl: badge === '' ? null : badge,
        displayOrder: count(entry.display_order),
      };
    })
    .filter((entry): entry is RaAchievement => entry !== null && entry.title !== '')
    .sort((a, b) => a.displayOrder - b.displayOrder);
}

/** The user's progress in the RetroAchievements game `raId`, or null when none is recorded. */
export function raGameProgress(
  progression: Record<string, unknown> | null,
  raId: number,
): RaGameProgress | null {
  const results = progression?.results;
  if (!Array.isArray(results)) return null;
  for (const item of results) {
    const game = record(item);
    if (game?.rom_ra_id !== raId) continue;
    return {
      awarded: count(game.num_awarded),
      awardedHardcore: count(game.num_awarded_hardcore),
      possible: count(game.max_possible),
    };
  }
  return null;
}

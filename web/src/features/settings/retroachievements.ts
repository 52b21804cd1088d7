/** A short view of `ra_progression` ({ total, results: [...] }) for the profile page. */
export interface RaSummary {
  games: number;
  awarded: number;
  possible: number;
  mastered: number;
  /** The most recent award, ISO text, or null. */
  lastAward: string | null;
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** Null when there is no progression yet; tolerant of missing fields. */
export function raSummary(progression: Record<string, unknown> | null): RaSummary | null {
  if (!progression) return null;
  const results = Array.isArray(progression.results) ? (progression.results as unknown[]) : [];
  const summary: RaSummary = { games: 0, awarded: 0, possible: 0, mastered: 0, lastAward: null };
  for (const item of results) {
    const game = record(item);
    if (!game) continue;
    summary.games += 1;
    summary.awarded += count(game.num_awarded);
    summary.possible += count(game.max_possible);
    if (game.highest_award_kind === 'mastered' || game.highest_award_kind === 'completed') {
      summary.mastered += 1;
    }
    const date = game.most_recent_awarded_date;
    if (typeof date === 'string' && (summary.lastAward === null || date > summary.lastAward)) {
      summary.lastAward = date;
    }
  }
  return summary;
}

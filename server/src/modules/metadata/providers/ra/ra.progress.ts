/** One game of a user's RetroAchievements progress, as stored in `ra_progression.results`. */
export interface RaGameProgress {
  rom_ra_id: number;
  title: string;
  console_name: string;
  max_possible: number;
  num_awarded: number;
  num_awarded_hardcore: number;
  most_recent_awarded_date: string | null;
  highest_award_kind: string | null;
}

export interface RaProgression {
  total: number;
  results: RaGameProgress[];
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

const num = (value: unknown) => (typeof value === 'number' ? value : Number(value) || 0);
const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** Maps one page of `API_GetUserCompletionProgress`: the total and the page's games. */
export function mapProgressPage(body: unknown): { total: number; games: RaGameProgress[] } {
  const page = asRecord(body);
  const rows = Array.isArray(page.Results) ? page.Results : [];
  return {
    total: num(page.Total),
    games: rows.map(asRecord).map((row) => ({
      rom_ra_id: num(row.GameID),
      title: text(row.Title) ?? '',
      console_name: text(row.ConsoleName) ?? '',
      max_possible: num(row.MaxPossible),
      num_awarded: num(row.NumAwarded),
      num_awarded_hardcore: num(row.NumAwardedHardcore),
      most_recent_awarded_date: text(row.MostRecentAwardedDate),
      highest_award_kind: text(row.HighestAwardKind),
    })),
  };
}

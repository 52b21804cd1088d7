import { HttpError } from '../../http/http-error.js';

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

const PAGE_SIZE = 500;
const MAX_PAGES = 20;

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

const num = (value: unknown) => (typeof value === 'number' ? value : Number(value) || 0);
const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** Reads a user's completion progress from the RetroAchievements Web API (paged by 500). */
export class RetroAchievementsClient {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
  ) {}

  async userProgress(raUsername: string): Promise<RaProgression> {
    const results: RaGameProgress[] = [];
    let total = 0;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const url = new URL('/API/API_GetUserCompletionProgress.php', this.baseUrl);
      url.search = new URLSearchParams({
        u: raUsername,
        c: String(PAGE_SIZE),
        o: String(page * PAGE_SIZE),
        y: this.apiKey,
      }).toString();
      let body: Record<string, unknown>;
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(20_000) });
        if (!response.ok) {
          throw new HttpError(502, `RetroAchievements answered HTTP ${response.status}`);
        }
        body = asRecord(await response.json());
      } catch (error) {
        if (error instanceof HttpError) throw error;
        throw new HttpError(502, 'RetroAchievements could not be reached');
      }
      total = num(body.Total);
      const rows = Array.isArray(body.Results) ? body.Results : [];
      for (const row of rows.map(asRecord)) {
        results.push({
          rom_ra_id: num(row.GameID),
          title: text(row.Title) ?? '',
          console_name: text(row.ConsoleName) ?? '',
          max_possible: num(row.MaxPossible),
          num_awarded: num(row.NumAwarded),
          num_awarded_hardcore: num(row.NumAwardedHardcore),
          most_recent_awarded_date: text(row.MostRecentAwardedDate),
          highest_award_kind: text(row.HighestAwardKind),
        });
      }
      if (rows.length < PAGE_SIZE || results.length >= total) break;
    }
    return { total, results };
  }
}

import type { FastifyBaseLogger } from 'fastify';

import { ProviderError, ProviderHttp, parseJson, redactUrl } from '../../provider-http.js';
import type { ProviderGame, ProviderPlatform } from '../provider.js';
import type { RaGameProgress, RaProgression } from './ra.progress.js';
import { mapProgressPage } from './ra.progress.js';
import {
  asArray,
  asInt,
  asString,
  dateToMs,
  emptyGame,
  field,
  uniqueStrings,
} from '../provider.js';

export interface RetroAchievementsOptions {
  baseUrl: string;
  mediaBaseUrl?: string;
  apiKey: string;
  timeoutMs: number;
  minIntervalMs?: number;
  backoffMs?: number;
  /** How long a console's hash library is kept in memory. */
  hashLibraryTtlMs?: number;
  log?: FastifyBaseLogger;
}

/** Maps `API_GetGameExtended` (an unknown id answers `[]`). */
export function mapRaGame(item: unknown, mediaBase: string): ProviderGame | null {
  const id = asInt(field(item, 'ID'));
  const name = asString(field(item, 'Title'));
  if (id === null || name === null) return null;
  const game = emptyGame('ra', id, name);
  const image = (key: string) => {
    const path = asString(field(item, key));
    return path === null ? null : `${mediaBase}${path}`;
  };
  game.urlCover = image('ImageBoxArt') ?? image('ImageTitle');
  game.urlScreenshots = uniqueStrings([image('ImageIngame'), image('ImageTitle')]);
  game.genres = uniqueStrings([asString(field(item, 'Genre'))]);
  game.companies = uniqueStrings([
    asString(field(item, 'Publisher')),
    asString(field(item, 'Developer')),
  ]);
  game.firstReleaseDate = dateToMs(asString(field(item, 'Released')));
  const consoleId = asInt(field(item, 'ConsoleID'));
  game.platformIds = consoleId === null ? null : [consoleId];
  const achievements = Object.values(
    (field(item, 'Achievements') ?? {}) as Record<string, unknown>,
  ).map((entry) => {
    const badge = asString(field(entry, 'BadgeName'));
    return {
      ra_id: asInt(field(entry, 'ID')),
      title: asString(field(entry, 'Title')),
      description: asString(field(entry, 'Description')),
      points: asInt(field(entry, 'Points')) ?? 0,
      num_awarded: asInt(field(entry, 'NumAwarded')) ?? 0,
      num_awarded_hardcore: asInt(field(entry, 'NumAwardedHardcore')) ?? 0,
      badge_id: badge,
      display_order: asInt(field(entry, 'DisplayOrder')) ?? 0,
      type: asString(field(entry, 'type')) ?? asString(field(entry, 'Type')),
      badge_url: badge === null ? null : `${mediaBase}/Badge/${badge}.png`,
      badge_url_lock: badge === null ? null : `${mediaBase}/Badge/${badge}_lock.png`,
    };
  });
  game.raw = {
    first_release_date: game.firstReleaseDate === null ? null : game.firstReleaseDate / 1000,
    genres: game.genres,
    companies: game.companies,
    achievements,
  };
  return game;
}

/** Games per page of a user's progress, and pages read at most. */
const PROGRESS_PAGE_SIZE = 500;
const PROGRESS_MAX_PAGES = 20;

/**
 * RetroAchievements Web API (§4), one client (and one rate limit) for the key: hash lookups
 * through each console's hash library (`API_GetGameList&h=1`, kept in memory), details through
 * `API_GetGameExtended`, and users' completion progress.
 */
export class RetroAchievementsClient {
  readonly source = 'ra' as const;
  private readonly http: ProviderHttp;
  private readonly libraries = new Map<
    number,
    { at: number; hashes: Promise<Map<string, number>> }
  >();

  constructor(private readonly options: RetroAchievementsOptions) {
    this.http = new ProviderHttp({
      source: 'ra',
      minIntervalMs: options.minIntervalMs ?? 250,
      timeoutMs: options.timeoutMs,
      retries: 1,
      backoffMs: options.backoffMs ?? 2000,
      log: options.log,
    });
  }

  private get mediaBase(): string {
    return this.options.mediaBaseUrl ?? this.options.baseUrl;
  }

  private url(endpoint: string, params: Record<string, string>): URL {
    const url = new URL(`${this.options.baseUrl}/API/${endpoint}`);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    url.searchParams.set('y', this.options.apiKey);
    return url;
  }

  private async api(endpoint: string, params: Record<string, string>): Promise<unknown> {
    const url = this.url(endpoint, params);
    const response = await this.http.request(url);
    if (response.status !== 200) {
      throw new ProviderError('ra', response.status, `${redactUrl(url)} HTTP ${response.status}`);
    }
    return parseJson('ra', url, response.text());
  }

  /** Whether the Web API accepts the key (heartbeat). */
  async heartbeat(): Promise<boolean> {
    await this.api('API_GetAchievementOfTheWeek.php', {});
    return true;
  }

  supports(platform: ProviderPlatform): boolean {
    return platform.raId !== null;
  }

  async byId(id: number): Promise<ProviderGame | null> {
    return mapRaGame(await this.api('API_GetGameExtended.php', { i: String(id) }), this.mediaBase);
  }

  private hashLibrary(consoleId: number): Promise<Map<string, number>> {
    const ttl = this.options.hashLibraryTtlMs ?? 3_600_000;
    const cached = this.libraries.get(consoleId);
    if (cached !== undefined && Date.now() - cached.at < ttl) return cached.hashes;
    const hashes = this.api('API_GetGameList.php', { i: String(consoleId), h: '1' }).then(
      (list) => {
        const map = new Map<string, number>();
        for (const game of asArray(list)) {
          const id = asInt(field(game, 'ID'));
          if (id === null) continue;
          for (const hash of asArray(field(game, 'Hashes'))) {
            if (typeof hash === 'string') map.set(hash.toLowerCase(), id);
          }
        }
        return map;
      },
    );
    this.libraries.set(consoleId, { at: Date.now(), hashes });
    hashes.catch(() => this.libraries.delete(consoleId));
    return hashes;
  }

  /** The RA game id of a ROM hash on a console, or null. */
  async idForHash(consoleId: number, hash: string): Promise<number | null> {
    return (await this.hashLibrary(consoleId)).get(hash.toLowerCase()) ?? null;
  }

  /**
   * A user's completion progress (`API_GetUserCompletionProgress`, paged by 500). Throws a
   * ProviderError with the status when RetroAchievements answers an error, without when it
   * cannot be reached or answers something else than JSON.
   */
  async userProgress(raUsername: string): Promise<RaProgression> {
    const results: RaGameProgress[] = [];
    let total = 0;
    for (let page = 0; page < PROGRESS_MAX_PAGES; page += 1) {
      const url = this.url('API_GetUserCompletionProgress.php', {
        u: raUsername,
        c: String(PROGRESS_PAGE_SIZE),
        o: String(page * PROGRESS_PAGE_SIZE),
      });
      const { total: pageTotal, games } = mapProgressPage(await this.http.json(url));
      total = pageTotal;
      results.push(...games);
      if (games.length < PROGRESS_PAGE_SIZE || results.length >= total) break;
    }
    return { total, results };
  }
}

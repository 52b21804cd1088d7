import type { FastifyBaseLogger } from 'fastify';

import { MATCH_THRESHOLDS, foldAccents, searchTermFor } from '../../matcher.js';
import { ProviderError, ProviderHttp, parseJson, redactUrl } from '../../provider-http.js';
import type { NameProvider, ProviderGame, ProviderPlatform } from '../provider.js';
import { asArray, field } from '../provider.js';
import { mapMobyGame } from './moby.mapper.js';

export interface MobyOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  minIntervalMs?: number;
  backoffMs?: number;
  log?: FastifyBaseLogger;
}

/** MobyGames v1 (§3): `api_key` query parameter, about one request per second. */
export class MobyGamesClient implements NameProvider {
  readonly source = 'moby' as const;
  readonly threshold = MATCH_THRESHOLDS.moby;
  private readonly http: ProviderHttp;

  constructor(private readonly options: MobyOptions) {
    this.http = new ProviderHttp({
      source: 'moby',
      minIntervalMs: options.minIntervalMs ?? 1000,
      timeoutMs: options.timeoutMs,
      retries: 1,
      maxConcurrent: 1,
      backoffMs: options.backoffMs ?? 2000,
      log: options.log,
    });
  }

  supports(platform: ProviderPlatform): boolean {
    return platform.mobyId !== null;
  }

  termFor(nameNoTags: string): string {
    return searchTermFor('moby', nameNoTags);
  }

  private async games(params: Record<string, string>): Promise<unknown[]> {
    const url = new URL(`${this.options.baseUrl}/games`);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    url.searchParams.set('format', 'normal');
    url.searchParams.set('api_key', this.options.apiKey);
    const response = await this.http.request(url);
    if (response.status !== 200) {
      throw new ProviderError('moby', response.status, `${redactUrl(url)} HTTP ${response.status}`);
    }
    return asArray(field(parseJson('moby', url, response.text()), 'games'));
  }

  /** Whether MobyGames accepts the key (heartbeat). */
  async heartbeat(): Promise<boolean> {
    const url = new URL(`${this.options.baseUrl}/groups`);
    url.searchParams.set('limit', '1');
    url.searchParams.set('api_key', this.options.apiKey);
    return (await this.http.request(url)).status === 200;
  }

  async byId(id: number): Promise<ProviderGame | null> {
    const [game] = await this.games({ id: String(id) });
    return game === undefined ? null : mapMobyGame(game);
  }

  async search(term: string, platform: ProviderPlatform, wide: boolean): Promise<ProviderGame[]> {
    if (platform.mobyId === null || wide || term.trim() === '') return [];
    const items = await this.games({ platform: String(platform.mobyId), title: foldAccents(term) });
    return items
      .map((item) => mapMobyGame(item))
      .filter((game): game is ProviderGame => game !== null)
      .filter(
        (game) => game.platformIds === null || game.platformIds.includes(platform.mobyId ?? -1),
      );
  }
}

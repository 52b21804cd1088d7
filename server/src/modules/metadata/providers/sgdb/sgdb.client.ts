import type { FastifyBaseLogger } from 'fastify';

import { ProviderError, ProviderHttp, parseJson, redactUrl } from '../../provider-http.js';
import { asArray, asInt, asNumber, asString, field } from '../provider.js';

export interface SteamGridDbOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  minIntervalMs?: number;
  backoffMs?: number;
  log?: FastifyBaseLogger;
}

export interface SgdbGame {
  id: number;
  name: string;
}

export interface SgdbGrid {
  url: string;
  thumb: string;
  width: number;
  height: number;
  style: string;
  author: string;
  score: number;
  mime: string;
}

const COVER_DIMENSIONS = '600x900,342x482,660x930,512x512,1024x1024';

/** SteamGridDB v2 (§6): autocomplete search and grids (covers). */
export class SteamGridDbClient {
  readonly source = 'sgdb' as const;
  private readonly http: ProviderHttp;

  constructor(private readonly options: SteamGridDbOptions) {
    this.http = new ProviderHttp({
      source: 'sgdb',
      minIntervalMs: options.minIntervalMs ?? 100,
      timeoutMs: options.timeoutMs,
      retries: 1,
      backoffMs: options.backoffMs ?? 1000,
      log: options.log,
    });
  }

  private async get(path: string, params: Record<string, string> = {}): Promise<unknown> {
    const url = new URL(`${this.options.baseUrl}${path}`);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    const response = await this.http.request(url, {
      headers: { Authorization: `Bearer ${this.options.apiKey}` },
    });
    if (response.status === 404) return null;
    if (response.status !== 200) {
      throw new ProviderError('sgdb', response.status, `${redactUrl(url)} HTTP ${response.status}`);
    }
    return parseJson('sgdb', url, response.text());
  }

  /** Whether SteamGridDB accepts the key (heartbeat). */
  async heartbeat(): Promise<boolean> {
    return (await this.get('/games/id/1')) !== null;
  }

  async autocomplete(term: string): Promise<SgdbGame[]> {
    const body = await this.get(`/search/autocomplete/${encodeURIComponent(term)}`);
    return asArray(field(body, 'data'))
      .map((item) => ({ id: asInt(field(item, 'id')), name: asString(field(item, 'name')) }))
      .filter((game): game is SgdbGame => game.id !== null && game.name !== null);
  }

  /** Cover grids of a game, DMCA-locked ones dropped. `any` includes animated/nsfw/humor. */
  async grids(gameId: number, any = false): Promise<SgdbGrid[]> {
    const grids: SgdbGrid[] = [];
    for (let page = 0; page < 5; page += 1) {
      const body = await this.get(`/grids/game/${gameId}`, {
        dimensions: COVER_DIMENSIONS,
        types: any ? 'static,animated' : 'static',
        nsfw: any ? 'any' : 'false',
        humor: any ? 'any' : 'false',
        epilepsy: any ? 'any' : 'false',
        limit: '50',
        page: String(page),
      });
      const data = asArray(field(body, 'data'));
      for (const grid of data) {
        if (field(grid, 'lock') === true) continue;
        const url = asString(field(grid, 'url'));
        if (url === null) continue;
        grids.push({
          url,
          thumb: asString(field(grid, 'thumb')) ?? url,
          width: asNumber(field(grid, 'width')) ?? 0,
          height: asNumber(field(grid, 'height')) ?? 0,
          style: asString(field(grid, 'style')) ?? '',
          author: asString(field(field(grid, 'author'), 'name')) ?? '',
          score: asNumber(field(grid, 'score')) ?? 0,
          mime: asString(field(grid, 'mime')) ?? '',
        });
      }
      const total = asNumber(field(body, 'total')) ?? 0;
      if (data.length < 50 || (page + 1) * 50 >= total) break;
    }
    return grids;
  }
}

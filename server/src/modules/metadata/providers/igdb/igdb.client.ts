import type { FastifyBaseLogger } from 'fastify';

import { MATCH_THRESHOLDS, foldAccents, searchTermFor } from '../../matcher.js';
import { ProviderError, ProviderHttp, parseJson, redactUrl } from '../../provider-http.js';
import type { NameProvider, ProviderGame, ProviderPlatform } from '../provider.js';
import { asArray, asInt, asNumber, asString, field } from '../provider.js';
import { mapIgdbGame } from './igdb.mapper.js';

export const IGDB_GAME_FIELDS = [
  'id',
  'name',
  'slug',
  'summary',
  'total_rating',
  'aggregated_rating',
  'first_release_date',
  'artworks.url',
  'cover.url',
  'screenshots.url',
  'platforms.id',
  'platforms.name',
  'alternative_names.name',
  'genres.name',
  'franchise.name',
  'franchises.name',
  'collections.name',
  'game_modes.name',
  'involved_companies.company.name',
  'age_ratings.rating_category',
  'videos.video_id',
  'game_localizations.id',
  'game_localizations.name',
  'game_localizations.cover.url',
  'game_localizations.region.identifier',
  'game_localizations.region.category',
].join(',');

/** Main game, port, remake, remaster, standalone expansion, expanded game. */
const GAME_TYPES = '(10,0,11,8,9,4)';

export interface IgdbOptions {
  baseUrl: string;
  oauthUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
  minIntervalMs?: number;
  backoffMs?: number;
  log?: FastifyBaseLogger;
}

function quote(term: string): string {
  return foldAccents(term).replace(/["\\]/g, ' ').trim();
}

/** IGDB v4 with a Twitch client-credentials token, cached and renewed (§1). */
export class IgdbClient implements NameProvider {
  readonly source = 'igdb' as const;
  readonly threshold = MATCH_THRESHOLDS.igdb;
  private readonly http: ProviderHttp;
  private token: { value: string; expiresAt: number } | null = null;

  constructor(private readonly options: IgdbOptions) {
    this.http = new ProviderHttp({
      source: 'igdb',
      minIntervalMs: options.minIntervalMs ?? 250,
      timeoutMs: options.timeoutMs,
      retries: 2,
      maxConcurrent: 8,
      backoffMs: options.backoffMs ?? 500,
      log: options.log,
    });
  }

  supports(platform: ProviderPlatform): boolean {
    return platform.igdbIds.length > 0;
  }

  termFor(nameNoTags: string): string {
    return searchTermFor('igdb', nameNoTags);
  }

  private async accessToken(force = false): Promise<string> {
    if (!force && this.token !== null && this.token.expiresAt > Date.now()) return this.token.value;
    const url = new URL(this.options.oauthUrl);
    url.searchParams.set('client_id', this.options.clientId);
    url.searchParams.set('client_secret', this.options.clientSecret);
    url.searchParams.set('grant_type', 'client_credentials');
    const response = await this.http.request(url, { method: 'POST' });
    if (response.status !== 200) {
      throw new ProviderError('igdb', response.status, `token refused (HTTP ${response.status})`);
    }
    const body = parseJson('igdb', redactUrl(url), response.text());
    const value = asString(field(body, 'access_token'));
    const expiresIn = asNumber(field(body, 'expires_in')) ?? 3600;
    if (value === null) throw new ProviderError('igdb', 200, 'token reply without access_token');
    this.token = { value, expiresAt: Date.now() + Math.max(expiresIn - 10, 1) * 1000 };
    return value;
  }

  /** POSTs an Apicalypse query; a 401 renews the token and retries once. */
  async query(endpoint: 'games' | 'search', body: string): Promise<unknown[]> {
    const url = `${this.options.baseUrl}/${endpoint}`;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const token = await this.accessToken(attempt > 0);
      const response = await this.http.request(url, {
        method: 'POST',
        headers: {
          'Client-ID': this.options.clientId,
          Authorization: `Bearer ${token}`,
          Accept: 'application/json',
          'Content-Type': 'text/plain',
          'User-Agent': 'RomShelf',
        },
        body,
      });
      if (response.status === 401 && attempt === 0) continue;
      if (response.status !== 200) {
        throw new ProviderError('igdb', response.status, `${url} HTTP ${response.status}`);
      }
      const parsed: unknown = parseJson('igdb', url, response.text());
      if (!Array.isArray(parsed))
        throw new ProviderError('igdb', 200, `${url} reply is not a list`);
      return parsed as unknown[];
    }
    throw new ProviderError('igdb', 401, 'unauthorised after a token renewal');
  }

  /** Whether IGDB answers a minimal query (heartbeat). */
  async heartbeat(): Promise<boolean> {
    return Array.isArray(await this.query('games', 'fields id; limit 1;'));
  }

  private platformClause(platform: ProviderPlatform, prefix = ''): string {
    const parts = platform.igdbIds.map((id) => `${prefix}platforms=[${id}]`);
    return parts.length === 1 ? (parts[0] ?? '') : `(${parts.join(' | ')})`;
  }

  private map(items: unknown[], platform: ProviderPlatform): ProviderGame[] {
    return items
      .map((item) => mapIgdbGame(item))
      .filter((game): game is ProviderGame => game !== null)
      .filter(
        (game) =>
          game.platformIds === null || game.platformIds.some((id) => platform.igdbIds.includes(id)),
      );
  }

  async byId(id: number): Promise<ProviderGame | null> {
    const items = await this.query('games', `fields ${IGDB_GAME_FIELDS}; where id=${id}; limit 1;`);
    const game = items.map((item) => mapIgdbGame(item)).find((g) => g !== null) ?? null;
    return game;
  }

  async search(term: string, platform: ProviderPlatform, wide: boolean): Promise<ProviderGame[]> {
    if (!this.supports(platform)) return [];
    const text = quote(term);
    if (text === '') return [];
    const where = this.platformClause(platform);
    if (!wide) {
      const items = await this.query(
        'games',
        `search "${text}"; fields ${IGDB_GAME_FIELDS}; where ${where} & game_type=${GAME_TYPES}; limit 200;`,
      );
      return this.map(items, platform);
    }
    const [games, hits] = await Promise.all([
      this.query(
        'games',
        `search "${text}"; fields ${IGDB_GAME_FIELDS}; where ${where}; limit 200;`,
      ),
      this.query(
        'search',
        `fields game.id,name; where ${this.platformClause(platform, 'game.')} & (name ~ *"${text}"* | alternative_name ~ *"${text}"*); limit 200;`,
      ),
    ]);
    const known = new Set(games.map((item) => asInt(field(item, 'id'))));
    const extra = [
      ...new Set(
        asArray(hits)
          .map((hit) => asInt(field(field(hit, 'game'), 'id')))
          .filter((id): id is number => id !== null && !known.has(id)),
      ),
    ];
    const more =
      extra.length === 0
        ? []
        : await this.query(
            'games',
            `fields ${IGDB_GAME_FIELDS}; where ${extra.map((id) => `id=${id}`).join(' | ')}; limit 200;`,
          );
    return this.map([...games, ...more], platform);
  }
}

import type { FastifyBaseLogger } from 'fastify';

import { MATCH_THRESHOLDS, searchTermFor } from '../../matcher.js';
import { ProviderError, ProviderHttp, redactUrl } from '../../provider-http.js';
import type { NameProvider, ProviderGame, ProviderPlatform, RomLookup } from '../provider.js';
import { asArray, field } from '../provider.js';
import { mapSsGame } from './ss.mapper.js';

export interface ScreenScraperOptions {
  baseUrl: string;
  user: string;
  password: string;
  devId: string | null;
  devPassword: string | null;
  timeoutMs: number;
  minIntervalMs?: number;
  backoffMs?: number;
  log?: FastifyBaseLogger;
}

/** Statuses after which ScreenScraper is switched off until the next scan (§2 errors). */
const BREAKER_STATUSES = new Set([403, 423, 426, 430, 431]);

/**
 * ScreenScraper api2 (§2). Errors arrive as plain text (often Latin-1) even under a JSON
 * content type; `Erreur de login` in a 200 body means refused credentials. Refused
 * credentials and exhausted quotas open a breaker: later calls fail fast until `reset()`.
 */
export class ScreenScraperClient implements NameProvider {
  readonly source = 'ss' as const;
  readonly threshold = MATCH_THRESHOLDS.ss;
  private readonly http: ProviderHttp;
  private broken: string | null = null;

  constructor(private readonly options: ScreenScraperOptions) {
    this.http = new ProviderHttp({
      source: 'ss',
      minIntervalMs: options.minIntervalMs ?? 50,
      timeoutMs: options.timeoutMs,
      retries: 1,
      backoffMs: options.backoffMs ?? 2000,
      maxConcurrent: 1,
      log: options.log,
    });
  }

  /** Closes the breaker (at the start of a scan). */
  reset(): void {
    this.broken = null;
  }

  supports(platform: ProviderPlatform): boolean {
    return platform.ssId !== null;
  }

  /** A stored media URL with the credentials put back, for ScreenScraper hosts only. */
  mediaUrl(url: string): string {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return url;
    }
    const own = new URL(this.options.baseUrl).host;
    if (parsed.host !== own && !parsed.hostname.endsWith('.screenscraper.fr')) return url;
    if (this.options.devId !== null) parsed.searchParams.set('devid', this.options.devId);
    if (this.options.devPassword !== null) {
      parsed.searchParams.set('devpassword', this.options.devPassword);
    }
    parsed.searchParams.set('ssid', this.options.user);
    parsed.searchParams.set('sspassword', this.options.password);
    return parsed.toString();
  }

  termFor(nameNoTags: string): string {
    return searchTermFor('ss', nameNoTags);
  }

  private async call(endpoint: string, params: Record<string, string>): Promise<unknown> {
    if (this.broken !== null) throw new ProviderError('ss', null, this.broken);
    const url = new URL(`${this.options.baseUrl.replace(/\/$/, '')}/${endpoint}`);
    const all: Record<string, string> = {
      ...(this.options.devId === null ? {} : { devid: this.options.devId }),
      ...(this.options.devPassword === null ? {} : { devpassword: this.options.devPassword }),
      softname: 'romshelf',
      ssid: this.options.user,
      sspassword: this.options.password,
      output: 'json',
      ...params,
    };
    for (const [key, value] of Object.entries(all)) url.searchParams.set(key, value);
    const response = await this.http.request(url, { headers: { 'User-Agent': 'RomShelf' } });
    const body = response.body;
    const utf8 = body.toString('utf8');
    const text = utf8.includes('\uFFFD') ? body.toString('latin1') : utf8;
    const where = redactUrl(url);
    if (BREAKER_STATUSES.has(response.status) || text.includes('Erreur de login')) {
      this.broken = `disabled for this scan: HTTP ${response.status} (${text.slice(0, 80).trim()})`;
      throw new ProviderError('ss', response.status, this.broken);
    }
    if (response.status === 404) return null;
    if (response.status !== 200) {
      throw new ProviderError(
        'ss',
        response.status,
        `${where} HTTP ${response.status}: ${text.slice(0, 80).trim()}`,
      );
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      try {
        // Synopses sometimes hold `\` not followed by a valid escape: double them and retry.
        return JSON.parse(text.replace(/\\(?!["\\/bfnrtu])/g, '\\\\')) as unknown;
      } catch {
        throw new ProviderError('ss', 200, `${where} malformed body: ${text.slice(0, 80).trim()}`);
      }
    }
  }

  /** Whether the ScreenScraper infrastructure answers (heartbeat; uses no quota). */
  async heartbeat(): Promise<boolean> {
    return (await this.call('ssinfraInfos.php', {})) !== null;
  }

  async byId(id: number, platform: ProviderPlatform): Promise<ProviderGame | null> {
    const body = await this.call('jeuInfos.php', {
      gameid: String(id),
      ...(platform.ssId === null ? {} : { systemeid: String(platform.ssId) }),
    });
    return mapSsGame(field(field(body, 'response'), 'jeu'));
  }

  /** Hash lookup (`jeuInfos` with the ROM's hashes, size and name). */
  async byHash(rom: RomLookup): Promise<ProviderGame | null> {
    if (rom.platform.ssId === null || (rom.md5 === null && rom.sha1 === null && rom.crc === null)) {
      return null;
    }
    const body = await this.call('jeuInfos.php', {
      systemeid: String(rom.platform.ssId),
      romtype: 'rom',
      romnom: rom.fsName,
      romtaille: String(rom.fsSizeBytes),
      ...(rom.md5 === null ? {} : { md5: rom.md5 }),
      ...(rom.sha1 === null ? {} : { sha1: rom.sha1 }),
      ...(rom.crc === null ? {} : { crc: rom.crc }),
    });
    const game = mapSsGame(field(field(body, 'response'), 'jeu'), rom.regions);
    if (game === null) return null;
    // A hash hit on another system is not ours.
    if (game.platformIds !== null && !game.platformIds.includes(rom.platform.ssId)) return null;
    return game;
  }

  async search(term: string, platform: ProviderPlatform, wide: boolean): Promise<ProviderGame[]> {
    if (platform.ssId === null || wide || term.trim() === '') return [];
    const body = await this.call('jeuRecherche.php', {
      recherche: term,
      systemeid: String(platform.ssId),
    });
    return asArray(field(field(body, 'response'), 'jeux'))
      .map((jeu) => mapSsGame(jeu))
      .filter((game): game is ProviderGame => game !== null)
      .filter(
        (game) => game.platformIds === null || game.platformIds.includes(platform.ssId ?? -1),
      );
  }
}

import type { FastifyBaseLogger } from 'fastify';

import { ProviderError, ProviderHttp, parseJson, redactUrl } from '../../provider-http.js';
import type { HashIds, RomLookup } from '../provider.js';
import { asArray, asInt, asString, field } from '../provider.js';

export interface PlaymatchOptions {
  baseUrl: string;
  timeoutMs: number;
  minIntervalMs?: number;
  backoffMs?: number;
  log?: FastifyBaseLogger;
}

const PROVIDERS: Readonly<Record<string, keyof HashIds>> = {
  IGDB: 'igdb',
  MOBYGAMES: 'moby',
  SCREENSCRAPER: 'ss',
  LAUNCHBOX: 'launchbox',
  STEAMGRIDDB: 'sgdb',
};

/** Maps an `/identify/ids` reply: `NoMatch` (id null) → null; failed mappings ignored. */
export function mapPlaymatch(body: unknown): HashIds | null {
  const type = asString(field(body, 'gameMatchType'));
  if (type === null || type === 'NoMatch') return null;
  const ids: HashIds = {};
  for (const entry of asArray(field(body, 'externalMetadata'))) {
    const key = PROVIDERS[(asString(field(entry, 'providerName')) ?? '').toUpperCase()];
    const id = asInt(field(entry, 'providerId'));
    const matchType = asString(field(entry, 'matchType'));
    if (key === undefined || id === null || matchType === 'Failed' || matchType === 'None')
      continue;
    ids[key] = id;
  }
  return ids;
}

/** Playmatch (§8): hashes (or name + size) → external provider ids. */
export class PlaymatchClient {
  readonly source = 'playmatch' as const;
  private readonly http: ProviderHttp;

  constructor(private readonly options: PlaymatchOptions) {
    this.http = new ProviderHttp({
      source: 'playmatch',
      minIntervalMs: options.minIntervalMs ?? 250,
      timeoutMs: options.timeoutMs,
      retries: 1,
      backoffMs: options.backoffMs ?? 2000,
      log: options.log,
    });
  }

  /** Whether Playmatch is up (`GET /health` → `Healthy`). */
  async heartbeat(): Promise<boolean> {
    return (await this.http.request(`${this.options.baseUrl}/health`)).status === 200;
  }

  async lookup(rom: RomLookup): Promise<HashIds | null> {
    const url = new URL(`${this.options.baseUrl}/identify/ids`);
    url.searchParams.set('fileName', rom.fsName);
    url.searchParams.set('fileSize', String(rom.fsSizeBytes));
    if (rom.md5 !== null) url.searchParams.set('md5', rom.md5);
    if (rom.sha1 !== null) url.searchParams.set('sha1', rom.sha1);
    if (rom.crc !== null) url.searchParams.set('crc', rom.crc);
    const response = await this.http.request(url, { headers: { Accept: 'application/json' } });
    if (response.status === 404) return null;
    if (response.status !== 200) {
      throw new ProviderError(
        'playmatch',
        response.status,
        `${redactUrl(url)} HTTP ${response.status}`,
      );
    }
    return mapPlaymatch(parseJson('playmatch', url, response.text()));
  }
}

import type { FastifyBaseLogger } from 'fastify';

import { ProviderError, ProviderHttp, parseJson, redactUrl } from '../../provider-http.js';
import type { HashIds, RomLookup } from '../provider.js';
import { asArray, asInt, asString, field } from '../provider.js';

export interface HasheousOptions {
  baseUrl: string;
  clientKey: string | null;
  timeoutMs: number;
  minIntervalMs?: number;
  backoffMs?: number;
  log?: FastifyBaseLogger;
}

export interface HasheousMatch {
  ids: HashIds;
  name: string | null;
  /** The `Logo` image attribute, absolute. */
  cover: string | null;
  raw: Record<string, unknown>;
}

const SIGNATURE_FLAGS: Readonly<Record<string, string>> = {
  TOSEC: 'tosec_match',
  NoIntros: 'nointro_match',
  Redump: 'redump_match',
  MAMEArcade: 'mame_arcade_match',
  MAMEMess: 'mame_mess_match',
  WHDLoad: 'whdload_match',
  RetroAchievements: 'ra_match',
  FBNeo: 'fbneo_match',
  PureDOSDAT: 'puredos_match',
};

/** Maps a `Lookup/ByHash` reply to provider ids (sources compared case-insensitively). */
export function mapHasheous(body: unknown, origin = 'https://hasheous.org'): HasheousMatch | null {
  const id = asInt(field(body, 'id'));
  if (id === null) return null;
  const ids: HashIds = { hasheous: id };
  for (const entry of asArray(field(body, 'metadata'))) {
    const source = (asString(field(entry, 'source')) ?? '').toLowerCase();
    const value = asInt(field(entry, 'immutableId'));
    if (value === null) continue;
    if (source === 'igdb') ids.igdb = value;
    else if (source === 'thegamesdb') ids.tgdb = value;
    else if (source === 'retroachievements') ids.ra = value;
  }
  const signatures = (field(body, 'signatures') ?? {}) as Record<string, unknown>;
  const raw: Record<string, unknown> = {};
  for (const [key, flag] of Object.entries(SIGNATURE_FLAGS)) raw[flag] = key in signatures;
  const logo = asArray(field(body, 'attributes')).find(
    (entry) => asString(field(entry, 'attributeName')) === 'Logo',
  );
  const link = asString(field(logo, 'link'));
  const cover = link === null ? null : new URL(link, origin).toString();
  return { ids, name: asString(field(body, 'name')), cover, raw };
}

/** Hasheous (§7): hash → DAT signature → provider ids. A 404 is a conclusive miss. */
export class HasheousClient {
  readonly source = 'hasheous' as const;
  private readonly http: ProviderHttp;

  constructor(private readonly options: HasheousOptions) {
    this.http = new ProviderHttp({
      source: 'hasheous',
      minIntervalMs: options.minIntervalMs ?? 100,
      timeoutMs: options.timeoutMs,
      retries: 1,
      backoffMs: options.backoffMs ?? 1000,
      log: options.log,
    });
  }

  /** Whether Hasheous is up (heartbeat). */
  async heartbeat(): Promise<boolean> {
    return (await this.http.request(`${this.options.baseUrl}/HealthCheck`)).status === 200;
  }

  async lookup(rom: RomLookup): Promise<HasheousMatch | null> {
    const hashes: Record<string, string> = {};
    if (rom.md5 !== null) hashes.mD5 = rom.md5;
    if (rom.sha1 !== null) hashes.shA1 = rom.sha1;
    if (rom.crc !== null) hashes.crc = rom.crc;
    if (Object.keys(hashes).length === 0) return null;
    const url = new URL(`${this.options.baseUrl}/Lookup/ByHash`);
    url.searchParams.set('returnAllSources', 'true');
    url.searchParams.set('returnFields', 'Signatures, Metadata, Attributes');
    const response = await this.http.request(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json-patch+json',
        Accept: 'application/json',
        ...(this.options.clientKey === null ? {} : { 'X-Client-API-Key': this.options.clientKey }),
      },
      body: JSON.stringify([hashes]),
    });
    if (response.status === 404) return null;
    if (response.status !== 200) {
      throw new ProviderError(
        'hasheous',
        response.status,
        `${redactUrl(url)} HTTP ${response.status}`,
      );
    }
    return mapHasheous(parseJson('hasheous', url, response.text()), url.origin);
  }
}

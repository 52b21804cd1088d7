import type { FastifyBaseLogger } from 'fastify';

import type { MetadataProviders } from './metadata.sources.js';

/** How long a source's heartbeat answer is reused. */
const HEALTH_TTL_MS = 60_000;

/** Whether each configured source answers, checked at most once a minute per source. */
export class ProviderHealth {
  private readonly checked = new Map<string, { at: number; ok: Promise<boolean> }>();

  constructor(
    private readonly providers: MetadataProviders,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Whether a source is enabled and answers (`GET /api/heartbeat/metadata/{source}`). Results
   * are cached for a minute so the public endpoint cannot be used to hammer providers; `fresh`
   * (an admin's "Test connection") checks again now.
   */
  sourceHealthy(source: string, fresh = false): Promise<boolean> {
    const p = this.providers;
    const checks: Record<string, { heartbeat(): Promise<boolean> } | undefined> = {
      igdb: p.igdb,
      ss: p.ss,
      moby: p.moby,
      ra: p.ra,
      launchbox: p.launchbox,
      hasheous: p.hasheous,
      playmatch: p.playmatch,
      sgdb: p.sgdb,
    };
    const key = source === 'lb' ? 'launchbox' : source;
    const provider = Object.hasOwn(checks, key) ? checks[key] : undefined;
    if (provider === undefined) return Promise.resolve(false);
    const cached = this.checked.get(key);
    if (!fresh && cached !== undefined && Date.now() - cached.at < HEALTH_TTL_MS) return cached.ok;
    const ok = provider.heartbeat().catch((error: unknown) => {
      this.log.warn(`metadata: ${key} heartbeat failed: ${(error as Error).message}`);
      return false;
    });
    this.checked.set(key, { at: Date.now(), ok });
    return ok;
  }
}

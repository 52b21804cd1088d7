import type { FastifyBaseLogger } from 'fastify';

import type { AppConfig } from '../../config/app-config.js';
import type { Db } from '../../db/database.js';
import type { MetadataProviders } from './metadata.sources.js';
import { HasheousClient } from './providers/hasheous/hasheous.client.js';
import { IgdbClient } from './providers/igdb/igdb.client.js';
import { LaunchboxClient } from './providers/launchbox/launchbox.client.js';
import { LaunchboxIndex } from './providers/launchbox/launchbox.index.js';
import { MobyGamesClient } from './providers/moby/moby.client.js';
import { PlaymatchClient } from './providers/playmatch/playmatch.client.js';
import { RetroAchievementsClient } from './providers/ra/ra.client.js';
import { SteamGridDbClient } from './providers/sgdb/sgdb.client.js';
import { ScreenScraperClient } from './providers/ss/ss.client.js';

const DEFAULT_RA_BASE = 'https://retroachievements.org';

/** Origins of every configured provider URL (trusted for artwork downloads). */
export function trustedOrigins(config: AppConfig): Set<string> {
  const m = config.metadata;
  const urls = [
    m.igdbBaseUrl,
    m.twitchOauthUrl,
    m.screenscraperBaseUrl,
    m.mobygamesBaseUrl,
    m.steamgriddbBaseUrl,
    m.hasheousBaseUrl,
    m.playmatchBaseUrl,
    m.launchboxMetadataUrl,
    m.launchboxImagesUrl,
    config.retroachievementsBaseUrl,
  ];
  return new Set(urls.map((url) => new URL(url).origin));
}

/**
 * The RetroAchievements client when a key is configured: one instance serves metadata and
 * users' progress, so both share its rate limit.
 */
function createRetroAchievementsClient(
  config: AppConfig,
  log: FastifyBaseLogger,
): RetroAchievementsClient | null {
  const apiKey = config.credentials.retroachievementsApiKey;
  if (apiKey === null) return null;
  const base = config.retroachievementsBaseUrl;
  return new RetroAchievementsClient({
    baseUrl: base,
    mediaBaseUrl: base === DEFAULT_RA_BASE ? 'https://media.retroachievements.org' : base,
    apiKey,
    timeoutMs: config.metadata.requestTimeoutMs,
    log,
  });
}

/** Builds the clients of every enabled source from the configuration. */
export function createMetadataProviders(
  config: AppConfig,
  db: Db,
  dataDir: string,
  log: FastifyBaseLogger,
): MetadataProviders {
  const c = config.credentials;
  const m = config.metadata;
  const timeoutMs = m.requestTimeoutMs;
  const providers: MetadataProviders = {};
  if (c.igdbClientId !== null && c.igdbClientSecret !== null) {
    providers.igdb = new IgdbClient({
      baseUrl: m.igdbBaseUrl,
      oauthUrl: m.twitchOauthUrl,
      clientId: c.igdbClientId,
      clientSecret: c.igdbClientSecret,
      timeoutMs,
      log,
    });
  }
  if (c.screenscraperUser !== null && c.screenscraperPassword !== null) {
    providers.ss = new ScreenScraperClient({
      baseUrl: m.screenscraperBaseUrl,
      user: c.screenscraperUser,
      password: c.screenscraperPassword,
      devId: m.screenscraperDevId,
      devPassword: m.screenscraperDevPassword,
      timeoutMs,
      log,
    });
  }
  if (c.mobygamesApiKey !== null) {
    providers.moby = new MobyGamesClient({
      baseUrl: m.mobygamesBaseUrl,
      apiKey: c.mobygamesApiKey,
      timeoutMs,
      log,
    });
  }
  const ra = createRetroAchievementsClient(config, log);
  if (ra !== null) providers.ra = ra;
  if (c.steamgriddbApiKey !== null) {
    providers.sgdb = new SteamGridDbClient({
      baseUrl: m.steamgriddbBaseUrl,
      apiKey: c.steamgriddbApiKey,
      timeoutMs,
      log,
    });
  }
  if (config.metadataSources.hasheous) {
    providers.hasheous = new HasheousClient({
      baseUrl: m.hasheousBaseUrl,
      clientKey: m.hasheousClientKey,
      timeoutMs,
      log,
    });
  }
  if (config.metadataSources.playmatch) {
    providers.playmatch = new PlaymatchClient({ baseUrl: m.playmatchBaseUrl, timeoutMs, log });
  }
  if (config.metadataSources.launchbox) {
    const index = new LaunchboxIndex(db, m.launchboxMetadataUrl, `${dataDir}/launchbox`, log);
    providers.launchboxIndex = index;
    providers.launchbox = new LaunchboxClient(index, m.launchboxImagesUrl);
  }
  return providers;
}

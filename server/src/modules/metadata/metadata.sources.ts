import type { HasheousClient } from './providers/hasheous/hasheous.client.js';
import type { LaunchboxIndex } from './providers/launchbox/launchbox.index.js';
import type { PlaymatchClient } from './providers/playmatch/playmatch.client.js';
import type {
  MetadataSource,
  NameProvider,
  ProviderGame,
  RomLookup,
} from './providers/provider.js';
import type { RetroAchievementsClient } from './providers/ra/ra.client.js';
import type { SteamGridDbClient } from './providers/sgdb/sgdb.client.js';

/** The enabled provider clients (absent = not configured). */
export interface MetadataProviders {
  igdb?: NameProvider;
  ss?: NameProvider & {
    byHash(rom: RomLookup): Promise<ProviderGame | null>;
    reset(): void;
    mediaUrl(url: string): string;
  };
  moby?: NameProvider;
  launchbox?: NameProvider;
  ra?: RetroAchievementsClient;
  sgdb?: SteamGridDbClient;
  hasheous?: HasheousClient;
  playmatch?: PlaymatchClient;
  launchboxIndex?: LaunchboxIndex;
}

/** Which sources are configured, and which of them a request or scan chose. */
export class MetadataSources {
  constructor(private readonly providers: MetadataProviders) {}

  /** Sources that are configured, in RomM's `apis` vocabulary. */
  enabled(): MetadataSource[] {
    const p = this.providers;
    const list: MetadataSource[] = [];
    if (p.igdb) list.push('igdb');
    if (p.ss) list.push('ss');
    if (p.moby) list.push('moby');
    if (p.ra) list.push('ra');
    if (p.launchbox) list.push('launchbox');
    if (p.hasheous) list.push('hasheous');
    if (p.sgdb) list.push('sgdb');
    if (p.playmatch) list.push('playmatch');
    return list;
  }

  /** The requested sources that are enabled (unknown and disabled ones ignored). */
  select(apis: readonly string[] | null): Set<MetadataSource> {
    const enabled = this.enabled();
    if (apis === null) return new Set(enabled);
    const wanted = new Set(apis.map((api) => (api === 'lb' ? 'launchbox' : api)));
    const chosen = new Set(enabled.filter((source) => wanted.has(source)));
    // Playmatch rides along with IGDB (RomM labels the option "IGDB + Playmatch").
    if (wanted.has('playmatch') || (chosen.has('igdb') && this.providers.playmatch)) {
      if (this.providers.playmatch) chosen.add('playmatch');
    }
    return chosen;
  }
}

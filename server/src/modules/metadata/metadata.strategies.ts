import type { RomRecord } from '../roms/writes/rom-metadata-writes.js';
import type { IdTag } from './matcher.js';
import { MATCH_THRESHOLDS, jaroWinkler, normaliseName } from './matcher.js';
import type { IdClaims } from './metadata.claims.js';
import type { ProviderResults } from './metadata.merge.js';
import type { IdentifyMode, MatchMethod, NameSource } from './metadata.row.js';
import type { MetadataProviders } from './metadata.sources.js';
import type { HasheousMatch } from './providers/hasheous/hasheous.client.js';
import type {
  HashIds,
  MetadataSource,
  NameProvider,
  ProviderGame,
  RomLookup,
} from './providers/provider.js';
import { emptyGame } from './providers/provider.js';

/** What one identification of a ROM knows, shared by the source strategies. */
export interface IdentifyRun {
  row: RomRecord;
  rom: RomLookup;
  mode: IdentifyMode;
  /** The chosen sources that are enabled. */
  sources: ReadonlySet<MetadataSource>;
  /** The provider id tag in the file name, e.g. `(igdb-1234)`. */
  tag: IdTag | null;
  /** Provider ids the hash services found (set after the hash stage). */
  hashIds: HashIds;
  /** Results so far (the artwork stage searches with the names found). */
  results: ProviderResults;
  storedMethods: Readonly<Record<string, MatchMethod>>;
  /** The id a source keeps whatever providers say (edited or matched by hand), or null. */
  fixedId(source: string): number | null;
  /** The id of a source stored on the ROM, or null. */
  storedId(source: string): number | null;
}

/** What a source contributes: its game and how it was found, ids for the other sources. */
export interface SourceOutcome {
  found: [ProviderGame, MatchMethod] | null;
  hashIds?: HashIds;
  tgdbId?: number;
}

export interface StrategyTools {
  providers: MetadataProviders;
  claims: IdClaims;
}

/**
 * When a source runs: `hash` services first (concurrently; their ids feed the others),
 * then every `match` source concurrently, then `artwork` with the names found so far.
 */
export type IdentifyStage = 'hash' | 'match' | 'artwork';
export const IDENTIFY_STAGES: readonly IdentifyStage[] = ['hash', 'match', 'artwork'];

/** How one metadata source takes part in identifying a ROM. */
export interface SourceStrategy {
  source: MetadataSource;
  stage: IdentifyStage;
  /** Whether the source runs for this ROM (configured, chosen, platform supported). */
  runs(run: IdentifyRun, tools: StrategyTools): boolean;
  /** The source's outcome; a thrown error marks the source failed (it keeps its stored game). */
  match(run: IdentifyRun, tools: StrategyTools): Promise<SourceOutcome>;
  /** Whether a failed source keeps its stored match method along with its stored game. */
  keepsStoredMethod: boolean;
}

function outcome(game: ProviderGame | null, method: MatchMethod): SourceOutcome {
  return { found: game === null ? null : [game, method] };
}

const NONE: SourceOutcome = { found: null };

/** A name source: manual id, id tag, hash-service id, stored id (update), hash, then name. */
function nameStrategy(source: NameSource): SourceStrategy {
  const providerOf = (tools: StrategyTools): NameProvider | undefined => tools.providers[source];
  return {
    source,
    stage: 'match',
    keepsStoredMethod: true,
    runs: (run, tools) =>
      run.sources.has(source) && (providerOf(tools)?.supports(run.rom.platform) ?? false),
    async match(run, tools) {
      const provider = providerOf(tools);
      if (provider === undefined) return NONE;
      const platform = run.rom.platform;
      const manual = run.fixedId(source);
      if (manual !== null) return outcome(await provider.byId(manual, platform), 'manual');
      if (run.tag?.source === source) {
        const tagged = await provider.byId(run.tag.id, platform);
        if (tagged !== null) return outcome(tagged, 'id');
      }
      const fromHash = run.hashIds[source];
      if (fromHash !== undefined) {
        const game = await provider.byId(fromHash, platform);
        if (game !== null) return outcome(game, 'hash');
      }
      const previous = run.storedId(source);
      if (run.mode === 'update' && previous !== null) {
        const game = await provider.byId(previous, platform);
        if (game !== null) return outcome(game, run.storedMethods[source] ?? 'stored');
      }
      if (source === 'ss' && tools.providers.ss) {
        const game = await tools.providers.ss.byHash(run.rom);
        if (game !== null) return outcome(game, 'hash');
      }
      const match = await tools.claims.searchByName(provider, run.row, platform);
      return match === null
        ? NONE
        : outcome(match.candidate.value, `name:${match.score.toFixed(4)}`);
    },
  };
}

const playmatch: SourceStrategy = {
  source: 'playmatch',
  stage: 'hash',
  keepsStoredMethod: false,
  runs: (run, tools) => run.sources.has('playmatch') && tools.providers.playmatch !== undefined,
  async match(run, tools) {
    const ids = await tools.providers.playmatch?.lookup(run.rom);
    return { found: null, hashIds: { ...(ids ?? {}) } };
  },
};

function hasheousGame(match: HasheousMatch): ProviderGame {
  const game = emptyGame('hasheous', match.ids.hasheous ?? 0, match.name ?? '');
  game.urlCover = match.cover;
  game.raw = {
    ...match.raw,
    igdb_id: match.ids.igdb ?? null,
    ra_id: match.ids.ra ?? null,
    tgdb_id: match.ids.tgdb ?? null,
  };
  return game;
}

/** Hasheous gives IGDB and RetroAchievements ids, a TheGamesDB id and its own game. */
const hasheous: SourceStrategy = {
  source: 'hasheous',
  stage: 'hash',
  keepsStoredMethod: false,
  runs: (run, tools) => run.sources.has('hasheous') && tools.providers.hasheous !== undefined,
  async match(run, tools) {
    const match = await tools.providers.hasheous?.lookup(run.rom);
    if (match === null || match === undefined) return NONE;
    const hashIds: HashIds = {};
    if (match.ids.igdb !== undefined) hashIds.igdb = match.ids.igdb;
    if (match.ids.ra !== undefined) hashIds.ra = match.ids.ra;
    return {
      found: [hasheousGame(match), 'hash'],
      hashIds,
      ...(match.ids.tgdb === undefined ? {} : { tgdbId: match.ids.tgdb }),
    };
  },
};

/** RetroAchievements: manual id, id tag, hash-service id, stored id (update), then RA hash. */
const ra: SourceStrategy = {
  source: 'ra',
  stage: 'match',
  keepsStoredMethod: false,
  runs: (run, tools) =>
    run.sources.has('ra') && tools.providers.ra !== undefined && run.rom.platform.raId !== null,
  async match(run, tools) {
    const client = tools.providers.ra;
    if (client === undefined) return NONE;
    const manual = run.fixedId('ra');
    if (manual !== null) return outcome(await client.byId(manual), 'manual');
    if (run.tag?.source === 'ra') return outcome(await client.byId(run.tag.id), 'id');
    if (run.hashIds.ra !== undefined) return outcome(await client.byId(run.hashIds.ra), 'hash');
    const previous = run.storedId('ra');
    if (run.mode === 'update' && previous !== null)
      return outcome(await client.byId(previous), 'stored');
    if (run.rom.raHash === null || run.rom.platform.raId === null) return NONE;
    const id = await client.idForHash(run.rom.platform.raId, run.rom.raHash);
    return id === null ? NONE : outcome(await client.byId(id), 'hash');
  },
};

/** SteamGridDB (covers only): a known id, else the first name found that it knows. */
const sgdb: SourceStrategy = {
  source: 'sgdb',
  stage: 'artwork',
  keepsStoredMethod: false,
  runs: (run, tools) => run.sources.has('sgdb') && tools.providers.sgdb !== undefined,
  async match(run, tools) {
    const client = tools.providers.sgdb;
    if (client === undefined) return NONE;
    const withCover = async (id: number, name: string) => {
      const grids = await client.grids(id);
      const game = emptyGame('sgdb', id, name);
      game.urlCover = grids[0]?.url ?? null;
      return outcome(game.urlCover === null ? null : game, 'name');
    };
    const known = run.fixedId('sgdb') ?? run.hashIds.sgdb;
    if (known !== undefined) return withCover(known, run.row.name ?? run.row.fs_name_no_tags);
    const { results } = run;
    const names = [
      results.igdb?.name,
      results.hasheous?.name,
      results.ss?.name,
      results.moby?.name,
      results.launchbox?.name,
      run.row.fs_name_no_tags,
    ].filter((name): name is string => name !== undefined && name !== '');
    for (const name of [...new Set(names)]) {
      const term = normaliseName(name, { removeArticles: false });
      const games = await client.autocomplete(name);
      const best = games
        .map((game) => ({
          game,
          score: jaroWinkler(term, normaliseName(game.name, { removeArticles: false })),
        }))
        .filter((entry) => entry.score >= MATCH_THRESHOLDS.sgdb)
        .sort((a, b) => b.score - a.score)[0];
      if (best !== undefined) return withCover(best.game.id, best.game.name);
    }
    return NONE;
  },
};

/**
 * Every source, in the order its results are recorded (which orders sources the priorities do
 * not list): the per-source matches, then Hasheous' own game, then SteamGridDB.
 */
export const SOURCE_STRATEGIES: readonly SourceStrategy[] = [
  playmatch,
  nameStrategy('igdb'),
  nameStrategy('ss'),
  nameStrategy('moby'),
  nameStrategy('launchbox'),
  ra,
  hasheous,
  sgdb,
];

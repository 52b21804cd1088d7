import type { FastifyBaseLogger } from 'fastify';

import type { RomMetadataWrites, RomRecord } from '../roms/writes/rom-metadata-writes.js';
import { idTagOf } from './matcher.js';
import type { IdClaims } from './metadata.claims.js';
import type { ProviderResults } from './metadata.merge.js';
import type { IdentifyMode, MatchMethod } from './metadata.row.js';
import { ID_COLUMN, isIdentified, liveResults, lookupOf, parseJson } from './metadata.row.js';
import type { MetadataProviders, MetadataSources } from './metadata.sources.js';
import type {
  IdentifyRun,
  IdentifyStage,
  SourceOutcome,
  SourceStrategy,
  StrategyTools,
} from './metadata.strategies.js';
import { IDENTIFY_STAGES, SOURCE_STRATEGIES } from './metadata.strategies.js';
import type { MetadataWriter } from './metadata.writer.js';
import type { MetadataSource, ProviderGame } from './providers/provider.js';

/** One identification in progress: its shared state and what each source gave. */
interface RunState {
  run: IdentifyRun;
  stored: ProviderResults;
  methods: Record<string, MatchMethod>;
  failed: Set<string>;
  outcomes: Map<SourceStrategy, SourceOutcome | null>;
  recorded: Set<SourceStrategy>;
}

/**
 * Identifies ROMs (metadata-providers.md §0.4) by running the source strategy table stage by
 * stage: hash services first (Playmatch, Hasheous), then per source an id tag, a hash-service
 * id, the stored id (update), a hash or a name search on the ROM's platform only, then
 * SteamGridDB with the names found. Results are merged by the configured priorities; fields
 * edited by hand are kept. A failing provider is logged and skipped (it keeps what it had).
 */
export class MetadataIdentifier {
  private readonly tools: StrategyTools;

  constructor(
    providers: MetadataProviders,
    private readonly sources: MetadataSources,
    private readonly roms: RomMetadataWrites,
    private readonly claims: IdClaims,
    private readonly writer: MetadataWriter,
    private readonly log: FastifyBaseLogger,
  ) {
    this.tools = { providers, claims };
  }

  /**
   * Identifies one ROM with the chosen sources (null = every enabled one). Returns whether the
   * ROM is identified afterwards. Never throws for provider failures.
   */
  async identifyRom(
    romId: number,
    apis: readonly string[] | null,
    mode: IdentifyMode,
  ): Promise<boolean> {
    const row = await this.roms.find(romId);
    if (row === undefined) return false;
    const sources = this.sources.select(apis);
    if (sources.size === 0) return isIdentified(row);
    const state = this.start(row, sources, mode);
    for (const stage of IDENTIFY_STAGES) await this.runStage(state, stage);
    const tgdbId = [...state.outcomes.values()].find((outcome) => outcome?.tgdbId !== undefined);
    return this.claims.run(async () => {
      await this.claims.dropConflicts(row, state.run.results, state.methods);
      await this.writer.apply(row, state.run.results, state.methods, tgdbId?.tgdbId ?? null, mode);
      const after = await this.roms.find(romId);
      return after !== undefined && isIdentified(after);
    });
  }

  /**
   * Runs a stage's sources concurrently. Hash services' ids go to the later stages; the other
   * stages record what they found before the next stage starts.
   */
  private async runStage(state: RunState, stage: IdentifyStage): Promise<void> {
    const running = SOURCE_STRATEGIES.filter(
      (strategy) => strategy.stage === stage && strategy.runs(state.run, this.tools),
    );
    const outcomes = await Promise.all(running.map((strategy) => this.attempt(state, strategy)));
    running.forEach((strategy, index) => state.outcomes.set(strategy, outcomes[index] ?? null));
    if (stage !== 'hash') {
      this.record(state);
      return;
    }
    for (const outcome of outcomes) Object.assign(state.run.hashIds, outcome?.hashIds);
  }

  /** The run's starting state: sources not run now keep what they had (except on complete rescans). */
  private start(row: RomRecord, sources: Set<MetadataSource>, mode: IdentifyMode): RunState {
    const stored = liveResults(row);
    const storedMethods = parseJson<Record<string, MatchMethod>>(row.match_methods, {});
    const edited = new Set(parseJson<string[]>(row.manual_fields, []));
    const results: ProviderResults = {};
    const methods: Record<string, MatchMethod> = {};
    if (mode !== 'complete') {
      for (const [source, game] of Object.entries(stored) as [MetadataSource, ProviderGame][]) {
        if (!sources.has(source)) {
          results[source] = game;
          if (storedMethods[source] !== undefined) methods[source] = storedMethods[source];
        }
      }
    }
    const storedId = (source: string): number | null => {
      const column = ID_COLUMN[source];
      return column === undefined ? null : row[column];
    };
    const fixedId = (source: string): number | null => {
      const column = ID_COLUMN[source];
      if (column === undefined || row[column] === null) return null;
      return edited.has(column) || storedMethods[source] === 'manual' ? row[column] : null;
    };
    const run: IdentifyRun = {
      row,
      rom: lookupOf(row),
      mode,
      sources,
      tag: idTagOf(row.fs_name),
      hashIds: {},
      results,
      storedMethods,
      fixedId,
      storedId,
    };
    return { run, stored, methods, failed: new Set(), outcomes: new Map(), recorded: new Set() };
  }

  /** Runs one source; a failure is logged and marks the source failed. */
  private async attempt(state: RunState, strategy: SourceStrategy): Promise<SourceOutcome | null> {
    const { source } = strategy;
    try {
      return await strategy.match(state.run, this.tools);
    } catch (error) {
      const romId = state.run.row.id;
      this.log.warn(
        { source, romId },
        `metadata: ${source} failed for ROM ${romId}: ${(error as Error).message}`,
      );
      state.failed.add(source);
      return null;
    }
  }

  /** Records what the sources run so far found, in table order (failed ones keep their game). */
  private record(state: RunState): void {
    const { results } = state.run;
    for (const strategy of SOURCE_STRATEGIES) {
      if (!state.outcomes.has(strategy) || state.recorded.has(strategy)) continue;
      state.recorded.add(strategy);
      const { source } = strategy;
      const found = state.outcomes.get(strategy)?.found ?? null;
      const stored = state.stored[source];
      if (found !== null) {
        results[source] = found[0];
        state.methods[source] = found[1];
      } else if (state.failed.has(source) && stored !== undefined) {
        results[source] = stored;
        const method = state.run.storedMethods[source];
        if (strategy.keepsStoredMethod && method !== undefined) state.methods[source] = method;
      }
    }
  }
}

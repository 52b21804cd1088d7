import type { RomRecord } from '../roms/writes/rom-metadata-writes.js';
import type { MatchResult } from './matcher.js';
import { lastSegment, normaliseName, pickBest } from './matcher.js';
import type { ProviderResults } from './metadata.merge.js';
import type { IdColumn, MetadataRepository } from './metadata.repository.js';
import type { MatchMethod } from './metadata.row.js';
import { ID_COLUMN, NAME_SOURCES, fuzzyScore, isFuzzy, parseJson } from './metadata.row.js';
import type { MetadataWriter } from './metadata.writer.js';
import type { NameProvider, ProviderGame, ProviderPlatform } from './providers/provider.js';

/** A tiny async mutex: claims of provider ids are checked and written one at a time. */
class Mutex {
  private tail: Promise<void> = Promise.resolve();
  async run<T>(task: () => Promise<T>): Promise<T> {
    const previous = this.tail;
    let release!: () => void;
    this.tail = new Promise((resolve) => (release = resolve));
    await previous;
    try {
      return await task();
    } finally {
      release();
    }
  }
}

/**
 * Who may hold a provider id: a fuzzy name match never gives a ROM an id that another ROM of
 * the platform with other hashes and another title holds, unless it scores better than that
 * ROM's own fuzzy match (which then loses it). Claims are checked and written one at a time.
 */
export class IdClaims {
  private readonly lock = new Mutex();

  constructor(
    private readonly repository: MetadataRepository,
    private readonly writer: MetadataWriter,
  ) {}

  /** Runs a check-and-write of provider ids alone. */
  run<T>(task: () => Promise<T>): Promise<T> {
    return this.lock.run(task);
  }

  /** Name search on the platform: narrow pass, wide pass, then the last-segment fallback. */
  async searchByName(
    provider: NameProvider,
    row: RomRecord,
    platform: ProviderPlatform,
  ): Promise<MatchResult<ProviderGame> | null> {
    const term = provider.termFor(row.fs_name_no_tags);
    const terms = [term];
    if (provider.source === 'ss' || provider.source === 'moby') {
      const segment = lastSegment(term);
      if (segment !== null) terms.push(segment);
    }
    for (const text of terms) {
      for (const wide of [false, true]) {
        const games = await provider.search(text, platform, wide);
        if (games.length === 0) continue;
        const candidates = games.map((game) => ({
          id: game.id,
          names: [game.name, ...game.alternativeNames],
          value: game,
        }));
        const exclude = new Set<number>();
        for (let round = 0; round < 4; round += 1) {
          const best = pickBest(text, candidates, provider.threshold, { exclude });
          if (best === null) break;
          if (await this.conflicting(row, provider.source, best.candidate.id, best.score)) {
            exclude.add(best.candidate.id);
            continue;
          }
          return best;
        }
      }
    }
    return null;
  }

  /**
   * Whether giving `id` of `source` to the ROM would merge it with another ROM of the platform
   * that has other hashes and another title, and holds the id by a hash, an id tag, a manual
   * choice or a fuzzy match at least as good as `score`.
   */
  private async conflicting(
    row: RomRecord,
    source: string,
    id: number,
    score: number,
  ): Promise<boolean> {
    const column = ID_COLUMN[source];
    if (column === undefined || column === 'sgdb_id' || column === 'tgdb_id') return false;
    const holders = await this.repository.holders(row.platform_id, column, id, row.id);
    const title = normaliseName(row.fs_name_no_tags);
    for (const holder of holders) {
      const sameDump =
        (holder.sha1_hash !== null && holder.sha1_hash === row.sha1_hash) ||
        (holder.md5_hash !== null && holder.md5_hash === row.md5_hash);
      if (sameDump || normaliseName(holder.fs_name_no_tags) === title) continue;
      const method = parseJson<Record<string, string>>(holder.match_methods, {})[source];
      if (!isFuzzy(method) || fuzzyScore(method) >= score) return true;
    }
    return false;
  }

  /** Under the claim lock: drops fuzzy ids that conflict now; takes ids from worse holders. */
  async dropConflicts(
    row: RomRecord,
    results: ProviderResults,
    methods: Record<string, MatchMethod>,
  ): Promise<void> {
    for (const source of NAME_SOURCES) {
      const game = results[source];
      const method = methods[source];
      if (game === undefined || !isFuzzy(method)) continue;
      const score = fuzzyScore(method);
      if (await this.conflicting(row, source, game.id, score)) {
        Reflect.deleteProperty(results, source);
        Reflect.deleteProperty(methods, source);
        continue;
      }
      const column = ID_COLUMN[source] as IdColumn;
      const title = normaliseName(row.fs_name_no_tags);
      for (const holder of await this.repository.holders(
        row.platform_id,
        column,
        game.id,
        row.id,
      )) {
        const holderMethod = parseJson<Record<string, string>>(holder.match_methods, {})[source];
        const sameDump = holder.sha1_hash !== null && holder.sha1_hash === row.sha1_hash;
        if (sameDump || normaliseName(holder.fs_name_no_tags) === title) continue;
        if (isFuzzy(holderMethod) && fuzzyScore(holderMethod) < score) {
          await this.writer.clearSources(holder.id, [source]);
        }
      }
    }
  }
}

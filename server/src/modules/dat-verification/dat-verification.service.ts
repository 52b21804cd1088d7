import type { DataVersions } from '../../db/data-versions.js';
import { nextTurn } from '../../lib/next-turn.js';
import { nowIso } from '../../lib/time.js';
import type { GameStatus } from './dat-matcher.js';
import { DatIndex } from './dat-matcher.js';
import type {
  BoundDat,
  DatVerificationRepository,
  RomToVerify,
} from './dat-verification.repository.js';

/** ROMs read, matched and written per step: a step's transaction stays within some 20 ms. */
const ROMS_PER_STEP = 200;

/** What a verification run did: games verified again, by the status they got (per DAT). */
export interface VerificationStats {
  platforms: number;
  dats: number;
  roms_checked: number;
  verified: number;
  renamed: number;
  unknown: number;
  incomplete: number;
}

export type VerificationProgress = (done: number, total: number) => void;

const emptyStats = (): VerificationStats => ({
  platforms: 0,
  dats: 0,
  roms_checked: 0,
  verified: 0,
  renamed: 0,
  unknown: 0,
  incomplete: 0,
});

/** A platform's DATs with their indexes, and whether its ROMs are all verified again. */
interface PlatformPlan {
  platformId: number;
  dats: BoundDat[];
  /** Only ROMs changed after it (or without a status against one of the DATs); null: all. */
  since: string | null;
}

/**
 * Verification of the library against its DATs (ARCHITECTURE: the `dat-verification`
 * module): each game and file of a platform gets a verdict per DAT bound to that platform,
 * written to `rom_dat_status` and `rom_file_dat_match`. A run after a scan looks only at the
 * games changed since a DAT's last verification; a DAT never verified, or bound to another
 * platform since, is verified in full.
 */
export class DatVerificationService {
  constructor(
    private readonly repository: DatVerificationRepository,
    private readonly versions: Pick<DataVersions, 'wrote'>,
  ) {}

  /**
   * Brings the verdicts of platforms (every platform with a DAT when null) up to date: the
   * changed games only, or all of them with `full`.
   */
  async verify(
    platformIds: readonly number[] | null,
    options: { full: boolean },
    report: VerificationProgress = () => undefined,
  ): Promise<VerificationStats> {
    const dats = await this.repository.boundDats(platformIds);
    await this.repository.dropStrayVerdicts(dats);
    const byPlatform = new Map<number, BoundDat[]>();
    for (const dat of dats)
      byPlatform.set(dat.platformId, [...(byPlatform.get(dat.platformId) ?? []), dat]);
    const counts = await Promise.all(
      [...byPlatform.keys()].map((platformId) => this.repository.romCount(platformId)),
    );
    const total = counts.reduce((sum, count) => sum + count, 0);
    const stats = emptyStats();
    let done = 0;
    report(0, total);
    for (const [platformId, platformDats] of byPlatform) {
      const startedAt = nowIso();
      const plan = this.plan(platformId, platformDats, options.full);
      const indexes = new Map<number, DatIndex>();
      stats.platforms += 1;
      stats.dats += platformDats.length;
      for (let after = 0; ;) {
        const page = await this.repository.romPage({
          platformId,
          afterId: after,
          limit: ROMS_PER_STEP,
        });
        const last = page.at(-1);
        if (last === undefined) break;
        after = last.id;
        await this.verifyPage(plan, page, stats, indexes);
        done += page.length;
        report(done, total);
        await nextTurn();
      }
      for (const dat of plan.dats) await this.repository.markVerified(dat, startedAt);
    }
    if (dats.length > 0) this.versions.wrote('romRows');
    return stats;
  }

  /** Whether a DAT is bound to one of the platforms. */
  async hasDats(platformIds: readonly number[]): Promise<boolean> {
    return (await this.repository.boundDats(platformIds)).length > 0;
  }

  /** Verifies some games of a platform again now (a game renamed to its DAT name). */
  async verifyRoms(platformId: number, romIds: readonly number[]): Promise<void> {
    const dats = await this.repository.boundDats([platformId]);
    if (dats.length === 0) return;
    const plan = this.plan(platformId, dats, true);
    const page = await this.repository.romPage({ romIds });
    await this.verifyPage(plan, page, emptyStats(), new Map());
    this.versions.wrote('romRows');
  }

  private plan(platformId: number, dats: BoundDat[], full: boolean): PlatformPlan {
    const stale = dats.some(
      (dat) => dat.verifiedAt === null || dat.verifiedPlatformId !== dat.platformId,
    );
    // Every DAT was verified: the games changed since the oldest of those verifications.
    const oldest = dats.map((dat) => dat.verifiedAt ?? '').sort()[0] ?? null;
    return { platformId, dats, since: full || stale ? null : oldest };
  }

  /**
   * A DAT's index, read once per run and only when a game is to be verified against it (a
   * run after a scan often verifies a few games of a few platforms).
   */
  private async indexOf(dat: BoundDat, indexes: Map<number, DatIndex>): Promise<DatIndex> {
    const known = indexes.get(dat.id);
    if (known !== undefined) return known;
    const index = new DatIndex(await this.repository.datGames(dat.id));
    for await (const entries of this.repository.datEntryPages(dat.id)) {
      index.add(entries);
      await nextTurn();
    }
    indexes.set(dat.id, index);
    return index;
  }

  private async verifyPage(
    plan: PlatformPlan,
    page: readonly RomToVerify[],
    stats: VerificationStats,
    indexes: Map<number, DatIndex>,
  ): Promise<void> {
    const pending = page.filter(
      (rom) =>
        plan.since === null ||
        rom.changedAt > plan.since ||
        plan.dats.some((dat) => !rom.judgedBy.has(dat.id)),
    );
    if (pending.length === 0) return;
    stats.roms_checked += pending.length;
    for (const dat of plan.dats) {
      const index = await this.indexOf(dat, indexes);
      const verdicts = pending.map((rom) => index.verify(rom));
      for (const verdict of verdicts) stats[verdict.status satisfies GameStatus] += 1;
      await this.repository.replaceVerdicts(
        dat.id,
        verdicts,
        pending.flatMap((rom) => rom.otherFileIds),
      );
    }
  }
}

import type { DataChanges } from './data-changes.js';
import { NO_OTHER_PROCESSES } from './data-changes.js';

/**
 * The kinds of data cached answers are made of, each with its own version:
 * - `romRows`: ROM rows and their files (scans, edits, renames, deletions, metadata, manuals);
 * - `platforms`: platform rows listed ROMs show (names, missing flags);
 * - `notes`: notes (lists show whether a game has notes the caller may see);
 * - `collections`: collection membership, favourites included;
 * - `userData`: users' ROM data (ratings, statuses, last played), one version per user.
 */
export const DATA_KINDS = ['romRows', 'platforms', 'notes', 'collections', 'userData'] as const;
export type DataKind = (typeof DATA_KINDS)[number];

/** Kinds with a version per user: one user's rating leaves everyone else's answers kept. */
const PER_USER: ReadonlySet<DataKind> = new Set(['userData']);

/** The counter a write to `kind` moves: the kind's, or for per-user kinds the user's. */
function counterOf(kind: DataKind, userId: number | undefined): string {
  return PER_USER.has(kind) && userId !== undefined ? `${kind}:${String(userId)}` : kind;
}

/**
 * The one owner of data versions (built at the composition root): repositories tell it what
 * they wrote, caches ask it for the version of the kinds they are made of and keep an answer
 * while that version stays. Versions only grow, here and as other processes announce theirs.
 */
export class DataVersions {
  private readonly counts = new Map<string, number>();
  private readonly listeners: ((kind: DataKind) => void)[] = [];

  constructor(private readonly others: DataChanges = NO_OTHER_PROCESSES) {
    others.onAnnounced((counter) => {
      this.count(counter);
    });
  }

  /** Records a write to `kind` (for `userData`, the user's) and tells the other processes. */
  wrote(kind: DataKind, userId?: number): void {
    const counter = counterOf(kind, userId);
    this.count(counter);
    this.others.announce(counter);
    for (const listener of this.listeners) listener(kind);
  }

  /** Calls `listener` after each write this process records (`wrote`). */
  onWrote(listener: (kind: DataKind) => void): void {
    this.listeners.push(listener);
  }

  /**
   * A version that moves on every write to any of `kinds`: for per-user kinds, the writes of
   * `userId` only (of every user when it is left out).
   */
  of(kinds: readonly DataKind[], userId?: number): number {
    let version = 0;
    for (const kind of kinds) version += this.counts.get(counterOf(kind, userId)) ?? 0;
    return version;
  }

  private count(counter: string): void {
    this.counts.set(counter, (this.counts.get(counter) ?? 0) + 1);
    // A user's counter moves its kind's too, which follows every user's writes.
    const separator = counter.indexOf(':');
    if (separator !== -1) this.count(counter.slice(0, separator));
  }
}

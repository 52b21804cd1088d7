/**
 * Writes to ROM data (ROM rows, users' ROM data, collection membership) told between processes,
 * so each process's cached lists follow the writes of the others: with REDIS_URL, a scan in a
 * worker or an edit through another API process. A process alone tells nobody.
 */
export interface DataChanges {
  /** Tells the other processes that this one wrote. */
  announce(): void;
  /** Writes the other processes announced so far. */
  readonly received: number;
}

export const NO_OTHER_PROCESSES: DataChanges = { announce: () => {}, received: 0 };

/** Something whose version moves on every write to the data it covers (and only grows). */
export interface Versioned {
  readonly version: number;
}

/** A version read live from `read` (a counter kept elsewhere). */
export function versionOf(read: () => number): Versioned {
  return {
    get version() {
      return read();
    },
  };
}

/** A version that moves whenever any of `sources` does. */
export function combinedVersion(...sources: readonly Versioned[]): Versioned {
  return {
    get version() {
      return sources.reduce((sum, source) => sum + source.version, 0);
    },
  };
}

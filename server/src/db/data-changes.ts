/**
 * Writes told between processes, so each process's cached answers follow the writes of the
 * others: with REDIS_URL, a scan in a worker or an edit through another API process. What
 * travels is the name of the data version a write moved (data-versions.ts). A process alone
 * tells nobody.
 */
export interface DataChanges {
  /** Tells the other processes that this one moved the data version `counter`. */
  announce(counter: string): void;
  /** Calls `listener` with each data version another process announced it moved. */
  onAnnounced(listener: (counter: string) => void): void;
}

export const NO_OTHER_PROCESSES: DataChanges = { announce: () => {}, onAnnounced: () => {} };

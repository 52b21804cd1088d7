import type { LogEntry } from '@romshelf/contract';
import { LOG_BUFFER_SIZE } from '@romshelf/contract';

type Listener = (entry: LogEntry) => void;

/**
 * The server's most recent log lines (a fixed-size ring, oldest dropped first) for the logs
 * viewer's backfill, and the live feed of new ones for its socket stream.
 */
export class LogRing {
  private readonly entries: (LogEntry | undefined)[];
  private next = 0;
  private size = 0;
  private readonly listeners = new Set<Listener>();

  constructor(private readonly capacity = LOG_BUFFER_SIZE) {
    this.entries = new Array<LogEntry | undefined>(capacity);
  }

  push(entry: LogEntry): void {
    this.entries[this.next] = entry;
    this.next = (this.next + 1) % this.capacity;
    this.size = Math.min(this.size + 1, this.capacity);
    for (const listener of this.listeners) listener(entry);
  }

  /** The last `limit` lines, oldest first. */
  recent(limit: number): LogEntry[] {
    const count = Math.max(0, Math.min(limit, this.size));
    const result: LogEntry[] = [];
    for (let index = this.next - count; index < this.next; index += 1) {
      const entry = this.entries[(index + this.capacity) % this.capacity];
      if (entry !== undefined) result.push(entry);
    }
    return result;
  }

  /** Calls `listener` with every new line; returns the unsubscribe function. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

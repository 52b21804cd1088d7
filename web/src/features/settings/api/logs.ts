import type { LogEntry } from '@romshelf/contract';
import { LOG_BUFFER_SIZE, LOGS_ENTRY_EVENT, LogEntrySchema } from '@romshelf/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { api } from '@/lib/api-client';
import { getSocket } from '@/lib/socket';

export const logsKeys = { recent: () => ['logs', 'recent'] as const };

/** GET /api/logs: the server's recent lines, oldest first. */
export async function fetchRecentLogs(): Promise<LogEntry[]> {
  return LogEntrySchema.array().parse(await api.get(`/logs?limit=${String(LOG_BUFFER_SIZE)}`));
}

const lineKey = (entry: LogEntry) => `${String(entry.ts)}|${entry.level}|${entry.message}`;

export interface LogStream {
  lines: readonly LogEntry[];
  paused: boolean;
  /** Stops adding new lines (they wait), or adds those that waited and follows again. */
  togglePause: () => void;
  /** Lines that arrived while paused, shown on resume. */
  held: number;
  loading: boolean;
  error: unknown;
}

/**
 * The server's log: the recent lines, then each new one from the socket (`logs:entry`) while the
 * page is open. While paused, new lines wait and are added on resume. At most the server's
 * buffer size is kept, oldest dropped.
 */
export function useLogStream(): LogStream {
  const backfill = useQuery({
    queryKey: logsKeys.recent(),
    queryFn: fetchRecentLogs,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const [live, setLive] = useState<LogEntry[]>([]);
  useEffect(() => {
    const socket = getSocket();
    const onEntry = (entry: LogEntry) =>
      setLive((previous) => [...previous, entry].slice(-LOG_BUFFER_SIZE));
    socket.on(LOGS_ENTRY_EVENT, onEntry);
    if (!socket.connected) socket.connect();
    return () => {
      socket.off(LOGS_ENTRY_EVENT, onEntry);
    };
  }, []);
  // The live lines as they were when paused; null while following.
  const [frozen, setFrozen] = useState<LogEntry[] | null>(null);
  const first = backfill.data ?? [];
  // A live line may already be in the backfill (it was written while the backfill was asked for).
  const newest = first.at(-1)?.ts ?? 0;
  const seen = new Set(first.slice(-50).map(lineKey));
  const fresh = (frozen ?? live).filter((entry) => entry.ts >= newest && !seen.has(lineKey(entry)));
  const lines = [...first, ...fresh].slice(-LOG_BUFFER_SIZE);
  return {
    lines,
    paused: frozen !== null,
    togglePause: () => setFrozen(frozen === null ? live : null),
    held: frozen === null ? 0 : Math.max(0, live.length - frozen.length),
    loading: backfill.isPending,
    error: backfill.error,
  };
}

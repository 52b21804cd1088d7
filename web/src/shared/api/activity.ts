import {
  ACTIVITY_EVENTS,
  ACTIVITY_HEARTBEAT_INTERVAL_MS,
  ActivityEntrySchema,
} from '@romshelf/contract';
import type { ActivityClear, ActivityEntry } from '@romshelf/contract';
import type { QueryClient } from '@tanstack/react-query';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { api } from '@/lib/api-client';
import { getSocket } from '@/lib/socket';

export const activityKeys = {
  all: ['activity'] as const,
  everyone: () => [...activityKeys.all, 'everyone'] as const,
  rom: (romId: number) => [...activityKeys.all, 'rom', romId] as const,
};

const samePlay = (a: ActivityEntry | ActivityClear, b: ActivityEntry | ActivityClear) =>
  a.user_id === b.user_id && a.device_id === b.device_id;

/** Applies a live change to every activity list kept (all plays, and each game's). */
function applyChange(client: QueryClient, change: ActivityEntry | ActivityClear, ended: boolean) {
  const lists = client.getQueriesData<ActivityEntry[]>({ queryKey: activityKeys.all });
  for (const [key, list] of lists) {
    if (list === undefined) continue;
    const others = list.filter((play) => !samePlay(play, change));
    const romId = key[1] === 'rom' ? key[2] : undefined;
    const belongs = !ended && (romId === undefined || romId === change.rom_id);
    client.setQueryData<ActivityEntry[]>(
      key,
      belongs ? [change as ActivityEntry, ...others] : others,
    );
  }
}

/**
 * Follows `activity:update` / `activity:clear` on the socket while mounted, so the activity
 * lists change as people start and stop playing.
 */
function useActivityEvents(): void {
  const client = useQueryClient();
  useEffect(() => {
    const socket = getSocket();
    const onUpdate = (entry: ActivityEntry) => applyChange(client, entry, false);
    const onClear = (cleared: ActivityClear) => applyChange(client, cleared, true);
    socket.on(ACTIVITY_EVENTS.update, onUpdate);
    socket.on(ACTIVITY_EVENTS.clear, onClear);
    if (!socket.connected) socket.connect();
    return () => {
      socket.off(ACTIVITY_EVENTS.update, onUpdate);
      socket.off(ACTIVITY_EVENTS.clear, onClear);
    };
  }, [client]);
}

// Plays that end without a word (no heartbeat any more) drop out at the next refetch.
const live = { refetchInterval: ACTIVITY_HEARTBEAT_INTERVAL_MS, staleTime: 5_000 };

/** GET /api/activity: everyone playing right now, kept live. */
export function useActivityQuery() {
  useActivityEvents();
  return useQuery({
    queryKey: activityKeys.everyone(),
    queryFn: async () => ActivityEntrySchema.array().parse(await api.get('/activity')),
    ...live,
  });
}

/** GET /api/activity/rom/{id}: everyone playing one game right now, kept live. */
export function useRomActivityQuery(romId: number) {
  useActivityEvents();
  return useQuery({
    queryKey: activityKeys.rom(romId),
    queryFn: async () =>
      ActivityEntrySchema.array().parse(await api.get(`/activity/rom/${String(romId)}`)),
    ...live,
  });
}

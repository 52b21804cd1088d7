import { DeviceSchema, SYNC_EVENTS, SyncSessionSchema } from '@romshelf/contract';
import type {
  PushPullConfigInput,
  SyncConflictPayload,
  SyncMode,
  SyncProgressPayload,
  SyncSession,
} from '@romshelf/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { api } from '@/lib/api-client';
import { getSocket } from '@/lib/socket';

import { deviceKeys } from './devices';

export const syncKeys = {
  sessions: (deviceId: string) => ['sync-sessions', deviceId] as const,
  conflicts: (deviceId: string) => ['sync-conflicts', deviceId] as const,
};

/** How many sessions the history shows. */
const HISTORY_LIMIT = 20;

/** GET /api/sync/sessions?device_id= (devices.read): the device's sync sessions, newest first. */
export function useSyncSessionsQuery(deviceId: string) {
  return useQuery({
    queryKey: syncKeys.sessions(deviceId),
    queryFn: async (): Promise<SyncSession[]> =>
      SyncSessionSchema.array().parse(
        await api.get(
          `/sync/sessions?device_id=${encodeURIComponent(deviceId)}&limit=${String(HISTORY_LIMIT)}`,
        ),
      ),
  });
}

/** The conflicts the socket told of while the page was open, newest first. */
export function useSyncConflictsQuery(deviceId: string) {
  return useQuery({
    queryKey: syncKeys.conflicts(deviceId),
    queryFn: (): SyncConflictPayload[] => [],
    staleTime: Infinity,
  });
}

function showProgress(client: QueryClient, progress: SyncProgressPayload) {
  client.setQueryData<SyncSession[]>(syncKeys.sessions(progress.device_id), (sessions) =>
    sessions?.map((session) =>
      session.id === progress.session_id
        ? {
            ...session,
            operations_planned: progress.operations_planned,
            operations_completed: progress.operations_completed,
          }
        : session,
    ),
  );
}

/** Keeps the sync history live from the sync:* socket events while it is shown. */
export function useLiveSyncSessions() {
  const client = useQueryClient();
  useEffect(() => {
    const socket = getSocket();
    const refresh = ({ device_id }: { device_id: string }) => {
      void client.invalidateQueries({ queryKey: syncKeys.sessions(device_id) });
    };
    const onProgress = (progress: SyncProgressPayload) => showProgress(client, progress);
    const onConflict = (conflict: SyncConflictPayload) => {
      client.setQueryData<SyncConflictPayload[]>(syncKeys.conflicts(conflict.device_id), (list) => [
        conflict,
        ...(list ?? []),
      ]);
    };
    socket.on(SYNC_EVENTS.started, refresh);
    socket.on(SYNC_EVENTS.progress, onProgress);
    socket.on(SYNC_EVENTS.conflict, onConflict);
    socket.on(SYNC_EVENTS.completed, refresh);
    socket.on(SYNC_EVENTS.error, refresh);
    if (!socket.connected) socket.connect();
    return () => {
      socket.off(SYNC_EVENTS.started, refresh);
      socket.off(SYNC_EVENTS.progress, onProgress);
      socket.off(SYNC_EVENTS.conflict, onConflict);
      socket.off(SYNC_EVENTS.completed, refresh);
      socket.off(SYNC_EVENTS.error, refresh);
    };
  }, [client]);
}

/** What the sync settings change on a device. */
export interface DeviceSyncSettings {
  sync_mode: SyncMode;
  sync_enabled: boolean;
  sync_config: PushPullConfigInput | Record<string, unknown> | null;
}

/** PUT /api/devices/{id} (devices.write) with the device's sync mode and settings. */
export function useSaveDeviceSyncMutation(deviceId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (settings: DeviceSyncSettings) =>
      DeviceSchema.parse(
        await api.put(`/devices/${encodeURIComponent(deviceId)}`, { json: settings }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}

/** POST /api/sync/devices/{id}/push-pull (devices.write): a push_pull device syncs now. */
export function usePushPullMutation(deviceId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      SyncSessionSchema.parse(
        await api.post(`/sync/devices/${encodeURIComponent(deviceId)}/push-pull`),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: syncKeys.sessions(deviceId) }),
  });
}

import { GroupedTasksSchema, TASK_EVENTS, TaskStatusSchema } from '@romshelf/contract';
import type {
  GroupedTasks,
  TaskExecution,
  TaskInfo,
  TaskScheduleUpdate,
  TaskStatus,
} from '@romshelf/contract';
import type { QueryClient } from '@tanstack/react-query';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { api } from '@/lib/api-client';
import { getSocket } from '@/lib/socket';

/** RomM's Tasks page polls every 5 s; here the socket pushes changes and polling is the backstop. */
const STATUS_POLL_MS = 5000;

export const taskKeys = {
  all: ['tasks'] as const,
  list: () => [...taskKeys.all, 'list'] as const,
  statuses: () => [...taskKeys.all, 'statuses'] as const,
};

/** GET /api/tasks (tasks.run): the registry, grouped. */
export async function fetchTasks(): Promise<GroupedTasks> {
  return GroupedTasksSchema.parse(await api.get('/tasks'));
}

/** GET /api/tasks/status: live runs, then the history (newest first). */
export async function fetchTaskStatuses(): Promise<TaskStatus[]> {
  return TaskStatusSchema.array().parse(await api.get('/tasks/status'));
}

export function useTasksQuery() {
  return useQuery({ queryKey: taskKeys.list(), queryFn: fetchTasks });
}

export function useTaskStatusesQuery() {
  return useQuery({
    queryKey: taskKeys.statuses(),
    queryFn: fetchTaskStatuses,
    refetchInterval: STATUS_POLL_MS,
  });
}

/** Puts a run's latest status in the cached list (replacing its previous one, or first). */
function upsertStatus(client: QueryClient, status: TaskStatus): void {
  client.setQueryData<TaskStatus[]>(taskKeys.statuses(), (previous = []) => {
    const others = previous.filter((run) => run.task_id !== status.task_id);
    const live = others.filter((run) => run.ended_at === null);
    const ended = others.filter((run) => run.ended_at !== null);
    return status.ended_at === null ? [status, ...live, ...ended] : [...live, status, ...ended];
  });
}

/** Follows `task:progress` / `task:end` on the socket while the page is open. */
export function useTaskEvents(): void {
  const client = useQueryClient();
  useEffect(() => {
    const socket = getSocket();
    const onStatus = (status: TaskStatus) => upsertStatus(client, status);
    socket.on(TASK_EVENTS.progress, onStatus);
    socket.on(TASK_EVENTS.end, onStatus);
    if (!socket.connected) socket.connect();
    return () => {
      socket.off(TASK_EVENTS.progress, onStatus);
      socket.off(TASK_EVENTS.end, onStatus);
    };
  }, [client]);
}

/** POST /api/tasks/run/{task_name}: starts a run; it shows at once as started. */
export function useRunTaskMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post<TaskExecution>(`/tasks/run/${encodeURIComponent(name)}`),
    onSuccess: (execution) => {
      const known = client
        .getQueryData<TaskStatus[]>(taskKeys.statuses())
        ?.some((run) => run.task_id === execution.task_id);
      if (known === true) return;
      void client.invalidateQueries({ queryKey: taskKeys.statuses() });
    },
  });
}

/** PUT /api/tasks/{task_name}/schedule: saves when a task runs on its own (or manual only). */
export function useSaveScheduleMutation(name: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (update: TaskScheduleUpdate) =>
      api.put<TaskInfo>(`/tasks/${encodeURIComponent(name)}/schedule`, { json: update }),
    onSuccess: () => client.invalidateQueries({ queryKey: taskKeys.list() }),
  });
}

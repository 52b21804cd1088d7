import { TASK_EVENTS } from '@romshelf/contract';

import type { RealtimeServer } from '../realtime/realtime.gateway.js';
import type { TasksService } from './tasks.service.js';

/** Room of the sockets that receive task runs: users holding `tasks.run`. */
export const TASKS_ROOM = 'tasks';

/**
 * Task runs on the socket: `task:progress` when a run starts or moves on, `task:end` when it
 * finishes or fails, each with the run's status. Returns the unsubscribe function.
 */
export function registerTasksGateway(io: RealtimeServer, tasks: TasksService): () => void {
  io.on('connection', (socket) => {
    if (socket.data.scopes.includes('tasks.run')) void socket.join(TASKS_ROOM);
  });
  return broadcastTaskRuns(io, tasks);
}

/**
 * Sends the runs of this process to the tasks room (through the Redis adapter, to the sockets
 * of every API process). Returns the unsubscribe function.
 */
export function broadcastTaskRuns(io: Pick<RealtimeServer, 'to'>, tasks: TasksService): () => void {
  return tasks.subscribe((event, status) => {
    io.to(TASKS_ROOM).emit(event === 'end' ? TASK_EVENTS.end : TASK_EVENTS.progress, status);
  });
}

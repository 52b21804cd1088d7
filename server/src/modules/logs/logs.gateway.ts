import { LOGS_ENTRY_EVENT } from '@romshelf/contract';

import type { RealtimeServer } from '../realtime/realtime.gateway.js';
import type { LogRing } from './log-ring.js';

/** Room of the sockets that receive log lines: users holding `logs.read`. */
export const LOGS_ROOM = 'logs';

/**
 * Streams each new log line of this process to the sockets of users holding `logs.read`
 * (`logs:entry`). Scopes are the effective ones read when the socket connected. Returns the unsubscribe function.
 */
export function registerLogsGateway(io: RealtimeServer, ring: LogRing): () => void {
  io.on('connection', (socket) => {
    if (socket.data.scopes.includes('logs.read')) void socket.join(LOGS_ROOM);
  });
  return ring.subscribe((entry) => {
    io.to(LOGS_ROOM).emit(LOGS_ENTRY_EVENT, entry);
  });
}

import type {
  SyncCompletedPayload,
  SyncConflictPayload,
  SyncErrorPayload,
  SyncProgressPayload,
  SyncStartedPayload,
} from '@romshelf/contract';
import { SYNC_EVENTS } from '@romshelf/contract';

import type { RealtimeServer } from '../realtime/realtime.gateway.js';

/** The room of one user's sockets: a device's sync events go to its owner alone. */
const syncRoom = (userId: number) => `sync:user:${String(userId)}`;

type Audience = Pick<RealtimeServer, 'on' | 'to'>;

/**
 * RomM's `sync:*` socket events of the runs the server makes itself (file_transfer and
 * push_pull devices), to the device owner's open pages and apps. Silent until the socket
 * gateway is attached (the worker process has none).
 */
export class SyncEvents {
  private io: Audience | null = null;

  attach(io: Audience): void {
    this.io = io;
    io.on('connection', (socket) => {
      void socket.join(syncRoom(socket.data.user.id));
    });
  }

  started(userId: number, payload: SyncStartedPayload): void {
    this.io?.to(syncRoom(userId)).emit(SYNC_EVENTS.started, payload);
  }

  progress(userId: number, payload: SyncProgressPayload): void {
    this.io?.to(syncRoom(userId)).emit(SYNC_EVENTS.progress, payload);
  }

  completed(userId: number, payload: SyncCompletedPayload): void {
    this.io?.to(syncRoom(userId)).emit(SYNC_EVENTS.completed, payload);
  }

  conflict(userId: number, payload: SyncConflictPayload): void {
    this.io?.to(syncRoom(userId)).emit(SYNC_EVENTS.conflict, payload);
  }

  error(userId: number, payload: SyncErrorPayload): void {
    this.io?.to(syncRoom(userId)).emit(SYNC_EVENTS.error, payload);
  }
}

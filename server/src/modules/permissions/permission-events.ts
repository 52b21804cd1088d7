import type { PermissionsChangedPayload } from '@romshelf/contract';
import { PERMISSION_EVENTS } from '@romshelf/contract';

import type { RealtimeServer } from '../realtime/realtime.gateway.js';

/** The room of one user's sockets, for the events about their permissions. */
const permissionRoom = (userId: number) => `permissions:user:${String(userId)}`;

type Audience = Pick<RealtimeServer, 'on' | 'emit' | 'to' | 'in' | 'disconnectSockets'>;

/**
 * `permissions:changed` on the socket: tells the open pages of the users whose effective
 * permissions changed (group, overrides, hidden items) to fetch them again, then closes their
 * sockets, whose rooms followed the old scopes (the page connects again with the new ones).
 * Silent until the socket gateway is attached (the worker process has none).
 */
export class PermissionEvents {
  private io: Audience | null = null;

  attach(io: Audience): void {
    this.io = io;
    io.on('connection', (socket) => {
      void socket.join(permissionRoom(socket.data.user.id));
    });
  }

  /** The permissions of these users changed. */
  usersChanged(userIds: Iterable<number>): void {
    const io = this.io;
    if (io === null) return;
    for (const userId of new Set(userIds)) {
      const payload: PermissionsChangedPayload = { user_id: userId };
      io.to(permissionRoom(userId)).emit(PERMISSION_EVENTS.changed, payload);
      io.in(permissionRoom(userId)).disconnectSockets();
    }
  }

  /** Anyone's permissions may have changed (everyone's pages fetch theirs again). */
  everyoneChanged(): void {
    this.io?.emit(PERMISSION_EVENTS.changed, { user_id: null });
    this.io?.disconnectSockets();
  }
}

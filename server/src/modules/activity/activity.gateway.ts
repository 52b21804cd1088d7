import type { ActivityEventPayload } from '@romshelf/contract';
import { ACTIVITY_EVENTS } from '@romshelf/contract';
import type { FastifyBaseLogger } from 'fastify';

import type { UserRow } from '../../db/schema.js';
import type { Withheld } from '../hidden-items/visibility.js';
import type { RealtimeServer } from '../realtime/realtime.gateway.js';
import type { ActivityChange, ActivityService } from './activity.service.js';

/** Room of the sockets that hear every play, shared or not (users holding `users.read`). */
export const ACTIVITY_ALL_ROOM = 'activity:all';

/** The room of one user's sockets. */
export const userRoom = (userId: number) => `user:${String(userId)}`;

/** Rooms of the sockets whose user may not see a game, or a platform's games. */
const withheldRomRoom = (romId: number) => `withheld:rom:${String(romId)}`;
const withheldPlatformRoom = (platformId: number) => `withheld:platform:${String(platformId)}`;

/** What a user may not see (hidden platforms and games). */
export type WithheldOf = (user: UserRow) => Promise<Withheld>;

/** The device and game named by a payload (never who plays: that is the socket's user). */
function playOf(payload: unknown): { romId: number | null; deviceId: string | null } {
  if (typeof payload !== 'object' || payload === null) return { romId: null, deviceId: null };
  const { rom_id: romId, device_id: deviceId } = payload as ActivityEventPayload;
  return {
    romId: Number.isSafeInteger(romId) && (romId ?? 0) > 0 ? (romId ?? null) : null,
    deviceId:
      typeof deviceId === 'string' && deviceId !== '' && deviceId.length <= 255 ? deviceId : null,
  };
}

/**
 * Live activity on the socket: the web player's `activity:start|heartbeat|stop` (acting for the
 * socket's signed-in user only; a disconnect ends its play), and `activity:update|clear` to
 * everyone, or, for a player who does not share, to their own sockets and `users.read` holders;
 * never to sockets whose user the game is hidden from (a permission change closes the sockets,
 * so what a socket may not see is read once, when it connects). Returns the unsubscribe function.
 */
export function registerActivityGateway(
  io: RealtimeServer,
  activity: ActivityService,
  log: FastifyBaseLogger,
  withheldOf: WithheldOf,
): () => void {
  // Read before the socket counts as connected, so no update slips through before it joins.
  const withheldRooms = new WeakMap<object, string[]>();
  io.use((socket, next) => {
    withheldOf(socket.data.user).then(
      ({ platformIds, romIds }) => {
        withheldRooms.set(socket, [
          ...platformIds.map(withheldPlatformRoom),
          ...romIds.map(withheldRomRoom),
        ]);
        next();
      },
      (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
    );
  });
  io.on('connection', (socket) => {
    const user = socket.data.user;
    const scopes = socket.data.scopes;
    void socket.join([userRoom(user.id), ...(withheldRooms.get(socket) ?? [])]);
    if (scopes.includes('users.read')) void socket.join(ACTIVITY_ALL_ROOM);
    if (!scopes.includes('roms.user.write')) return;
    let playing: string | null = null;
    const failed = (error: unknown) => log.warn({ err: error }, 'activity event refused');

    const report = (payload: unknown, fresh: boolean) => {
      const { romId, deviceId } = playOf(payload);
      if (romId === null || deviceId === null) return;
      playing = deviceId;
      activity.reportWebPlay(user, romId, deviceId, fresh).catch(failed);
    };
    socket.on(ACTIVITY_EVENTS.start, (payload) => report(payload, true));
    socket.on(ACTIVITY_EVENTS.heartbeat, (payload) => report(payload, false));
    socket.on(ACTIVITY_EVENTS.stop, (payload) => {
      const deviceId = playOf(payload).deviceId ?? playing;
      playing = null;
      if (deviceId !== null) activity.stop(user.id, deviceId).catch(failed);
    });
    socket.on('disconnect', () => {
      if (playing !== null) activity.stop(user.id, playing).catch(failed);
    });
  });
  return broadcastActivity(io, activity);
}

/** Sends this process's activity changes to their audience (through every API process). */
export function broadcastActivity(
  io: Pick<RealtimeServer, 'emit' | 'to' | 'except'>,
  activity: ActivityService,
): () => void {
  return activity.subscribe((change: ActivityChange) => {
    const userId = change.kind === 'update' ? change.entry.user_id : change.cleared.user_id;
    const audience = change.shared ? io : io.to(userRoom(userId)).to(ACTIVITY_ALL_ROOM);
    if (change.kind === 'update') {
      audience
        .except([withheldRomRoom(change.entry.rom_id), withheldPlatformRoom(change.platformId)])
        .emit(ACTIVITY_EVENTS.update, change.entry);
    } else audience.emit(ACTIVITY_EVENTS.clear, change.cleared);
  });
}

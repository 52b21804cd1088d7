import type { Server as HttpServer } from 'node:http';

import type { Scope } from '@romshelf/contract';
import { NETPLAY_SOCKET_PATH } from '@romshelf/contract';
import type { Socket } from 'socket.io';
import { Server } from 'socket.io';

import type { UserRow } from '../../db/schema.js';
import type { AuthService } from '../auth/auth.service.js';
import type { RealtimeAdapter, SocketOrigins } from '../realtime/realtime.gateway.js';
import type { ScopesOf } from '../realtime/realtime.gateway.js';
import { sessionSocketAuth } from '../realtime/realtime.gateway.js';
import { roomRequestOf, webRtcSignalOf } from './netplay-payloads.js';
import type { NetplayPlayer } from './netplay-rooms.js';
import type { NetplayCaller, NetplayService, RoomOutcome } from './netplay.service.js';

interface NetplaySocketData {
  user: UserRow;
  scopes: readonly Scope[];
  /** The room this socket plays in, and its player key there. */
  room?: { sessionId: string; playerKey: string };
}

type Ack = (...args: unknown[]) => void;

/** What EmulatorJS's netplay clients send (payloads are checked field by field). */
interface NetplayClientEvents {
  'open-room': (payload: unknown, ack?: Ack) => void;
  'join-room': (payload: unknown, ack?: Ack) => void;
  'leave-room': () => void;
  'webrtc-signal': (payload: unknown) => void;
  'data-message': (payload: unknown) => void;
  snapshot: (payload: unknown) => void;
  input: (payload: unknown) => void;
}

interface NetplayServerEvents {
  'users-updated': (players: Record<string, NetplayPlayer>) => void;
  'webrtc-signal': (signal: Record<string, unknown>) => void;
  'data-message': (payload: unknown) => void;
  snapshot: (payload: unknown) => void;
  input: (payload: unknown) => void;
  'netplay-error': (message: string) => void;
}

type NetplayServer = Server<
  NetplayClientEvents,
  NetplayServerEvents,
  Record<string, never>,
  NetplaySocketData
>;
type NetplaySocket = Socket<
  NetplayClientEvents,
  NetplayServerEvents,
  Record<string, never>,
  NetplaySocketData
>;

/** Room messages relayed as they are to the room's other players. */
const RELAYED_EVENTS = ['data-message', 'snapshot', 'input'] as const;

/**
 * EmulatorJS 4.2.3 relays whole save states through `data-message` when players sync, so a
 * message may be several megabytes (socket.io's default limit is 1 MB).
 */
const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/**
 * The EmulatorJS netplay signalling server: socket.io's default namespace at
 * /netplay/socket.io/ (RomM's path), with the scan socket's origin and session rules.
 */
export function createNetplayGateway(
  httpServer: HttpServer,
  auth: AuthService,
  scopesOf: ScopesOf,
  origins: SocketOrigins,
  netplay: NetplayService,
  adapter?: RealtimeAdapter,
): NetplayServer {
  const { allowRequest, attachUser } = sessionSocketAuth(auth, scopesOf, origins);
  const io: NetplayServer = new Server(httpServer, {
    path: NETPLAY_SOCKET_PATH,
    serveClient: false,
    maxHttpBufferSize: MAX_MESSAGE_BYTES,
    ...(adapter === undefined ? {} : { adapter }),
    allowRequest,
  });
  io.use(attachUser);
  io.on('connection', (socket) => {
    registerRoomEvents(io, socket, netplay);
  });
  return io;
}

function registerRoomEvents(io: NetplayServer, socket: NetplaySocket, netplay: NetplayService) {
  const caller = (): NetplayCaller => ({
    socketId: socket.id,
    username: socket.data.user.username,
    scopes: socket.data.scopes,
  });
  const leave = async () => {
    const room = socket.data.room;
    if (room === undefined) return;
    socket.data.room = undefined;
    await socket.leave(room.sessionId);
    const left = await netplay.leave(socket.id, room.sessionId, room.playerKey);
    if (left !== null) io.to(left.sessionId).emit('users-updated', left.players);
  };
  const enter = async (outcome: RoomOutcome, ack: Ack, answer: (players: unknown) => unknown[]) => {
    if (!outcome.ok) {
      ack(outcome.error);
      return;
    }
    socket.data.room = { sessionId: outcome.sessionId, playerKey: outcome.playerKey };
    await socket.join(outcome.sessionId);
    io.to(outcome.sessionId).emit('users-updated', outcome.players);
    ack(...answer(outcome.players));
  };
  const handle = (work: () => Promise<void>) => {
    work().catch((error: unknown) => {
      socket.emit('netplay-error', error instanceof Error ? error.message : 'Netplay failed');
    });
  };

  socket.on('open-room', (payload: unknown, ack?: Ack) => {
    handle(async () => {
      await leave();
      const outcome = await netplay.open(caller(), roomRequestOf(payload));
      await enter(outcome, ack ?? noAck, () => []);
    });
  });
  socket.on('join-room', (payload: unknown, ack?: Ack) => {
    handle(async () => {
      await leave();
      const outcome = await netplay.join(caller(), roomRequestOf(payload));
      await enter(outcome, ack ?? noAck, (players) => [null, players]);
    });
  });
  socket.on('leave-room', () => handle(leave));
  socket.on('disconnect', () => handle(leave));
  socket.on('webrtc-signal', (payload: unknown) => {
    handle(async () => {
      const signal = webRtcSignalOf(payload);
      const room = socket.data.room;
      if (signal.target === null || room === undefined) return;
      // Signals go only between players of one room: no offer reaches a stranger's session.
      if (!(await netplay.peersOf(socket.id, room.sessionId)).has(signal.target)) return;
      const relayed: Record<string, unknown> = signal.requestRenegotiate
        ? { sender: socket.id, requestRenegotiate: true }
        : {
            sender: socket.id,
            candidate: signal.candidate,
            offer: signal.offer,
            answer: signal.answer,
          };
      io.to(signal.target).emit('webrtc-signal', relayed);
    });
  });
  for (const event of RELAYED_EVENTS) {
    socket.on(event, (payload: unknown) => {
      const room = socket.data.room;
      if (room !== undefined) socket.to(room.sessionId).emit(event, payload);
    });
  }
}

function noAck(): void {
  // A client that asked for no answer gets none.
}

/** Disconnects every netplay client and stops the engine, leaving the HTTP server to Fastify. */
export function closeNetplayGateway(io: NetplayServer): void {
  io.disconnectSockets(true);
  io.engine.close();
}

import {
  SOCKET_PATH,
  SOCKET_RANDOMIZATION_FACTOR,
  SOCKET_RECONNECTION_DELAY_MAX_MS,
  SOCKET_RECONNECTION_DELAY_MS,
  SOCKET_TIMEOUT_MS,
} from '@romshelf/contract';
import type { ClientToServerEvents, ServerToClientEvents } from '@romshelf/contract';
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';

/** The socket.io client, typed with the contract's event maps. */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | null = null;

/**
 * The one socket.io client (SPEC §7, §9): path /ws/socket.io/, websocket then polling,
 * never connects by itself — callers connect when they need live events.
 */
export function getSocket(): AppSocket {
  socket ??= io({
    path: SOCKET_PATH,
    transports: ['websocket', 'polling'],
    autoConnect: false,
    reconnection: true,
    reconnectionAttempts: Infinity,
    reconnectionDelay: SOCKET_RECONNECTION_DELAY_MS,
    reconnectionDelayMax: SOCKET_RECONNECTION_DELAY_MAX_MS,
    randomizationFactor: SOCKET_RANDOMIZATION_FACTOR,
    timeout: SOCKET_TIMEOUT_MS,
  });
  return socket;
}

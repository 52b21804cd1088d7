import type { Server as HttpServer } from 'node:http';

import { SESSION_COOKIE, SOCKET_PATH } from '@romshelf/contract';
import { fastifyCookie } from '@fastify/cookie';
import type { DefaultEventsMap } from 'socket.io';
import { Server } from 'socket.io';

import type { UserRow } from '../../db/schema.js';
import type { AuthService } from '../auth/auth.service.js';

/** What the gateway knows about each connected socket. */
export interface RealtimeSocketData {
  user: UserRow;
}

export type RealtimeServer = Server<
  DefaultEventsMap,
  DefaultEventsMap,
  DefaultEventsMap,
  RealtimeSocketData
>;

/**
 * The socket.io endpoint at /ws/socket.io/. Connections must carry a valid session cookie;
 * anonymous ones are refused. Events arrive in a later issue.
 */
export function createRealtimeGateway(httpServer: HttpServer, auth: AuthService): RealtimeServer {
  const io: RealtimeServer = new Server(httpServer, { path: SOCKET_PATH, serveClient: false });
  io.use((socket, next) => {
    const cookies = fastifyCookie.parse(socket.request.headers.cookie ?? '');
    const token = cookies[SESSION_COOKIE];
    if (token === undefined || token === '') {
      next(new Error('Not authenticated'));
      return;
    }
    auth
      .resolveSession(token)
      .then((found) => {
        if (found === null) {
          next(new Error('Not authenticated'));
          return;
        }
        socket.data.user = found.user;
        next();
      })
      .catch((error: unknown) => {
        next(error instanceof Error ? error : new Error('Authentication failed'));
      });
  });
  return io;
}

/** Disconnects every client and stops the engine, leaving the HTTP server to Fastify. */
export async function closeRealtimeGateway(io: RealtimeServer): Promise<void> {
  io.disconnectSockets(true);
  io.engine.close();
  await Promise.resolve();
}

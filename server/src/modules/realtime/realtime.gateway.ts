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
  const sessionToken = (cookieHeader: string | undefined): string | undefined => {
    const token = fastifyCookie.parse(cookieHeader ?? '')[SESSION_COOKIE];
    return token === '' ? undefined : token;
  };

  const io: RealtimeServer = new Server(httpServer, {
    path: SOCKET_PATH,
    serveClient: false,
    // Refuse the transport handshake itself when the request has no live session.
    allowRequest: (request, callback) => {
      const token = sessionToken(request.headers.cookie);
      if (token === undefined) {
        callback('Not authenticated', false);
        return;
      }
      auth.resolveSession(token).then(
        (found) => callback(found === null ? 'Not authenticated' : null, found !== null),
        () => callback('Authentication failed', false),
      );
    },
  });

  io.use((socket, next) => {
    const token = sessionToken(socket.request.headers.cookie);
    if (token === undefined) {
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

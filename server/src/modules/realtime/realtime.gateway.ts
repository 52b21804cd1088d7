import type { IncomingMessage, Server as HttpServer } from 'node:http';

import type {
  ClientToServerEvents,
  SCAN_EVENTS,
  Scope,
  ServerToClientEvents,
} from '@romshelf/contract';
import { SESSION_COOKIE, SOCKET_PATH } from '@romshelf/contract';
import { fastifyCookie } from '@fastify/cookie';
import type { ServerOptions } from 'socket.io';
import { Server } from 'socket.io';

import type { UserRow } from '../../db/schema.js';
import type { AuthService } from '../auth/auth.service.js';

/** What the gateway knows about each connected socket. */
export interface RealtimeSocketData {
  user: UserRow;
  /** The scopes the user held when the socket connected (a change of them disconnects it). */
  scopes: readonly Scope[];
}

/** The scopes a user holds now (their permission group's and their own). */
export type ScopesOf = (user: UserRow) => Promise<readonly Scope[]>;

/**
 * Events between the servers sharing the Redis adapter (API and worker processes): a stop asked
 * of any API process reaches the worker running the scan.
 */
export interface ServerSideEvents {
  [SCAN_EVENTS.stop]: () => void;
}

/** The socket.io server, typed with the contract's event maps. */
export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  ServerSideEvents,
  RealtimeSocketData
>;

/** How socket.io servers reach each other's clients: in memory (one process) or through Redis. */
export type RealtimeAdapter = ServerOptions['adapter'];

/** Origins, besides the server's own, whose pages may open the socket. */
export interface SocketOrigins {
  /** ROMSHELF_BASE_URL, when set. */
  baseUrl: string | null;
  /** ROMSHELF_ALLOWED_ORIGINS. */
  allowed: readonly string[];
}

/**
 * Whether a handshake may go on as far as its origin goes. Browsers always name the page's
 * origin on cross-site requests and WebSocket handshakes: a page elsewhere carrying the user's
 * cookie is refused unless its origin is the server's own (the Host it asked for), the base
 * URL's or an allowed one. Requests without an Origin are not from another site's page (apps
 * and same-origin polling) and go on to the session check.
 */
export function isAllowedSocketOrigin(request: IncomingMessage, origins: SocketOrigins): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (!URL.canParse(origin)) return false;
  const url = new URL(origin);
  if (!/^https?:$/.test(url.protocol)) return false;
  if (request.headers.host !== undefined && url.host === request.headers.host) return true;
  if (origins.baseUrl !== null && url.origin === new URL(origins.baseUrl).origin) return true;
  return origins.allowed.includes(url.origin);
}

/**
 * The handshake rules every session socket shares: an allowed origin and a live session cookie
 * for the transport handshake, then the session's user in `socket.data.user` and their scopes
 * in `socket.data.scopes`.
 */
export function sessionSocketAuth(auth: AuthService, scopesOf: ScopesOf, origins: SocketOrigins) {
  const sessionToken = (cookieHeader: string | undefined): string | undefined => {
    const token = fastifyCookie.parse(cookieHeader ?? '')[SESSION_COOKIE];
    return token === '' ? undefined : token;
  };

  // Refuse the transport handshake itself when the request has no live session.
  const allowRequest: NonNullable<ServerOptions['allowRequest']> = (request, callback) => {
    if (!isAllowedSocketOrigin(request, origins)) {
      callback('Origin not allowed', false);
      return;
    }
    const token = sessionToken(request.headers.cookie);
    if (token === undefined) {
      callback('Not authenticated', false);
      return;
    }
    auth.resolveSession(token).then(
      (found) => callback(found === null ? 'Not authenticated' : null, found !== null),
      () => callback('Authentication failed', false),
    );
  };

  const attachUser = (
    socket: { request: IncomingMessage; data: Partial<RealtimeSocketData> },
    next: (error?: Error) => void,
  ): void => {
    const token = sessionToken(socket.request.headers.cookie);
    if (token === undefined) {
      next(new Error('Not authenticated'));
      return;
    }
    auth
      .resolveSession(token)
      .then(async (found) => {
        if (found === null) {
          next(new Error('Not authenticated'));
          return;
        }
        socket.data.user = found.user;
        socket.data.scopes = await scopesOf(found.user);
        next();
      })
      .catch((error: unknown) => {
        next(error instanceof Error ? error : new Error('Authentication failed'));
      });
  };
  return { allowRequest, attachUser };
}

/** The socket.io endpoint at /ws/socket.io/, for signed-in pages of allowed origins only. */
export function createRealtimeGateway(
  httpServer: HttpServer,
  auth: AuthService,
  scopesOf: ScopesOf,
  origins: SocketOrigins,
  adapter?: RealtimeAdapter,
): RealtimeServer {
  const { allowRequest, attachUser } = sessionSocketAuth(auth, scopesOf, origins);
  const io: RealtimeServer = new Server(httpServer, {
    path: SOCKET_PATH,
    serveClient: false,
    ...(adapter === undefined ? {} : { adapter }),
    allowRequest,
  });
  io.use(attachUser);
  return io;
}

/** Disconnects every client and stops the engine, leaving the HTTP server to Fastify. */
export async function closeRealtimeGateway(io: RealtimeServer): Promise<void> {
  io.disconnectSockets(true);
  io.engine.close();
  await Promise.resolve();
}

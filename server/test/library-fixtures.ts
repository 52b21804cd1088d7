import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';

import type { ScanRequest, ScanStats } from '@romshelf/contract';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { io } from 'socket.io-client';

import type { Session } from './build-test-app.js';

/** Writes files (path relative to root → content), creating folders. */
export function writeTree(root: string, files: Record<string, string | Buffer>): void {
  for (const [relative, content] of Object.entries(files)) {
    const target = path.join(root, relative);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
}

export function hashesOf(content: string | Buffer) {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  return {
    crc: (zlib.crc32(bytes) >>> 0).toString(16).padStart(8, '0'),
    md5: createHash('md5').update(bytes).digest('hex'),
    sha1: createHash('sha1').update(bytes).digest('hex'),
  };
}

const sockets: Socket[] = [];

/** Disconnects the sockets the test opened (after each test: server/test/setup.ts). */
export function disconnectTestSockets(): void {
  for (const socket of sockets.splice(0)) socket.disconnect();
}

/** Base URL of the app, listening on a random loopback port. */
export async function listenOnce(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** A connected socket.io client signed in with the session's cookies. */
export async function connectSocket(app: FastifyInstance, session: Session): Promise<Socket> {
  const baseUrl = await listenOnce(app);
  const socket = io(baseUrl, {
    path: '/ws/socket.io/',
    transports: ['websocket'],
    extraHeaders: { cookie: session.cookie },
    reconnection: false,
  });
  sockets.push(socket);
  await connected(socket);
  return socket;
}

/** Resolves once the socket is connected; rejects with its connection error. */
export function connected(socket: Socket): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

export interface ReceivedEvent {
  name: string;
  payload: unknown;
  at: number;
}

const SCAN_EVENT_NAMES = [
  'scan:scanning_platform',
  'scan:scanning_rom',
  'scan:update_stats',
  'scan:done',
  'scan:done_ko',
];

/** Records every scan event a socket receives. */
export function recordScanEvents(socket: Socket): ReceivedEvent[] {
  const events: ReceivedEvent[] = [];
  for (const name of SCAN_EVENT_NAMES) {
    socket.on(name, (payload: unknown) => events.push({ name, payload, at: Date.now() }));
  }
  return events;
}

/** Resolves with the first terminal event (`scan:done` / `scan:done_ko`) after now. */
export function nextTerminal(socket: Socket, timeoutMs = 15_000): Promise<ReceivedEvent> {
  return new Promise((resolve, reject) => {
    const deadline = AbortSignal.timeout(timeoutMs);
    const stopListening = () => {
      socket.off('scan:done', onDone);
      socket.off('scan:done_ko', onKo);
    };
    const onTimeout = () => {
      stopListening();
      reject(new Error('no terminal scan event'));
    };
    const finish = (name: string) => (payload: unknown) => {
      deadline.removeEventListener('abort', onTimeout);
      stopListening();
      resolve({ name, payload, at: Date.now() });
    };
    const onDone = finish('scan:done');
    const onKo = finish('scan:done_ko');
    deadline.addEventListener('abort', onTimeout);
    socket.on('scan:done', onDone);
    socket.on('scan:done_ko', onKo);
  });
}

/**
 * The scan events the server sent this socket before it answered a marker: a scan request it
 * refuses at once (invalid, or Forbidden without the permission), to this socket only. A
 * socket's messages arrive in the order they were sent, so every event emitted before the
 * marker was handled is in the list; the marker's own refusal is left out.
 */
export async function eventsBeforeMarker(
  socket: Socket,
  events: ReceivedEvent[],
): Promise<ReceivedEvent[]> {
  const marker = nextTerminal(socket);
  socket.emit('scan', { type: 'marker' });
  const refusal = await marker;
  if (events.at(-1)?.payload !== refusal.payload) {
    throw new Error('the marker refusal is not the last recorded event');
  }
  return events.slice(0, -1);
}

/** Runs a scan through the socket protocol and returns its final stats (throws on done_ko). */
export async function scanLibrary(
  app: FastifyInstance,
  session: Session,
  request: Partial<ScanRequest> = {},
): Promise<ScanStats> {
  const socket = await connectSocket(app, session);
  const terminal = nextTerminal(socket);
  socket.emit('scan', { platforms: [], type: 'quick', apis: [], ...request });
  const event = await terminal;
  socket.disconnect();
  if (event.name !== 'scan:done') throw new Error(`scan failed: ${String(event.payload)}`);
  return event.payload as ScanStats;
}

import { writeFileSync } from 'node:fs';
import path from 'node:path';

import { NETPLAY_SOCKET_PATH } from '@romshelf/contract';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { io } from 'socket.io-client';

import { addUser } from './accounts.js';
import type { Session } from './build-test-app.js';
import { buildTestApp, createFirstAdmin, login } from './build-test-app.js';
import { connected, listenOnce, scanLibrary, writeTree } from './library-fixtures.js';

const sockets: Socket[] = [];

/** Closes the netplay sockets the tests opened. */
export function disconnectNetplaySockets(): void {
  for (const socket of sockets.splice(0)) socket.disconnect();
}

/** config.yml with netplay on or off. */
export function writeNetplayConfig(dataDir: string, enabled: boolean): void {
  writeFileSync(
    path.join(dataDir, 'config', 'config.yml'),
    `emulatorjs:\n  netplay:\n    enabled: ${String(enabled)}\n`,
  );
}

/** A listening app with netplay on, the admin ("admin"), a viewer ("bob") and one NES game. */
export async function setupNetplay(env: Record<string, string> = {}) {
  const test = await buildTestApp({ env });
  writeNetplayConfig(test.dataDir, true);
  await createFirstAdmin(test.app);
  await addUser(test.app, 'bob', 'viewer');
  await addUser(test.app, 'carol', 'viewer');
  const admin = await login(test.app);
  const bob = await login(test.app, 'bob', 'bob-pass');
  const carol = await login(test.app, 'carol', 'carol-pass');
  writeTree(test.config.libraryDir, { 'roms/nes/Game.nes': 'game', 'roms/nes/Other.nes': 'x' });
  await scanLibrary(test.app, admin);
  const roms = (
    await test.app.inject({ method: 'GET', url: '/api/roms', headers: { cookie: admin.cookie } })
  ).json<{ items: { id: number; fs_name: string }[] }>().items;
  const romId = (name: string) => roms.find((rom) => rom.fs_name === name)?.id ?? 0;
  const baseUrl = await listenOnce(test.app);
  return {
    ...test,
    admin,
    bob,
    carol,
    baseUrl,
    gameId: romId('Game.nes'),
    otherId: romId('Other.nes'),
  };
}

/** A netplay socket at RomM's path, connected with a session cookie (and optional Origin). */
export async function connectNetplay(
  baseUrl: string,
  session: Session | null,
  origin?: string,
): Promise<Socket> {
  const socket = io(baseUrl, {
    path: NETPLAY_SOCKET_PATH,
    transports: ['websocket'],
    extraHeaders: {
      ...(session === null ? {} : { cookie: session.cookie }),
      ...(origin === undefined ? {} : { origin }),
    },
    reconnection: false,
  });
  sockets.push(socket);
  await connected(socket);
  return socket;
}

/** Emits an event and resolves with the arguments of its acknowledgement. */
export function emitWithAck(socket: Socket, event: string, payload: unknown): Promise<unknown[]> {
  return new Promise((resolve) => {
    socket.emit(event, payload, (...args: unknown[]) => resolve(args));
  });
}

/** Resolves with the payload of the next `event` the socket receives. */
export function nextEvent<T = unknown>(socket: Socket, event: string): Promise<T> {
  return new Promise((resolve) => socket.once(event, (payload: T) => resolve(payload)));
}

/** EmulatorJS 4.2.3's `open-room` payload (password beside `extra`). */
export function openRoomPayload(
  gameId: number,
  sessionid: string,
  userid: string,
  options: { password?: string; maxPlayers?: number; playerName?: string } = {},
) {
  return {
    extra: {
      domain: 'localhost',
      game_id: gameId,
      room_name: `Room ${sessionid}`,
      player_name: options.playerName ?? 'Someone Else',
      userid,
      sessionid,
    },
    maxPlayers: options.maxPlayers ?? 2,
    password: options.password ?? '',
  };
}

/** EmulatorJS's `join-room` payload (RomM's client puts the password in `extra`). */
export function joinRoomPayload(sessionid: string, userid: string, password?: string) {
  return {
    extra: {
      sessionid,
      userid,
      player_name: 'Impostor',
      ...(password === undefined ? {} : { room_password: password }),
    },
  };
}

export async function roomList(app: FastifyInstance, session: Session, gameId: number | string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/netplay/list?game_id=${String(gameId)}`,
    headers: { cookie: session.cookie },
  });
  return response.json<Record<string, unknown>>();
}

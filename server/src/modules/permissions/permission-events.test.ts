import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { PermissionsChangedPayload } from '@romshelf/contract';
import { PERMISSION_EVENTS } from '@romshelf/contract';
import { Server } from 'socket.io';
import type { Socket } from 'socket.io-client';
import { io as connect } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';

import type { UserRow } from '../../db/schema.js';
import type { RealtimeServer } from '../realtime/realtime.gateway.js';
import { PermissionEvents } from './permission-events.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A socket.io server whose sockets are signed in as the user named by `auth.user_id`. */
async function startServer(): Promise<{ io: RealtimeServer; url: string }> {
  const http = createServer();
  const io: RealtimeServer = new Server(http);
  io.use((socket, next) => {
    socket.data.user = { id: Number(socket.handshake.auth.user_id) } as UserRow;
    socket.data.scopes = [];
    next();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => {
    void io.close();
  });
  return { io, url: `http://127.0.0.1:${String((http.address() as AddressInfo).port)}` };
}

async function connectAs(url: string, userId: number): Promise<Socket> {
  const socket = connect(url, { transports: ['websocket'], auth: { user_id: userId } });
  cleanups.push(() => socket.disconnect());
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

const nextChange = (socket: Socket) =>
  new Promise<PermissionsChangedPayload>((resolve) => {
    socket.once(PERMISSION_EVENTS.changed, resolve);
  });

describe('PermissionEvents', () => {
  it("tells the changed users' sockets once each and closes them, or everyone's", async () => {
    const { io, url } = await startServer();
    const events = new PermissionEvents();
    events.usersChanged([2]);
    events.attach(io);
    const kid = await connectAs(url, 2);
    const parent = await connectAs(url, 3);

    const kidHears: PermissionsChangedPayload[] = [];
    kid.on(PERMISSION_EVENTS.changed, (payload: PermissionsChangedPayload) =>
      kidHears.push(payload),
    );
    const kidClosed = new Promise<string>((resolve) => kid.once('disconnect', resolve));
    const parentHears = nextChange(parent);
    events.usersChanged([2, 2]);
    // The kid hears once, then the server closes the socket, whose rooms followed old scopes.
    expect(await kidClosed).toBe('io server disconnect');
    expect(kidHears).toEqual([{ user_id: 2 }]);
    expect(parent.connected).toBe(true);

    const parentClosed = new Promise<string>((resolve) => parent.once('disconnect', resolve));
    events.everyoneChanged();
    // The parent's first event is everyone's: the kid's change never reached them.
    expect(await parentHears).toEqual({ user_id: null });
    expect(await parentClosed).toBe('io server disconnect');
  });
});

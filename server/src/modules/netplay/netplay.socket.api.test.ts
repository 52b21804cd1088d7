import { describe, expect, it } from 'vitest';

import {
  connectNetplay,
  emitWithAck,
  joinRoomPayload,
  nextEvent,
  openRoomPayload,
  roomList,
  setupNetplay,
  writeNetplayConfig,
} from '../../../test/netplay.js';

type Players = Record<string, { socketId: string; player_name: string; userid: string | null }>;

describe('netplay signalling at /netplay/socket.io/', () => {
  it('opens a room under the username, lists it, and lets another user join with its password', async () => {
    const { app, admin, bob, baseUrl, gameId } = await setupNetplay();
    const owner = await connectNetplay(baseUrl, admin);
    const opened = nextEvent<Players>(owner, 'users-updated');
    const payload = openRoomPayload(gameId, 'room-1', 'p-admin', { password: 'pw' });
    expect(await emitWithAck(owner, 'open-room', payload)).toEqual([]);
    expect(await opened).toEqual({
      'p-admin': { socketId: owner.id, player_name: 'admin', userid: 'p-admin', playerId: null },
    });
    expect(await roomList(app, bob, gameId)).toEqual({
      'room-1': {
        room_name: 'Room room-1',
        current: 1,
        max: 2,
        player_name: 'admin',
        hasPassword: true,
      },
    });

    const guest = await connectNetplay(baseUrl, bob);
    expect(
      await emitWithAck(guest, 'join-room', joinRoomPayload('room-1', 'p-bob', 'wrong')),
    ).toEqual(['Incorrect password']);
    expect(await emitWithAck(guest, 'join-room', joinRoomPayload('room-1', 'p-bob'))).toEqual([
      'Incorrect password',
    ]);
    const ownerSees = nextEvent<Players>(owner, 'users-updated');
    const joined = await emitWithAck(guest, 'join-room', joinRoomPayload('room-1', 'p-bob', 'pw'));
    const both = {
      'p-admin': { socketId: owner.id, player_name: 'admin', userid: 'p-admin', playerId: null },
      'p-bob': { socketId: guest.id, player_name: 'bob', userid: 'p-bob', playerId: null },
    };
    expect(joined).toEqual([null, both]);
    expect(await ownerSees).toEqual(both);
    // Full (2 of 2): no longer listed as open.
    expect(await roomList(app, bob, gameId)).toEqual({});
  });

  it('refuses a full room, an unknown room, a missing game and a duplicate room id', async () => {
    const { admin, bob, carol, baseUrl, gameId } = await setupNetplay();
    const owner = await connectNetplay(baseUrl, admin);
    await emitWithAck(owner, 'open-room', openRoomPayload(gameId, 'duo', 'p1'));
    const second = await connectNetplay(baseUrl, bob);
    expect(await emitWithAck(second, 'join-room', joinRoomPayload('duo', 'p2'))).toHaveLength(2);
    const third = await connectNetplay(baseUrl, carol);
    expect(await emitWithAck(third, 'join-room', joinRoomPayload('duo', 'p3'))).toEqual([
      'Room is full',
    ]);
    expect(await emitWithAck(third, 'join-room', joinRoomPayload('nowhere', 'p3'))).toEqual([
      'Room not found',
    ]);
    expect(await emitWithAck(third, 'open-room', openRoomPayload(999_999, 'ghost', 'p3'))).toEqual([
      'Not authorized to open a room for this game',
    ]);
    expect(await emitWithAck(third, 'open-room', openRoomPayload(gameId, 'duo', 'p3'))).toEqual([
      'Room already exists',
    ]);
    expect(await emitWithAck(third, 'open-room', { extra: { game_id: gameId } })).toEqual([
      'Invalid data: sessionId and playerId required',
    ]);
  });

  it('refuses to open rooms while config.yml has netplay off', async () => {
    const { admin, baseUrl, gameId, dataDir } = await setupNetplay();
    writeNetplayConfig(dataDir, false);
    const socket = await connectNetplay(baseUrl, admin);
    expect(await emitWithAck(socket, 'open-room', openRoomPayload(gameId, 'r', 'p'))).toEqual([
      'Netplay is disabled',
    ]);
  });

  it('relays room messages to the other players only, and WebRTC signals between peers only', async () => {
    const { admin, bob, carol, baseUrl, gameId } = await setupNetplay();
    const owner = await connectNetplay(baseUrl, admin);
    await emitWithAck(
      owner,
      'open-room',
      openRoomPayload(gameId, 'relay', 'p1', { maxPlayers: 4 }),
    );
    const guest = await connectNetplay(baseUrl, bob);
    await emitWithAck(guest, 'join-room', joinRoomPayload('relay', 'p2'));
    const stranger = await connectNetplay(baseUrl, carol);
    const received: string[] = [];
    for (const socket of [owner, guest, stranger]) {
      for (const event of ['data-message', 'snapshot', 'input', 'webrtc-signal']) {
        socket.on(event, () =>
          received.push(
            `${socket === owner ? 'owner' : socket === guest ? 'guest' : 'stranger'}:${event}`,
          ),
        );
      }
    }

    for (const event of ['data-message', 'snapshot', 'input']) {
      const relayed = nextEvent(guest, event);
      owner.emit(event, { state: [1, 2, 3], event });
      expect(await relayed).toEqual({ state: [1, 2, 3], event });
    }
    stranger.emit('data-message', { from: 'outside' });
    owner.emit('webrtc-signal', { target: stranger.id, offer: { sdp: 'x' } });
    const signal = nextEvent(guest, 'webrtc-signal');
    owner.emit('webrtc-signal', { target: guest.id, candidate: { candidate: 'c' } });
    expect(await signal).toEqual({
      sender: owner.id,
      candidate: { candidate: 'c' },
      offer: null,
      answer: null,
    });
    const renegotiate = nextEvent(owner, 'webrtc-signal');
    guest.emit('webrtc-signal', { target: owner.id, requestRenegotiate: true });
    expect(await renegotiate).toEqual({ sender: guest.id, requestRenegotiate: true });
    expect(received).toEqual([
      'guest:data-message',
      'guest:snapshot',
      'guest:input',
      'guest:webrtc-signal',
      'owner:webrtc-signal',
    ]);
  });

  it('hands the room to the next player when the owner leaves, and drops it with the last one', async () => {
    const { app, admin, bob, baseUrl, gameId } = await setupNetplay();
    const owner = await connectNetplay(baseUrl, admin);
    await emitWithAck(
      owner,
      'open-room',
      openRoomPayload(gameId, 'handover', 'p1', { maxPlayers: 3 }),
    );
    const guest = await connectNetplay(baseUrl, bob);
    await emitWithAck(guest, 'join-room', joinRoomPayload('handover', 'p2'));

    const afterLeave = nextEvent<Players>(guest, 'users-updated');
    owner.emit('leave-room');
    expect(Object.keys(await afterLeave)).toEqual(['p2']);
    expect(await roomList(app, bob, gameId)).toEqual({
      handover: {
        room_name: 'Room handover',
        current: 1,
        max: 3,
        player_name: 'bob',
        hasPassword: false,
      },
    });

    const backIn = nextEvent<Players>(guest, 'users-updated');
    await emitWithAck(owner, 'join-room', joinRoomPayload('handover', 'p1'));
    expect(Object.keys(await backIn)).toEqual(['p2', 'p1']);
    const ownerSees = nextEvent<Players>(owner, 'users-updated');
    guest.disconnect();
    expect(Object.keys(await ownerSees)).toEqual(['p1']);
    expect((await roomList(app, admin, gameId)).handover).toMatchObject({ player_name: 'admin' });

    owner.emit('leave-room');
    await expect.poll(() => roomList(app, admin, gameId)).toEqual({});
  });

  it('refuses anonymous handshakes and pages of other origins', async () => {
    const { admin, baseUrl } = await setupNetplay();
    await expect(connectNetplay(baseUrl, null)).rejects.toThrow();
    await expect(connectNetplay(baseUrl, admin, 'https://evil.example.com')).rejects.toThrow();
    const url = `${baseUrl}/netplay/socket.io/?EIO=4&transport=polling`;
    const anonymous = await fetch(url);
    expect(anonymous.status).toBe(403);
    expect(await anonymous.text()).toContain('Not authenticated');
    const foreign = await fetch(url, {
      headers: { cookie: admin.cookie, origin: 'https://evil.example.com' },
    });
    expect(foreign.status).toBe(403);
    expect(await foreign.text()).toContain('Origin not allowed');
    expect(await connectNetplay(baseUrl, admin, baseUrl)).toMatchObject({ connected: true });
  });
});

describe('GET /api/netplay/list', () => {
  it('answers 400 without a game id, 401 anonymously, and only open rooms of the game', async () => {
    const { app, admin, baseUrl, gameId, otherId } = await setupNetplay();
    const missing = await app.inject({
      method: 'GET',
      url: '/api/netplay/list',
      headers: { cookie: admin.cookie },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ detail: 'Missing game_id query parameter' });
    const anonymous = await app.inject({
      method: 'GET',
      url: `/api/netplay/list?game_id=${gameId}`,
    });
    expect(anonymous.statusCode).toBe(401);

    const owner = await connectNetplay(baseUrl, admin);
    await emitWithAck(
      owner,
      'open-room',
      openRoomPayload(otherId, 'elsewhere', 'p1', { maxPlayers: 4 }),
    );
    expect(await roomList(app, admin, gameId)).toEqual({});
    expect(await roomList(app, admin, otherId)).toEqual({
      elsewhere: {
        room_name: 'Room elsewhere',
        current: 1,
        max: 4,
        player_name: 'admin',
        hasPassword: false,
      },
    });
  });
});

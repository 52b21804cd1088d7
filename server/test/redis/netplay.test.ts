import { describe, expect, it } from 'vitest';

import { buildTestApp, closeTestApp } from '../build-test-app.js';
import { listenOnce } from '../library-fixtures.js';
import {
  connectNetplay,
  emitWithAck,
  joinRoomPayload,
  nextEvent,
  openRoomPayload,
  roomList,
  setupNetplay,
} from '../netplay.js';

/** Two API processes (two apps on one data folder) sharing netplay rooms through a real Redis. */
const REDIS_URL = process.env.ROMSHELF_TEST_REDIS_URL;

async function twoProcesses() {
  if (REDIS_URL === undefined || REDIS_URL === '') {
    throw new Error('ROMSHELF_TEST_REDIS_URL is not set (.ci/run starts a Redis and sets it)');
  }
  // Users, sessions and the game are made once without Redis (a scan there would need a worker).
  const seeded = await setupNetplay();
  await closeTestApp(seeded.app);
  const env = { REDIS_URL };
  const first = await buildTestApp({ dataDir: seeded.dataDir, env });
  const second = await buildTestApp({ dataDir: seeded.dataDir, env });
  return {
    ...seeded,
    first: { app: first.app, url: await listenOnce(first.app) },
    second: { app: second.app, url: await listenOnce(second.app) },
  };
}

describe('netplay across API processes (REDIS_URL)', () => {
  it('lists, joins and relays between players connected to different processes', async () => {
    const { admin, bob, gameId, first, second } = await twoProcesses();
    const room = `redis-room-${String(Date.now())}`;
    const owner = await connectNetplay(first.url, admin);
    await emitWithAck(owner, 'open-room', openRoomPayload(gameId, room, 'p1', { password: 'pw' }));
    expect((await roomList(second.app, bob, gameId))[room]).toEqual({
      room_name: `Room ${room}`,
      current: 1,
      max: 2,
      player_name: 'admin',
      hasPassword: true,
    });

    const guest = await connectNetplay(second.url, bob);
    const ownerSees = nextEvent<Record<string, unknown>>(owner, 'users-updated');
    const joined = await emitWithAck(guest, 'join-room', joinRoomPayload(room, 'p2', 'pw'));
    expect(joined[0]).toBeNull();
    expect(Object.keys(await ownerSees)).toEqual(['p1', 'p2']);

    const relayed = nextEvent(owner, 'data-message');
    guest.emit('data-message', { ready: true });
    expect(await relayed).toEqual({ ready: true });
    const signal = nextEvent(guest, 'webrtc-signal');
    owner.emit('webrtc-signal', { target: guest.id, offer: { type: 'offer', sdp: 'v=0' } });
    expect(await signal).toEqual({
      sender: owner.id,
      candidate: null,
      offer: { type: 'offer', sdp: 'v=0' },
      answer: null,
    });

    const guestSees = nextEvent<Record<string, unknown>>(guest, 'users-updated');
    owner.disconnect();
    expect(Object.keys(await guestSees)).toEqual(['p2']);
    expect((await roomList(first.app, admin, gameId))[room]).toMatchObject({ player_name: 'bob' });
    guest.emit('leave-room');
    await expect.poll(async () => (await roomList(first.app, admin, gameId))[room]).toBeUndefined();
  });
});

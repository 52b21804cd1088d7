import { afterEach, describe, expect, it } from 'vitest';

import type { EjsNetplayHost } from './netplay';
import { startNetplay } from './netplay';

interface Opened {
  url: string;
  options: Record<string, unknown> | undefined;
  emitted: [string, unknown][];
}

type IoScope = { io?: unknown };

/** A stand-in for EmulatorJS's global socket.io client, recording what it was asked. */
function fakeIo(): Opened[] {
  const opened: Opened[] = [];
  (window as unknown as IoScope).io = (url: string, options?: Record<string, unknown>) => {
    const record: Opened = { url, options, emitted: [] };
    opened.push(record);
    return {
      emit: (event: string, payload: unknown) => {
        record.emitted.push([event, structuredClone(payload)]);
      },
    };
  };
  return opened;
}

/** An emulator whose first netplay menu opening asks for a name, as EmulatorJS 4.2.3 does. */
function fakeEmulator() {
  const menu = document.createElement('div');
  const joined: [string, string][] = [];
  const emulator: EjsNetplayHost = {
    netplayMenu: menu,
    openNetplayMenu() {
      if (emulator.netplay?.name) return;
      emulator.netplay = { joinRoom: (id, name) => joined.push([id, name]) };
      const prompt = document.createElement('div');
      prompt.className = 'name-prompt';
      menu.appendChild(prompt);
    },
  };
  return { emulator, menu, joined };
}

afterEach(() => {
  delete (window as unknown as IoScope).io;
});

describe('startNetplay', () => {
  it('names the player by username without the name prompt, and joins the chosen room', () => {
    fakeIo();
    const { emulator, menu, joined } = fakeEmulator();
    startNetplay(emulator, 'alice', { sessionId: 'room-1', roomName: 'Evening', password: null });
    expect(emulator.netplay?.name).toBe('alice');
    expect(menu.querySelector('.name-prompt')).toBeNull();
    expect(joined).toEqual([['room-1', 'Evening']]);
  });

  it("sends EmulatorJS's socket to the netplay path of this server, with the room password on join", () => {
    const opened = fakeIo();
    const { emulator } = fakeEmulator();
    startNetplay(emulator, 'bob', { sessionId: 'room-2', roomName: 'Locked', password: 'pw' });
    const io = (
      window as unknown as { io: (url: string, o?: object) => { emit: (...a: unknown[]) => void } }
    ).io;
    const socket = io('http://elsewhere.example/api/netplay', { reconnection: false });
    socket.emit('join-room', { extra: { sessionid: 'room-2' } });
    socket.emit('data-message', { ready: true });
    expect(opened).toEqual([
      {
        url: window.location.origin,
        options: { reconnection: false, path: '/netplay/socket.io/' },
        emitted: [
          ['join-room', { extra: { sessionid: 'room-2', room_password: 'pw' } }],
          ['data-message', { ready: true }],
        ],
      },
    ]);
  });

  it('opens no room by itself when none was chosen, and keeps a name already given', () => {
    fakeIo();
    const { emulator, menu, joined } = fakeEmulator();
    startNetplay(emulator, 'carol', null);
    expect(joined).toEqual([]);
    expect(emulator.netplay).toBeUndefined();
    emulator.openNetplayMenu?.();
    expect(emulator.netplay?.name).toBe('carol');
    emulator.openNetplayMenu?.();
    expect(menu.children).toHaveLength(0);
  });
});

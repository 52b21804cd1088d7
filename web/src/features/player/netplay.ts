import { NETPLAY_SOCKET_PATH } from '@romshelf/contract';

/**
 * EmulatorJS 4.2.3's netplay, driven from the player: its socket.io client reaches RomShelf's
 * signalling socket, its player name is the RomShelf username (it would ask for one), and a room
 * chosen on the game page is joined once the game runs.
 */

/** The parts of EmulatorJS's netplay object the player uses. */
interface EjsNetplay {
  name?: string;
  joinRoom(sessionId: string, roomName: string): void;
}

export interface EjsNetplayHost {
  netplay?: EjsNetplay;
  netplayMenu?: HTMLElement;
  openNetplayMenu?: () => void;
}

interface NetplaySocket {
  emit(event: string, ...args: unknown[]): unknown;
}
type SocketFactory = ((url: string, options?: Record<string, unknown>) => NetplaySocket) & {
  romshelfNetplay?: true;
};

/** The room to join once the game runs (from the game page's "Join" button). */
export interface NetplayJoin {
  sessionId: string;
  roomName: string;
  password: string | null;
}

/**
 * Points EmulatorJS's global socket.io client at this server's netplay path (the URL it is given
 * names the room list, not the socket) and adds the room password RomM's way, in `extra`, when
 * joining (4.2.3 sends none).
 */
function routeNetplaySocket(password: string | null): void {
  const scope = window as unknown as { io?: SocketFactory };
  const original = scope.io;
  if (original === undefined || original.romshelfNetplay === true) return;
  const routed: SocketFactory = (_url, options) => {
    const socket = original(window.location.origin, { ...options, path: NETPLAY_SOCKET_PATH });
    if (password !== null) {
      const emit = socket.emit.bind(socket);
      socket.emit = (event, ...args) => {
        const payload = args[0] as { extra?: Record<string, unknown> } | undefined;
        if (event === 'join-room' && payload?.extra !== undefined) {
          payload.extra.room_password = password;
        }
        return emit(event, ...args);
      };
    }
    return socket;
  };
  routed.romshelfNetplay = true;
  scope.io = routed;
}

/**
 * Opening the netplay menu the first time asks for a player name: the username answers it, and
 * the name popup is taken away again (the server names players by their account anyway).
 */
function nameByUsername(emulator: EjsNetplayHost, username: string): void {
  const open = emulator.openNetplayMenu;
  const menu = emulator.netplayMenu;
  if (open === undefined || menu === undefined) return;
  emulator.openNetplayMenu = () => {
    const named = emulator.netplay?.name !== undefined && emulator.netplay.name !== '';
    const before = new Set(menu.children);
    open.call(emulator);
    if (named || emulator.netplay === undefined) return;
    emulator.netplay.name = username;
    for (const child of [...menu.children]) if (!before.has(child)) child.remove();
  };
}

/** Sets netplay up on a started emulator, and joins `join`'s room when given. */
export function startNetplay(
  emulator: EjsNetplayHost,
  username: string,
  join: NetplayJoin | null,
): void {
  routeNetplaySocket(join?.password ?? null);
  nameByUsername(emulator, username);
  if (join === null || emulator.openNetplayMenu === undefined) return;
  emulator.openNetplayMenu();
  emulator.netplay?.joinRoom(join.sessionId, join.roomName);
}

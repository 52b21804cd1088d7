import { ACTIVITY_EVENTS, ACTIVITY_HEARTBEAT_INTERVAL_MS } from '@romshelf/contract';
import { useEffect } from 'react';

import { getSocket } from '@/lib/socket';

/**
 * This tab's device id for activity: one per page load, so two tabs playing are two plays.
 * (Not `crypto.randomUUID`: plain-HTTP home servers are not secure contexts.)
 */
const TAB_DEVICE_ID = `web-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * Tells everyone (RomM's `activity:start|heartbeat|stop` on the socket) that this game runs in
 * the web player: at start and after a reconnect, every 30 s while it runs, and when it stops.
 * The server knows who plays from the signed-in socket.
 */
export function useActivityReport(romId: number, running: boolean): void {
  useEffect(() => {
    if (!running) return;
    const socket = getSocket();
    const play = { rom_id: romId, device_id: TAB_DEVICE_ID };
    const start = () => socket.emit(ACTIVITY_EVENTS.start, play);
    socket.on('connect', start);
    if (socket.connected) start();
    else socket.connect();
    const heartbeat = setInterval(() => {
      if (socket.connected) socket.emit(ACTIVITY_EVENTS.heartbeat, play);
    }, ACTIVITY_HEARTBEAT_INTERVAL_MS);
    return () => {
      clearInterval(heartbeat);
      socket.off('connect', start);
      socket.emit(ACTIVITY_EVENTS.stop, play);
    };
  }, [romId, running]);
}

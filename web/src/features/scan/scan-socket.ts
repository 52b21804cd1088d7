import { SCAN_EVENTS } from '@romshelf/contract';
import type { ScanRequest, ScanRomEvent } from '@romshelf/contract';

import { getSocket } from '@/lib/socket';

import { useScanStore } from './stores/scan-store';

/** ROM events arrive by the hundred per second; they are applied in batches. */
const ROM_BATCH_MS = 100;

let bound = false;
let queue: ScanRomEvent[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;

function flush(): void {
  timer = null;
  const batch = queue;
  queue = [];
  useScanStore.getState().romsFound(batch);
}

/** Listens to the scan events once for the whole app, and connects the socket. */
export function connectScanSocket(): void {
  const socket = getSocket();
  if (!bound) {
    bound = true;
    const store = () => useScanStore.getState();
    socket.on(SCAN_EVENTS.scanningPlatform, (platform) => {
      if (timer !== null) {
        clearTimeout(timer);
        flush();
      }
      store().platformFound(platform);
    });
    socket.on(SCAN_EVENTS.scanningRom, (rom) => {
      queue.push(rom);
      timer ??= setTimeout(flush, ROM_BATCH_MS);
    });
    socket.on(SCAN_EVENTS.updateStats, (stats) => store().statsUpdated(stats));
    socket.on(SCAN_EVENTS.done, (stats) => {
      if (timer !== null) clearTimeout(timer);
      flush();
      store().done(stats);
    });
    socket.on(SCAN_EVENTS.doneKo, (reason) => {
      if (timer !== null) clearTimeout(timer);
      flush();
      store().failed(reason);
    });
    socket.on('connect_error', (error) => {
      if (store().status === 'starting') store().failed(error.message);
    });
  }
  if (!socket.connected) socket.connect();
}

/** Asks the server to scan (SPEC: `scan` with platform ids, empty = all, type and sources). */
export function startScan(request: ScanRequest): void {
  connectScanSocket();
  useScanStore.getState().start(request.type, request.apis.length > 0);
  getSocket().emit(SCAN_EVENTS.start, request);
}

export function stopScan(): void {
  useScanStore.getState().stopRequested();
  getSocket().emit(SCAN_EVENTS.stop);
}

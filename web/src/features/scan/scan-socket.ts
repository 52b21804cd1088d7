import { SCAN_EVENTS } from '@romshelf/contract';
import type { ScanRequest, ScanRomEvent, SimpleRom } from '@romshelf/contract';

import { getSocket } from '@/lib/socket';
import { useHeartbeatStore } from '@/shared/stores/heartbeat-store';

import { metadataOptions } from './metadata-options';
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

/**
 * Refreshes the metadata of some games: a scan of only those ROMs (`roms_ids`) with every
 * enabled source, which keeps fields edited by hand; its progress shows like any scan's.
 */
export function refreshMetadata(roms: readonly Pick<SimpleRom, 'id' | 'platform_id'>[]): void {
  if (roms.length === 0) return;
  const flags = useHeartbeatStore.getState().value?.METADATA_SOURCES;
  const apis = metadataOptions(flags, (key) => key)
    .filter((option) => option.disabled === '')
    .map((option) => option.value);
  startScan({
    platforms: [...new Set(roms.map((rom) => rom.platform_id))],
    type: 'update',
    apis,
    roms_ids: roms.map((rom) => rom.id),
  });
}

export function stopScan(): void {
  useScanStore.getState().stopRequested();
  getSocket().emit(SCAN_EVENTS.stop);
}

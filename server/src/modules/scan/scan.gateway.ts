import type { ScanRequest, ScanStats } from '@romshelf/contract';
import { SCAN_EVENTS, SCAN_STATS_INTERVAL_MS, ScanRequestSchema } from '@romshelf/contract';
import type { FastifyBaseLogger } from 'fastify';

import type { RealtimeServer } from '../realtime/realtime.gateway.js';
import { ScanAlreadyRunningError } from './scan.service.js';
import type { ScanListener } from './scan-run.js';
import type { ScanService } from './scan.service.js';

/** Room of the sockets that receive scan progress: users holding `platforms.write`. */
export const SCAN_ROOM = 'scan';

/**
 * Emits `scan:update_stats` at most once per interval; the latest counters are sent when the
 * interval ends, so the last update is never lost.
 */
export class StatsThrottle {
  private lastSent = 0;
  private pending: ScanStats | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly send: (stats: ScanStats) => void,
    private readonly intervalMs = SCAN_STATS_INTERVAL_MS,
  ) {}

  push(stats: ScanStats): void {
    const now = Date.now();
    if (this.timer === null && now - this.lastSent >= this.intervalMs) {
      this.lastSent = now;
      this.send(stats);
      return;
    }
    this.pending = stats;
    this.timer ??= setTimeout(
      () => {
        this.timer = null;
        if (this.pending === null) return;
        const latest = this.pending;
        this.pending = null;
        this.lastSent = Date.now();
        this.send(latest);
      },
      Math.max(0, this.lastSent + this.intervalMs - now),
    );
  }

  /** Sends the pending update now, if any. */
  flush(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending === null) return;
    const latest = this.pending;
    this.pending = null;
    this.lastSent = Date.now();
    this.send(latest);
  }

  /** Drops any pending update (a terminal event with the final counters follows). */
  cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.pending = null;
  }
}

/** Where scan progress goes: the room of users allowed to scan, on every API process. */
export type ScanRoom = Pick<ReturnType<RealtimeServer['to']>, 'emit'>;

/**
 * Runs a scan to its end, broadcasting its progress to the room (RomM §7.5):
 * `scan:scanning_platform`, one `scan:scanning_rom` per ROM written or identified, throttled
 * `scan:update_stats`, and always one terminal event, `scan:done` (also after a stop) or
 * `scan:done_ko` with the reason. Resolves with the final counters; rejects (after `done_ko`)
 * when the scan failed, and with ScanAlreadyRunningError (nothing sent) when another scan runs.
 */
export async function runBroadcastScan(
  scan: ScanService,
  request: ScanRequest,
  room: ScanRoom,
  log: FastifyBaseLogger,
): Promise<ScanStats> {
  const throttle = new StatsThrottle((stats) => room.emit(SCAN_EVENTS.updateStats, stats));
  const listener: ScanListener = {
    // The counters reached at the end of the previous platform go first, so clients
    // can tell each platform's written ROMs from the counters alone.
    platform: (event) => {
      log.info(`scanning ${event.display_name} (${event.fs_slug})`);
      throttle.flush();
      room.emit(SCAN_EVENTS.scanningPlatform, event);
    },
    announcesRoms: true,
    rom: (event) => room.emit(SCAN_EVENTS.scanningRom, event),
    stats: (stats) => throttle.push(stats),
  };
  try {
    const stats = await scan.run(request, listener);
    throttle.cancel();
    log.info({ stats }, 'scan finished');
    room.emit(SCAN_EVENTS.done, stats);
    return stats;
  } catch (error) {
    throttle.cancel();
    if (!(error instanceof ScanAlreadyRunningError)) {
      log.error({ err: error }, 'scan failed');
      room.emit(SCAN_EVENTS.doneKo, error instanceof Error ? error.message : 'Scan failed');
    }
    throw error;
  }
}

/** Starts and stops library scans: in this process, or through the job queue (scan-queue.ts). */
export interface ScanStarter {
  /** Starts a scan in the background; false (nothing started) when one is queued or running. */
  start(request: ScanRequest): Promise<boolean>;
  /** Asks the running scan to stop after the ROM batch in progress. */
  stop(): Promise<void>;
}

/** Scans run by this process, one at a time (no REDIS_URL). */
export class LocalScanStarter implements ScanStarter {
  constructor(
    private readonly scan: ScanService,
    private readonly room: ScanRoom,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(request: ScanRequest): Promise<boolean> {
    if (this.scan.running) return Promise.resolve(false);
    // ScanService.run claims the scan before its first await, so no other can start meanwhile.
    runBroadcastScan(this.scan, request, this.room, this.log).catch(() => undefined);
    return Promise.resolve(true);
  }

  stop(): Promise<void> {
    this.scan.stop();
    return Promise.resolve();
  }
}

/**
 * The scan protocol on the socket (RomM §7.5): a client emits `scan` `{platforms, type, apis}`
 * or `scan:stop`; progress goes to every connected user allowed to scan (`platforms.write`), see
 * runBroadcastScan. Refusals (no permission, invalid request, a scan already queued or running)
 * go to the asking socket only, as `scan:done_ko` with the reason.
 */
export function registerScanGateway(
  io: RealtimeServer,
  scans: ScanStarter,
  log: FastifyBaseLogger,
): void {
  io.on('connection', (socket) => {
    const canScan = () => socket.data.scopes.includes('platforms.write');
    if (canScan()) void socket.join(SCAN_ROOM);

    socket.on(SCAN_EVENTS.start, (payload) => {
      if (!canScan()) {
        socket.emit(SCAN_EVENTS.doneKo, 'Forbidden');
        return;
      }
      const parsed = ScanRequestSchema.safeParse(payload ?? {});
      if (!parsed.success) {
        socket.emit(SCAN_EVENTS.doneKo, 'Invalid scan request');
        return;
      }
      scans.start(parsed.data).then(
        (started) => {
          if (!started) {
            socket.emit(SCAN_EVENTS.doneKo, new ScanAlreadyRunningError().message);
            return;
          }
          log.info({ user: socket.data.user.username, request: parsed.data }, 'scan started');
        },
        (error: unknown) => {
          log.error({ err: error }, 'scan not started');
          socket.emit(SCAN_EVENTS.doneKo, 'The scan could not be started');
        },
      );
    });

    socket.on(SCAN_EVENTS.stop, () => {
      if (!canScan()) return;
      scans.stop().catch((error: unknown) => {
        log.error({ err: error }, 'scan not stopped');
      });
    });
  });
}

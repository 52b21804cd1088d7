import type {
  PlayBeaconBody,
  PlaySession,
  PlaySessionEntry,
  PlaySessionIngestResponse,
  PlayTimeTotal,
} from '@romshelf/contract';

import type { UserRow } from '../../db/schema.js';
import type { PlaySessionRow } from '../../db/schema-devices.js';
import { HttpError } from '../../http/http-error.js';
import { toIsoUtc } from '../../lib/time.js';
import type { DevicesService } from '../devices/devices.service.js';
import type { BeaconGrant } from './play-beacon.js';
import type { PlaySessionFilters, PlaySessionsRepository } from './play-sessions.repository.js';

/** A reported time, to the second as RomM keeps it. */
function toSecond(value: string): string {
  const date = new Date(value);
  date.setUTCMilliseconds(0);
  return toIsoUtc(date);
}

function toPlaySession(row: PlaySessionRow): PlaySession {
  return { ...row };
}

type IngestResult = PlaySessionIngestResponse['results'][number];

/** Told of each new session of a known ROM (the ROM's `last_played` follows it). */
export type PlayedListener = (userId: number, romId: number, endedAt: string) => Promise<void>;

/**
 * Time played, reported by devices (directly or with a finished sync) and by the web player: each
 * session once (the same start reported again is a duplicate), per user, ROM and device.
 */
export class PlaySessionsService {
  private played: PlayedListener = () => Promise.resolve();

  constructor(
    private readonly repo: PlaySessionsRepository,
    private readonly devices: DevicesService,
    private readonly now: () => number = Date.now,
  ) {}

  /** Sets who is told of each new session of a ROM. */
  onPlayed(listener: PlayedListener): void {
    this.played = listener;
  }

  async ingest(
    userId: number,
    entries: readonly PlaySessionEntry[],
    deviceId: string | null,
  ): Promise<PlaySessionIngestResponse> {
    if (entries.length === 0) throw new HttpError(400, 'Payload must contain at least one session');
    if (deviceId !== null) await this.devices.find(userId, deviceId);
    const results: IngestResult[] = [];
    for (const [index, entry] of entries.entries()) {
      results.push(await this.ingestOne(userId, index, entry, deviceId));
    }
    if (deviceId !== null) await this.devices.touch(userId, deviceId);
    const created = results.filter((result) => result.status === 'created').length;
    return { results, created_count: created, skipped_count: results.length - created };
  }

  private async ingestOne(
    userId: number,
    index: number,
    entry: PlaySessionEntry,
    deviceId: string | null,
  ): Promise<IngestResult> {
    const romId = entry.rom_id ?? null;
    if (romId !== null && !(await this.repo.romExists(romId))) {
      return { index, status: 'error', id: null, detail: `ROM with id ${romId} not found` };
    }
    const at = toIsoUtc(new Date(this.now()));
    const row = await this.repo.insert({
      user_id: userId,
      device_id: deviceId,
      rom_id: romId,
      save_slot: entry.save_slot ?? null,
      start_time: toSecond(entry.start_time),
      end_time: toSecond(entry.end_time),
      duration_ms: entry.duration_ms,
      created_at: at,
      updated_at: at,
    });
    if (row === undefined) {
      return { index, status: 'duplicate', id: null, detail: 'Session already recorded' };
    }
    if (romId !== null) await this.played(userId, romId, row.end_time);
    return { index, status: 'created', id: row.id, detail: null };
  }

  /** 404 unless the ROM exists. */
  async assertRom(romId: number): Promise<void> {
    if (!(await this.repo.romExists(romId))) {
      throw new HttpError(404, `ROM with id ${romId} not found`);
    }
  }

  /** A stretch the web player sent from a closing tab (no device); 401 once the user is gone. */
  async ingestBeacon(grant: BeaconGrant, stretch: Omit<PlayBeaconBody, 'token'>): Promise<void> {
    if (!(await this.repo.userExists(grant.userId))) {
      throw new HttpError(401, 'Invalid or expired play token');
    }
    const { start_time, end_time, duration_ms } = stretch;
    await this.ingestOne(
      grant.userId,
      0,
      { rom_id: grant.romId, start_time, end_time, duration_ms },
      null,
    );
  }

  async list(userId: number, filters: PlaySessionFilters): Promise<PlaySession[]> {
    const bounded = {
      ...filters,
      startAfter: filters.startAfter === undefined ? undefined : toSecond(filters.startAfter),
      endBefore: filters.endBefore === undefined ? undefined : toSecond(filters.endBefore),
    };
    return (await this.repo.list(userId, bounded)).map(toPlaySession);
  }

  async remove(userId: number, id: number): Promise<void> {
    if (!(await this.repo.delete(userId, id))) {
      throw new HttpError(404, `Play session ${id} not found`);
    }
  }

  /**
   * Time played on one game per user: the viewer's own, and others' only where they share
   * their activity; viewers who may read every user (`users.read`) see all.
   */
  async totals(
    romId: number,
    viewer: UserRow,
    scopes: readonly string[],
  ): Promise<PlayTimeTotal[]> {
    const viewerId = scopes.includes('users.read') ? null : viewer.id;
    return (await this.repo.totals(romId, viewerId)).map((row) => ({
      user_id: row.user_id,
      username: row.username,
      total_ms: row.total_ms,
      session_count: row.session_count,
      last_played_at: row.last_played_at,
    }));
  }
}

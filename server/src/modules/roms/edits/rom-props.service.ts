import type { PlayStatus, RomPropsBody, RomUser, RomUserData } from '@romshelf/contract';

import { HttpError } from '../../../http/http-error.js';
import { nowIso } from '../../../lib/time.js';
import type { RomUserFields, RomWritesRepository } from '../writes/rom-writes.repository.js';
import type { RomCollections } from '../rom-collections.js';
import { toRomUserDto } from '../roms.mapper.js';
import type { RomsRepository } from '../roms.repository.js';
import type { RomsService } from '../roms.service.js';

/** The status a props body asks for: `status` wins; RomM's booleans set or clear theirs. */
function statusFrom(data: RomUserData, current: PlayStatus | null): PlayStatus | null | undefined {
  if (data.status !== undefined) return data.status;
  let next: PlayStatus | null | undefined;
  for (const flag of ['backlogged', 'now_playing', 'hidden'] as const) {
    const value = data[flag];
    if (value === true) next = flag;
    else if (value === false && (next ?? current) === flag) next = null;
  }
  return next;
}

/** A user's own data about a ROM: status, favourite, rating, last played. */
export class RomPropsService {
  constructor(
    private readonly roms: RomsService,
    private readonly rows: RomsRepository,
    private readonly writes: RomWritesRepository,
    private readonly collections: Pick<RomCollections, 'favouriteIdsOf' | 'setFavourite'>,
  ) {}

  /**
   * `PUT /api/roms/{id}/props`: the caller's own data. Only given fields change;
   * `update_last_played` stamps now, `remove_last_played` clears it.
   */
  async setProps(
    id: number,
    userId: number,
    body: RomPropsBody,
    flags: { update_last_played?: boolean; remove_last_played?: boolean },
  ): Promise<RomUser> {
    const rom = await this.roms.findOr404(id);
    const { data: wrapped, update_last_played, remove_last_played, ...bare } = body ?? {};
    const data: RomUserData = wrapped ?? bare;
    const update = update_last_played ?? flags.update_last_played ?? false;
    const remove = remove_last_played ?? flags.remove_last_played ?? false;
    if (update && remove) {
      throw new HttpError(400, 'Use either update_last_played or remove_last_played');
    }
    const [current] = await this.rows.romUsersOf(userId, [id]);
    const currentStatus = toRomUserDto(rom, userId, current, false).status;
    const fields: RomUserFields = {};
    const status = statusFrom(data, currentStatus);
    if (status !== undefined) fields.status = status;
    if (data.is_main_sibling !== undefined) fields.is_main_sibling = data.is_main_sibling ? 1 : 0;
    if (data.rating !== undefined) fields.rating = data.rating;
    if (data.difficulty !== undefined) fields.difficulty = data.difficulty;
    if (data.completion !== undefined) fields.completion = data.completion;
    if (update) fields.last_played = nowIso();
    if (remove) fields.last_played = null;
    if (data.is_favorite !== undefined) {
      await this.collections.setFavourite(userId, id, data.is_favorite);
    }
    const favourite = (await this.collections.favouriteIdsOf(userId, [id])).has(id);
    if (Object.keys(fields).length === 0) return toRomUserDto(rom, userId, current, favourite);
    if (fields.is_main_sibling === 1) await this.clearMainVersion(id, userId);
    const saved = await this.writes.saveRomUser(userId, id, fields, nowIso());
    return toRomUserDto(rom, userId, saved, favourite);
  }

  /**
   * A play session of the user ended at `endedAt`: `last_played` moves to it, never back (a
   * late report of an older session leaves a newer time). Unknown ROMs are ignored.
   */
  async markPlayedAt(userId: number, id: number, endedAt: string): Promise<void> {
    const [current] = await this.rows.romUsersOf(userId, [id]);
    const last = current?.last_played ?? null;
    if (last !== null && Date.parse(last) >= Date.parse(endedAt)) return;
    await this.writes.saveRomUser(userId, id, { last_played: endedAt }, nowIso());
  }

  /** A user has one main version per game: choosing one clears the flag on its other versions. */
  private async clearMainVersion(id: number, userId: number): Promise<void> {
    for (const version of await this.roms.versionsOf(id, userId)) {
      if (!version.is_main_sibling) continue;
      await this.writes.saveRomUser(userId, version.id, { is_main_sibling: 0 }, nowIso());
    }
  }
}

import { PLATFORM_CATALOG } from '@romshelf/contract';
import type { Platform, UpdatePlatformBody } from '@romshelf/contract';

import type { PlatformRow } from '../../db/schema.js';
import type { FirmwareService } from '../firmware/firmware.service.js';
import { HttpError } from '../../http/http-error.js';
import { nowIso } from '../../lib/time.js';
import { withheldFromCaller } from '../hidden-items/visibility.js';
import type { RomMaintenance } from '../roms/writes/rom-maintenance.js';
import type { PlatformFolderBindings, PlatformFolderFields } from './platform-folder.js';
import { platformFolderFields } from './platform-folder.js';
import { toPlatformDto, toUnstoredPlatformDto } from './platforms.mapper.js';
import type { PlatformsRepository } from './platforms.repository.js';

/** A catalog slug read as a folder name of its own, without config.yml's bindings. */
const NO_BINDINGS = { PLATFORMS_BINDING: {}, PLATFORMS_VERSIONS: {} };

export class PlatformsService {
  constructor(
    private readonly platforms: PlatformsRepository,
    private readonly firmware: FirmwareService,
    private readonly romMaintenance: RomMaintenance,
  ) {}

  /** The platforms the caller may see, counted without the ROMs hidden from them. */
  async list(): Promise<Platform[]> {
    const firmware = await this.firmware.byPlatform();
    const rows = await this.platforms.listWithStats();
    return (await this.platforms.visibleOf(rows, withheldFromCaller())).map((row) =>
      toPlatformDto(row, firmware.get(row.id) ?? []),
    );
  }

  /**
   * The platform catalog by name, in RomM's platform shape: the library's platform of a slug
   * where it has one (the first added), else the catalog's fields with id -1 and the slug as
   * folder name.
   */
  async supported(): Promise<Platform[]> {
    const stored = new Map<string, Platform>();
    for (const platform of [...(await this.list())].sort((a, b) => a.id - b.id)) {
      if (!stored.has(platform.slug)) stored.set(platform.slug, platform);
    }
    const now = nowIso();
    return PLATFORM_CATALOG.map(
      (entry) =>
        stored.get(entry.slug) ??
        toUnstoredPlatformDto(platformFolderFields(entry.slug, NO_BINDINGS), now),
    ).sort((a, b) => a.name.localeCompare(b.name, 'en'));
  }

  async get(id: number): Promise<Platform> {
    const found = await this.platforms.findWithStats(id);
    const [row] =
      found === undefined ? [] : await this.platforms.visibleOf([found], withheldFromCaller());
    if (row === undefined) throw new HttpError(404, `Platform with id ${id} not found`);
    return toPlatformDto(row, (await this.firmware.byPlatform()).get(row.id) ?? []);
  }

  /**
   * Sets the custom display name and description (RomM's PUT). Scans never write these fields,
   * so a custom name stays across rescans.
   */
  async update(id: number, body: UpdatePlatformBody): Promise<Platform> {
    await this.get(id);
    const fields: { custom_name?: string | null; description?: string | null } = {};
    if (body.custom_name !== undefined) fields.custom_name = body.custom_name;
    if (body.description !== undefined) fields.description = body.description;
    if (Object.keys(fields).length > 0) await this.platforms.update(id, fields, nowIso());
    return this.get(id);
  }

  /**
   * Removes a platform from the library: its ROM rows (with users' data on them), firmware rows
   * and stored artwork. Files in the library folder stay; a later scan finds the folder again.
   */
  async delete(id: number): Promise<{ msg: string }> {
    const platform = await this.get(id);
    const removed = await this.romMaintenance.removePlatformRoms(id);
    await this.platforms.delete(id);
    return {
      msg: `${platform.display_name} - [${platform.fs_slug}] deleted with ${removed} ROMs from the database`,
    };
  }

  /** Every platform row, missing ones included (a scan compares them with the folders). */
  rows(): Promise<PlatformRow[]> {
    return this.platforms.all();
  }

  /** Flags platforms whose folder is gone, and their ROMs. */
  markMissing(ids: readonly number[], now: string): Promise<void> {
    return this.platforms.markMissing(ids, now);
  }

  /**
   * Stores the platform of library folder `fsSlug` as a scan finds it: inserted when new
   * (`existing` undefined), updated when the folder's fields changed, else left as it is.
   */
  async storeFolder(
    fsSlug: string,
    existing: PlatformRow | undefined,
    bindings: PlatformFolderBindings,
    now: string,
  ): Promise<{ row: PlatformRow; created: boolean }> {
    const fields = platformFolderFields(fsSlug, bindings);
    if (existing === undefined) {
      return { row: await this.platforms.insert(fields, now), created: true };
    }
    const changed = (Object.keys(fields) as (keyof PlatformFolderFields)[]).some(
      (key) => fields[key] !== existing[key],
    );
    return {
      row: changed ? await this.platforms.update(existing.id, fields, now) : existing,
      created: false,
    };
  }
}

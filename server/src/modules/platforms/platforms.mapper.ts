import type { Firmware, Platform, ScanPlatformEvent } from '@romshelf/contract';

import type { PlatformRow } from '../../db/schema.js';
import type { PlatformFolderFields } from './platform-folder.js';
import type { PlatformWithStatsRow } from './platforms.repository.js';

/** Platforms are "identified" when the catalog knows a provider id for them. */
function isIdentified(row: PlatformRow): boolean {
  return [row.igdb_id, row.moby_id, row.ss_id, row.ra_id, row.launchbox_id, row.hasheous_id].some(
    (id) => id !== null,
  );
}

/** The API shape of a platform (RomM PlatformSchema). */
export function toPlatformDto(row: PlatformWithStatsRow, firmware: Firmware[] = []): Platform {
  const identified = isIdentified(row);
  return {
    id: row.id,
    slug: row.slug,
    fs_slug: row.fs_slug,
    rom_count: row.rom_count,
    name: row.name,
    igdb_slug: row.igdb_slug,
    moby_slug: row.moby_slug,
    hltb_slug: row.hltb_slug,
    libretro_slug: row.libretro_slug,
    custom_name: row.custom_name,
    description: row.description,
    igdb_id: row.igdb_id,
    sgdb_id: row.sgdb_id,
    moby_id: row.moby_id,
    launchbox_id: row.launchbox_id,
    ss_id: row.ss_id,
    ra_id: row.ra_id,
    hasheous_id: row.hasheous_id,
    tgdb_id: row.tgdb_id,
    flashpoint_id: row.flashpoint_id,
    category: row.category,
    generation: row.generation,
    family_name: row.family_name,
    family_slug: row.family_slug,
    url: row.url,
    url_logo: row.url_logo,
    firmware,
    created_at: row.created_at,
    updated_at: row.updated_at,
    fs_size_bytes: row.fs_size_bytes,
    is_unidentified: !identified,
    is_identified: identified,
    missing_from_fs: row.missing_from_fs === 1,
    display_name: row.custom_name ?? row.name,
    firmware_count: firmware.length,
  };
}

/**
 * A platform the library has no row for (RomM answers these with id -1): the catalog's fields,
 * no ROMs, no custom name, dated `now`.
 */
export function toUnstoredPlatformDto(fields: PlatformFolderFields, now: string): Platform {
  return toPlatformDto({
    ...fields,
    id: -1,
    custom_name: null,
    description: null,
    sgdb_id: null,
    igdb_slug: null,
    moby_slug: null,
    family_slug: null,
    url: null,
    url_logo: null,
    created_at: now,
    updated_at: now,
    rom_count: 0,
    fs_size_bytes: 0,
  });
}

/** Payload of `scan:scanning_platform`. */
export function toScanPlatformEvent(row: PlatformRow): ScanPlatformEvent {
  return {
    id: row.id,
    name: row.name,
    display_name: row.custom_name ?? row.name,
    slug: row.slug,
    fs_slug: row.fs_slug,
    is_identified: isIdentified(row),
    new_firmware_count: 0,
  };
}

import { resolvePlatformFolder } from '@romshelf/contract';

import type { PlatformRow } from '../../db/schema.js';

/** The library settings that decide which platform a folder holds. */
export interface PlatformFolderBindings {
  PLATFORMS_BINDING: Record<string, string>;
  PLATFORMS_VERSIONS: Record<string, string>;
}

/** The platform row fields a library folder decides. */
export type PlatformFolderFields = Pick<
  PlatformRow,
  | 'slug'
  | 'fs_slug'
  | 'name'
  | 'igdb_id'
  | 'moby_id'
  | 'ss_id'
  | 'ra_id'
  | 'launchbox_id'
  | 'hasheous_id'
  | 'tgdb_id'
  | 'flashpoint_id'
  | 'hltb_slug'
  | 'libretro_slug'
  | 'category'
  | 'generation'
  | 'family_name'
  | 'missing_from_fs'
>;

/**
 * Fields of the platform in folder `fsSlug`: slug and name through the folder bindings and
 * versions, provider ids and family from the catalog (null for a folder the catalog lacks).
 */
export function platformFolderFields(
  fsSlug: string,
  bindings: PlatformFolderBindings,
): PlatformFolderFields {
  const resolved = resolvePlatformFolder(fsSlug, {
    bindings: bindings.PLATFORMS_BINDING,
    versions: bindings.PLATFORMS_VERSIONS,
  });
  const entry = resolved.entry;
  return {
    slug: resolved.slug,
    fs_slug: fsSlug,
    name: resolved.name,
    igdb_id: entry?.igdb_id ?? null,
    moby_id: entry?.moby_id ?? null,
    ss_id: entry?.ss_id ?? null,
    ra_id: entry?.ra_id ?? null,
    launchbox_id: entry?.launchbox_id ?? null,
    hasheous_id: entry?.hasheous_id ?? null,
    tgdb_id: entry?.tgdb_id ?? null,
    flashpoint_id: entry?.flashpoint_id ?? null,
    hltb_slug: entry?.hltb_slug ?? null,
    libretro_slug: entry?.libretro_slug ?? null,
    category: entry?.category ?? null,
    generation: entry?.generation ?? null,
    family_name: entry?.family_name ?? null,
    missing_from_fs: 0,
  };
}

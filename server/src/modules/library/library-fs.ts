import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

import { matchesAnyGlob } from '../../lib/glob.js';

export type LibraryLayout = 'roms-first' | 'platform-first';

/** Name of the ROM folder in both layouts (`roms/{platform}` and `{platform}/roms`). */
export const ROMS_FOLDER = 'roms';

/** Firmware folder in both layouts (`bios/{platform}` and `{platform}/bios`); never a platform. */
export const FIRMWARE_FOLDER = 'bios';

/** DAT files (No-Intro, Redump…) beside the ROMs, at the library's root; never a platform. */
export const DATS_FOLDER = 'dats';

/** True for folder names that can never be platforms: hidden ones, firmware and DATs. */
export function isReservedFolderName(name: string): boolean {
  return name.startsWith('.') || name === FIRMWARE_FOLDER || name === DATS_FOLDER;
}

/**
 * Library-relative ROM folder of a platform, with `/` separators:
 * `roms/{fsSlug}` or `{fsSlug}/roms`.
 */
export function platformRomsPath(layout: LibraryLayout, fsSlug: string): string {
  return layout === 'roms-first' ? `${ROMS_FOLDER}/${fsSlug}` : `${fsSlug}/${ROMS_FOLDER}`;
}

/**
 * The library layout: `library/roms/{platform}` (preferred, chosen whenever `library/roms`
 * exists) or `library/{platform}/roms`.
 */
export function detectLayout(libraryDir: string): LibraryLayout {
  return existsSync(path.join(libraryDir, ROMS_FOLDER)) ? 'roms-first' : 'platform-first';
}

function subdirectories(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

function isDirectory(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/** Platform folder names found in the library, minus excluded ones, sorted. */
export function listFsPlatforms(libraryDir: string, excluded: readonly string[]): string[] {
  const names =
    detectLayout(libraryDir) === 'roms-first'
      ? subdirectories(path.join(libraryDir, ROMS_FOLDER))
      : subdirectories(libraryDir).filter((name) =>
          isDirectory(path.join(libraryDir, name, ROMS_FOLDER)),
        );
  return names
    .filter((name) => !isReservedFolderName(name) && !matchesAnyGlob(name, excluded))
    .sort((a, b) => a.localeCompare(b));
}

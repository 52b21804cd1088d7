import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

import { matchesAnyGlob } from '../../lib/glob.js';

export type LibraryLayout = 'roms-first' | 'platform-first';

/** Name of the ROM folder in both layouts (`roms/{platform}` and `{platform}/roms`). */
export const ROMS_FOLDER = 'roms';

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
  return names.filter((name) => !matchesAnyGlob(name, excluded)).sort((a, b) => a.localeCompare(b));
}

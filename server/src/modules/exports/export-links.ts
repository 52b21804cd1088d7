import { copyFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

import type { ConfinedFiles } from '../../lib/confined-files.js';
import { RESOURCES_URL_PREFIX } from '../roms/resources/rom-resources.js';
import type { ExportLinks, ExportMediaKind } from './export-entry.js';

/** Subfolders of `<platform folder>/assets/` (a folder every scan skips) for copied media. */
const MEDIA_FOLDERS: Record<ExportMediaKind, string> = {
  cover: 'covers',
  screenshot: 'screenshots',
  manual: 'manuals',
  video: 'videos',
};

/** Game and media paths as URLs on `origin` ('' keeps them root-relative, as RomM writes them). */
export function urlLinks(origin: string): ExportLinks {
  return {
    game: (row) =>
      `${origin}/api/roms/${String(row.id)}/content/${encodeURIComponent(row.fs_name)}`,
    media: (_row, _kind, resource) =>
      Promise.resolve(`${origin}${RESOURCES_URL_PREFIX}/${resource}`),
  };
}

/** Game paths relative to the platform folder (`./` for gamelist.xml), media as URLs. */
export function localGameLinks(prefix: string, origin: string): ExportLinks {
  return { ...urlLinks(origin), game: (row) => `${prefix}${row.fs_name}` };
}

interface MediaCopyPlace {
  files: ConfinedFiles;
  libraryDir: string;
  /** Library-relative platform ROM folder. */
  romsPath: string;
  /** Absolute resources folder of the data folder. */
  resourcesDir: string;
}

/**
 * Game and media paths relative to the platform folder: each medium is copied to
 * `assets/<kind>/<game file name without extension>.<ext>` (again only when it changed), each
 * copy written under a temporary name and renamed, so a frontend never reads half a file.
 */
export function localLinks(prefix: string, place: MediaCopyPlace): ExportLinks {
  const folders = new Map<ExportMediaKind, Promise<string>>();
  const folderOf = (kind: ExportMediaKind) => {
    let folder = folders.get(kind);
    if (folder === undefined) {
      folder = place.files.folder(
        place.libraryDir,
        `${place.romsPath}/assets/${MEDIA_FOLDERS[kind]}`,
      );
      folders.set(kind, folder);
    }
    return folder;
  };
  return {
    game: (row) => `${prefix}${row.fs_name}`,
    media: async (row, kind, resource) => {
      const source = path.join(place.resourcesDir, ...resource.split('/'));
      const fileName = `${row.fs_name_no_ext}${path.extname(resource)}`;
      if (path.basename(fileName) !== fileName) return null;
      const copied = await copyWhenChanged(source, path.join(await folderOf(kind), fileName));
      return copied ? `${prefix}assets/${MEDIA_FOLDERS[kind]}/${fileName}` : null;
    },
  };
}

/** Copies `source` over `target` unless the target has its size and is newer; false when the source is gone. */
async function copyWhenChanged(source: string, target: string): Promise<boolean> {
  const from = await stat(source).catch(() => null);
  if (from === null) return false;
  const to = await stat(target).catch(() => null);
  if (to !== null && to.size === from.size && to.mtimeMs >= from.mtimeMs) return true;
  const temp = `${target}.${String(process.pid)}.part`;
  try {
    await copyFile(source, temp);
    await rename(temp, target);
  } finally {
    await rm(temp, { force: true });
  }
  return true;
}

import type { RomFile } from '@romshelf/contract';

import { romContentUrl } from '@/lib/download';

/** Files a player opens a disc by; the tracks a cue sheet lists are not among them. */
const ENTRY_EXTENSIONS = new Set(['m3u', 'cue', 'gdi', 'ccd', 'chd', 'iso', 'cso', 'pbp', 'cdi']);

export const discKey = (romId: number) => `player:${romId}:disc`;

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

function stemOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? name : name.slice(0, dot);
}

const fullPathOf = (file: RomFile) => `${file.file_path}/${file.file_name}`;

/** The number of a `(Disc 2)`, `(Disk 2 of 3)` or `(CD 2)` file name; null without one. */
export function discNumber(fileName: string): number | null {
  const match = /\((?:disc|disk|cd)\s*(\d+)/i.exec(fileName);
  return match?.[1] === undefined ? null : Number(match[1]);
}

export function isPlaylist(file: RomFile): boolean {
  return extensionOf(file.file_name) === 'm3u';
}

/**
 * What the Disc select offers: the ROM's top-level game files a player opens (playlists first,
 * then by name, Disc 2 before Disc 10), or every top-level game file when none is such a file.
 */
export function listDiscs(files: readonly RomFile[]): RomFile[] {
  const game = files.filter(
    (file) =>
      file.is_top_level &&
      !file.missing_from_fs &&
      (file.category === null || file.category === 'game'),
  );
  const entries = game.filter((file) => ENTRY_EXTENSIONS.has(extensionOf(file.file_name)));
  return (entries.length > 0 ? entries : game).sort(
    (a, b) =>
      Number(isPlaylist(b)) - Number(isPlaylist(a)) ||
      a.file_name.localeCompare(b.file_name, 'en', { numeric: true, sensitivity: 'base' }),
  );
}

/** The disc to boot: the remembered one if still listed, else the first; null boots the whole game. */
export function pickDisc(discs: readonly RomFile[], remembered: string | null): RomFile | null {
  if (discs.length < 2) return null;
  return discs.find((file) => String(file.id) === remembered) ?? discs[0] ?? null;
}

/** The file names a playlist, cue sheet or GD-ROM sheet refers to, as written in it. */
export function sheetReferences(fileName: string, text: string): string[] {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  switch (extensionOf(fileName)) {
    case 'm3u':
      // `Disc 1.cue|Label`: EmulatorJS shows what follows the bar as the disc's name.
      return lines
        .filter((line) => line !== '' && !line.startsWith('#'))
        .map((line) => line.split('|')[0]?.trim() ?? '');
    case 'cue':
      return lines.flatMap((line) => {
        const match = /^FILE\s+(?:"([^"]+)"|(.+?))\s+\S+$/i.exec(line);
        const name = match?.[1] ?? match?.[2];
        return name === undefined ? [] : [name];
      });
    case 'gdi':
      return lines.slice(1).flatMap((line) => {
        const match = /^\d+\s+\d+\s+\d+\s+\d+\s+(?:"([^"]+)"|(\S+))\s+-?\d+$/.exec(line);
        const name = match?.[1] ?? match?.[2];
        return name === undefined ? [] : [name];
      });
    default:
      return [];
  }
}

/** `folder` joined with a sheet's relative reference (either slash, `.` and `..` resolved). */
function resolvePath(folder: string, reference: string): string {
  const parts = folder.split('/');
  for (const part of reference.replace(/\\/g, '/').split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

/**
 * The ids of a disc's files: the disc, then what it needs to be read: the files its sheet (m3u,
 * cue, gdi) names, followed through, or a CloneCD image's `.img`/`.sub` of the same name.
 * `readText` fetches a sheet.
 */
export async function discFileIds(
  disc: RomFile,
  files: readonly RomFile[],
  readText: (file: RomFile) => Promise<string>,
): Promise<number[]> {
  const present = files.filter((file) => !file.missing_from_fs);
  const byPath = new Map(present.map((file) => [fullPathOf(file).toLowerCase(), file]));
  const chosen = new Map<number, RomFile>();
  const queue = [disc];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (chosen.has(file.id)) continue;
    chosen.set(file.id, file);
    const extension = extensionOf(file.file_name);
    if (extension === 'ccd') {
      const stem = stemOf(file.file_name).toLowerCase();
      queue.push(
        ...present.filter(
          (other) =>
            other.file_path === file.file_path && stemOf(other.file_name).toLowerCase() === stem,
        ),
      );
    } else if (extension === 'm3u' || extension === 'cue' || extension === 'gdi') {
      for (const reference of sheetReferences(file.file_name, await readText(file))) {
        const target = byPath.get(resolvePath(file.file_path, reference).toLowerCase());
        if (target !== undefined) queue.push(target);
      }
    }
  }
  return [...chosen.keys()];
}

/**
 * `EJS_gameUrl` for a disc: its files (`?file_ids=`; several arrive as one zip). EmulatorJS names
 * a lone unzipped file after the URL's last `/` part, here the ROM's folder, and cores tell a
 * `.chd` from a `.pbp` by that name: a fragment (never sent) gives it the disc's file name.
 */
export function discGameUrl(
  rom: { id: number; fs_name: string },
  disc: RomFile,
  fileIds: readonly number[],
): string {
  const url = romContentUrl(rom, fileIds);
  return fileIds.length === 1 ? `${url}#/${encodeURIComponent(disc.file_name)}` : url;
}

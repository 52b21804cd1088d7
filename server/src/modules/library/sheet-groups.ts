import { isDiscSheet, sheetOrder, sheetReferences, siblingName } from './disc-sheets.js';
import type { WalkedFile, WalkedRom } from './walked-files.js';

/** Reads a sheet's text; null when it cannot be read (the sheet then stands alone). */
export type SheetReader = (file: WalkedFile) => Promise<string | null>;

/** Loose files by exact name, and by lower-cased name when only one file has it. */
class LooseFiles {
  private readonly exact = new Map<string, WalkedRom>();
  private readonly folded = new Map<string, WalkedRom | null>();

  constructor(roms: readonly WalkedRom[]) {
    for (const rom of roms) {
      this.exact.set(rom.fsName, rom);
      const key = rom.fsName.toLowerCase();
      this.folded.set(key, this.folded.has(key) ? null : rom);
    }
  }

  /** The file a reference names: exact case first, else the one file differing only in case. */
  find(name: string): WalkedRom | undefined {
    return this.exact.get(name) ?? this.folded.get(name.toLowerCase()) ?? undefined;
  }
}

/**
 * Folds the loose files of a platform folder that a disc sheet refers to into the sheet's ROM:
 * a `.cue` with its `.bin` tracks, a `.gdi` with its tracks, an `.m3u` with its discs (and
 * their tracks) become one game named after the sheet, its files the sheet and those files,
 * as if they shared a folder. Playlists go first, so a playlist's cue sheets fold into it;
 * a file already claimed stays with the first sheet (by name) that named it. References that
 * leave the folder, point into a subfolder or name no file are ignored. Folder ROMs are
 * returned unchanged.
 */
export async function foldSheetGroups(
  roms: readonly WalkedRom[],
  readSheet: SheetReader,
): Promise<WalkedRom[]> {
  const loose = roms.filter((rom) => !rom.isFolder && rom.files.length === 1);
  const sheetRoms = loose.filter((rom) => isDiscSheet(rom.fsName));
  // Most folders (cartridge platforms) hold no sheet: nothing to index or fold.
  if (sheetRoms.length === 0) return [...roms];
  const files = new LooseFiles(loose);
  const sheets = sheetRoms.sort(
    (a, b) =>
      sheetOrder(a.fsName) - sheetOrder(b.fsName) ||
      (a.fsName < b.fsName ? -1 : a.fsName > b.fsName ? 1 : 0),
  );
  const claimed = new Set<WalkedRom>();
  const groups = new Map<WalkedRom, WalkedRom[]>();
  for (const sheet of sheets) {
    if (claimed.has(sheet)) continue;
    claimed.add(sheet);
    const members: WalkedRom[] = [sheet];
    for (let index = 0; index < members.length; index += 1) {
      const member = members[index];
      const [file] = member?.files ?? [];
      if (member === undefined || file === undefined || !isDiscSheet(member.fsName)) continue;
      const text = await readSheet(file);
      for (const reference of text === null ? [] : sheetReferences(member.fsName, text)) {
        const name = siblingName(reference);
        const target = name === null ? undefined : files.find(name);
        if (target === undefined || claimed.has(target)) continue;
        claimed.add(target);
        members.push(target);
      }
    }
    if (members.length > 1) groups.set(sheet, members);
  }
  const folded = new Set([...groups.values()].flatMap((members) => members.slice(1)));
  return roms.flatMap((rom) => {
    if (folded.has(rom)) return [];
    const members = groups.get(rom);
    if (members === undefined) return [rom];
    const grouped = members.flatMap((member) => member.files);
    return [{ ...rom, files: grouped.sort((a, b) => compareNames(a.fileName, b.fileName)) }];
  });
}

function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

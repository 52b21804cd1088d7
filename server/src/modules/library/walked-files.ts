import type { RomFileCategory } from '@romshelf/contract';

/** A file found on disk. Paths are library-relative with `/` separators. */
export interface WalkedFile {
  fileName: string;
  /** Library-relative folder of the file. */
  filePath: string;
  absPath: string;
  size: number;
  mtimeMs: number;
  isTopLevel: boolean;
  category: RomFileCategory | null;
}

/** A ROM found on disk: a plain file, or a folder with its files (sorted by path). */
export interface WalkedRom {
  fsName: string;
  isFolder: boolean;
  /** Library-relative folder holding the ROM (`roms/snes`). */
  fsPath: string;
  files: WalkedFile[];
}

import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** Names of the files a `dats` folder may hold as DATs. */
export const DAT_FILE_RE = /\.(dat|xml|zip)$/i;

/** A DAT file found in the `dats` folder. */
export interface FolderDatFile {
  /** Path under the folder, `/`-separated. */
  relativePath: string;
  absolutePath: string;
  sizeBytes: number;
  mtimeMs: number;
}

/** Every `.dat`, `.xml` and `.zip` under the folder (sub-folders too; hidden ones skipped). */
export async function listFolderDats(root: string): Promise<FolderDatFile[]> {
  const found: FolderDatFile[] = [];
  const visit = async (relative: string): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(path.join(root, relative), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) await visit(child);
      else if (entry.isFile() && DAT_FILE_RE.test(entry.name)) {
        const absolutePath = path.join(root, child);
        const info = await stat(absolutePath);
        found.push({
          relativePath: child,
          absolutePath,
          sizeBytes: info.size,
          mtimeMs: info.mtimeMs,
        });
      }
    }
  };
  await visit('');
  return found.sort((a, b) => a.relativePath.localeCompare(b.relativePath));
}

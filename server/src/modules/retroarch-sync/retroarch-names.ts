/**
 * RetroArch's names for saves and states in its cloud-sync tree (the keys of `manifest.server`):
 * `saves/<sub folders>/<content name>.srm` and `states/<sub folders>/<content name>.state`,
 * `.state<N>` (slots 1…999) or `.state.auto`. The content name is the loaded file's name without
 * its extension. The sub folders (none, one or two) are RetroArch's "sort by core" (the core's
 * library name, e.g. `FCEUmm`) and "sort by content directory" (the ROM's folder, e.g. `nes`).
 */

export type RetroArchKind = 'save' | 'state';

export interface RetroArchFile {
  kind: RetroArchKind;
  /** The sub folders between `saves/` (or `states/`) and the file, outermost first. */
  folders: string[];
  /** The content name: the ROM file's name without its extension. */
  stem: string;
  /** What follows the stem: `srm`, `state`, `state1`…, `state.auto`. */
  suffix: string;
}

const TOP_FOLDER: Record<RetroArchKind, string> = { save: 'saves', state: 'states' };
const MAX_SUB_FOLDERS = 2;
const STATE_SUFFIX = /\.(state(?:[1-9]\d{0,2})?|state\.auto)$/;
const SAVE_SUFFIX = /\.(srm)$/;

/** The save or state a path of the tree names, or null for anything else (thumbnails, config…). */
export function parseRetroArchPath(relPath: string): RetroArchFile | null {
  const segments = relPath.split('/').filter((segment) => segment !== '');
  const [top, ...rest] = segments;
  const kind = top === 'saves' ? 'save' : top === 'states' ? 'state' : null;
  const fileName = rest.pop();
  if (kind === null || fileName === undefined || rest.length > MAX_SUB_FOLDERS) return null;
  const match = (kind === 'save' ? SAVE_SUFFIX : STATE_SUFFIX).exec(fileName);
  const suffix = match?.[1];
  if (match === null || suffix === undefined || match.index === 0) return null;
  return { kind, folders: rest, stem: fileName.slice(0, match.index), suffix };
}

/** The file's name (`<stem>.<suffix>`). */
export function retroArchFileName(file: Pick<RetroArchFile, 'stem' | 'suffix'>): string {
  return `${file.stem}.${file.suffix}`;
}

/** The path of a file in the tree. */
export function retroArchPath(file: RetroArchFile): string {
  return [TOP_FOLDER[file.kind], ...file.folders, retroArchFileName(file)].join('/');
}

/** The default suffix of a kind: the save file, or the state of slot 0. */
export const DEFAULT_SUFFIX: Record<RetroArchKind, string> = { save: 'srm', state: 'state' };

/** The state a RetroArch thumbnail (`<state file>.png`) belongs to, or null for anything else. */
export function thumbnailOf(relPath: string): string | null {
  if (!relPath.endsWith('.png')) return null;
  const statePath = relPath.slice(0, -'.png'.length);
  return parseRetroArchPath(statePath)?.kind === 'state' ? statePath : null;
}

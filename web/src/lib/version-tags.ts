import type { SimpleRom } from '@romshelf/contract';

/** What a ROM needs to tell it from its versions: its file name and its parsed tags. */
export type VersionTagged = Partial<Pick<SimpleRom, 'fs_name' | 'revision' | 'tags'>>;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The file-name tags that tell a game from its siblings of the same name, besides its region
 * and language flags: the revision (`Rev 1`) or version (`v1.1`), then the other tags as
 * written (`Disc 2`, `Beta`, `Proto`, `Virtual Console`…). Empty for a plain release.
 */
export function versionTags(rom: VersionTagged): string[] {
  const tags: string[] = [];
  const revision = rom.revision ?? '';
  if (revision !== '') {
    const isRevision = new RegExp(`\\brev[\\s-]*${escapeRegExp(revision)}\\b`, 'i').test(
      rom.fs_name ?? '',
    );
    tags.push(isRevision ? `Rev ${revision}` : `v${revision}`);
  }
  for (const tag of rom.tags ?? []) if (!tags.includes(tag)) tags.push(tag);
  return tags;
}

/** What tells a loose disc file: its file name and extension (a folder has none). */
export type LooseDiscCandidate = Partial<Pick<SimpleRom, 'fs_name' | 'fs_extension'>>;

/**
 * True for a loose file (or cue sheet) of one disc of a game, `… (Disc 2).chd`: what the
 * server's combine-discs action takes. A playlist or a folder is no loose disc.
 */
export function isLooseDisc(rom: LooseDiscCandidate): boolean {
  const extension = rom.fs_extension ?? '';
  if (extension === '' || extension.toLowerCase() === 'm3u') return false;
  return /\((?:disc|disk|cd)\s*\d+/i.test(rom.fs_name ?? '');
}

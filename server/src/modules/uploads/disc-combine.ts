import { Readable } from 'node:stream';

import type { Db } from '../../db/database.js';
import { HttpError } from '../../http/http-error.js';
import { fsNameProblem } from '../library/fs-name.js';
import type { RomUploadService } from './rom-upload.service.js';

/** `(Disc 2)`, `(Disk 2 of 3)`, `(CD 2)`: the tag numbering one disc of a game. */
const DISC_TAG_RE = /\s*\((?:disc|disk|cd)\s*(\d+)[^)]*\)/i;

/** The disc number a ROM's name carries and its name without that tag; null without one. */
export function discOfName(nameNoExt: string): { disc: number; family: string } | null {
  const match = DISC_TAG_RE.exec(nameNoExt);
  if (match === null) return null;
  return {
    disc: Number(match[1]),
    family: (nameNoExt.slice(0, match.index) + nameNoExt.slice(match.index + match[0].length))
      .replace(/\s+/g, ' ')
      .trim(),
  };
}

/** A disc ROM as the combiner reads it. */
interface DiscRow {
  fs_name: string;
  fs_name_no_ext: string;
}

/** Reads the loose disc files of a platform folder. */
export class LooseDiscsRepository {
  constructor(private readonly db: Db) {}

  /** Where a ROM lies and how it is named; undefined for an unknown id. */
  find(romId: number) {
    return this.db
      .selectFrom('rom')
      .select(['platform_id', 'fs_name_no_tags', 'fs_name_no_ext', 'fs_extension', 'fs_path'])
      .where('id', '=', romId)
      .executeTakeFirst();
  }

  /** The present loose files (single files or sheet games) of a folder with one tag-free name. */
  alike(platformId: number, fsPath: string, fsNameNoTags: string): Promise<DiscRow[]> {
    return this.db
      .selectFrom('rom')
      .select(['fs_name', 'fs_name_no_ext'])
      .where('platform_id', '=', platformId)
      .where('fs_name_no_tags', '=', fsNameNoTags)
      .where('fs_path', '=', fsPath)
      .where('fs_extension', '<>', '')
      .where('missing_from_fs', '=', 0)
      .execute();
  }
}

/**
 * Combines the loose disc files of one game (`Game (USA) (Disc 1).chd`, `(Disc 2)`… beside
 * each other in a platform folder, no playlist) into one multi-disc game: writes
 * `Game (USA).m3u` listing them by disc number into the platform folder (atomically, never over
 * an existing file) and stores it the way an upload is, which folds the discs into the
 * playlist's game and removes the ROMs they were stored as on their own.
 */
export class DiscCombiner {
  constructor(
    private readonly discs: LooseDiscsRepository,
    private readonly uploads: RomUploadService,
  ) {}

  /** The new game's id. 404 for an unknown ROM; 400 when it is no loose disc with siblings. */
  async combine(romId: number): Promise<number> {
    const rom = await this.discs.find(romId);
    if (rom === undefined) throw new HttpError(404, `ROM with id ${romId} not found`);
    const own = discOfName(rom.fs_name_no_ext);
    if (own === null || rom.fs_extension === '') {
      throw new HttpError(400, 'This game is not a loose disc file');
    }
    const alike = await this.discs.alike(rom.platform_id, rom.fs_path, rom.fs_name_no_tags);
    const discs = alike
      .map((row) => ({ fsName: row.fs_name, of: discOfName(row.fs_name_no_ext) }))
      .filter((row) => row.of?.family === own.family)
      .sort((a, b) => (a.of?.disc ?? 0) - (b.of?.disc ?? 0) || (a.fsName < b.fsName ? -1 : 1));
    if (discs.length < 2) throw new HttpError(400, 'No other disc of this game was found');
    const platform = await this.uploads.platformById(String(rom.platform_id));
    const name = `${own.family}.m3u`;
    const problem = fsNameProblem(name);
    if (problem !== null) throw new HttpError(400, problem);
    const target = await this.uploads.freeTarget(platform, name);
    const playlist = discs.map((disc) => `${disc.fsName}\n`).join('');
    return this.uploads.store(target, Readable.from([Buffer.from(playlist, 'utf8')]));
  }
}

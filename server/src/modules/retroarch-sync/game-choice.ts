import type { RetroArchCore } from './retroarch-cores.js';
import { retroArchCoreOf } from './retroarch-cores.js';

/** A game of the user's library whose file name has the content name RetroArch used. */
export interface GameCandidate {
  romId: number;
  platformSlug: string;
  platformFsSlug: string;
}

export type GameChoice =
  | { kind: 'matched'; romId: number; core: RetroArchCore | null }
  | { kind: 'unknown' }
  | { kind: 'ambiguous'; romIds: number[] };

/** Whether a sub folder names the candidate's platform: by its folder, its slug, or a core. */
function folderFits(folder: string, core: RetroArchCore | null, game: GameCandidate): boolean {
  if (core !== null) return core.platformSlugs.has(game.platformSlug);
  const name = folder.toLowerCase();
  return name === game.platformFsSlug.toLowerCase() || name === game.platformSlug.toLowerCase();
}

/**
 * The one game a RetroArch file belongs to. Its sub folders narrow the candidates when they say
 * something (a known core, or a candidate's platform folder): a core that cannot play a
 * candidate's platform rules it out. Anything but exactly one game left imports nothing.
 */
export function chooseGame(
  candidates: readonly GameCandidate[],
  folders: readonly string[],
): GameChoice {
  const hints = folders
    .map((folder) => ({ folder, core: retroArchCoreOf(folder) }))
    .filter(
      (hint) =>
        hint.core !== null || candidates.some((game) => folderFits(hint.folder, null, game)),
    );
  const core = hints.find((hint) => hint.core !== null)?.core ?? null;
  const fitting = candidates.filter((game) =>
    hints.every((hint) => folderFits(hint.folder, hint.core, game)),
  );
  const [only, ...others] = fitting;
  if (only === undefined) return { kind: 'unknown' };
  if (others.length > 0) return { kind: 'ambiguous', romIds: fitting.map((game) => game.romId) };
  return { kind: 'matched', romId: only.romId, core };
}

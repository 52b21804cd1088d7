import type { DetailedRom } from '@romshelf/contract';

import type { ConsoleStart } from '@/lib/console-play';

/** How many states and saves the game screen offers to continue from (newest first). */
const SHOWN = 6;

export type ContinueChoice =
  | { type: 'fresh' }
  | { type: 'state' | 'save'; id: number; updatedAt: string; screenshot: string | null };

const newestFirst = (a: { updated_at: string }, b: { updated_at: string }) =>
  b.updated_at.localeCompare(a.updated_at);

/**
 * Where a game can be continued from: a new game, then the caller's latest states and saves;
 * nothing when there is nothing to continue (Play starts fresh).
 */
export function continueChoices(
  rom: Pick<DetailedRom, 'user_states' | 'user_saves'>,
): ContinueChoice[] {
  const states = [...rom.user_states].sort(newestFirst).slice(0, SHOWN);
  const saves = [...rom.user_saves].sort(newestFirst).slice(0, SHOWN);
  if (states.length === 0 && saves.length === 0) return [];
  return [
    { type: 'fresh' },
    ...states.map((state) => ({
      type: 'state' as const,
      id: state.id,
      updatedAt: state.updated_at,
      screenshot: state.screenshot?.download_path ?? null,
    })),
    ...saves.map((save) => ({
      type: 'save' as const,
      id: save.id,
      updatedAt: save.updated_at,
      screenshot: save.screenshot?.download_path ?? null,
    })),
  ];
}

/** The player's start for a choice. */
export function startOf(choice: ContinueChoice): ConsoleStart {
  return choice.type === 'fresh' ? choice : { type: choice.type, id: choice.id };
}

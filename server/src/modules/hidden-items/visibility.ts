import { AsyncLocalStorage } from 'node:async_hooks';

/** What one caller may not see: whole platforms (their ROMs with them) and single ROMs. */
export interface Withheld {
  platformIds: readonly number[];
  romIds: readonly number[];
}

export const NOTHING_WITHHELD: Withheld = { platformIds: [], romIds: [] };

/** Whether anything is withheld (most callers: nothing, and their reads stay as they were). */
export function withholds(withheld: Withheld): boolean {
  return withheld.platformIds.length > 0 || withheld.romIds.length > 0;
}

/** Whether a ROM (on its platform) is withheld. */
export function withholdsRom(
  withheld: Withheld,
  rom: { id: number; platform_id: number },
): boolean {
  return withheld.platformIds.includes(rom.platform_id) || withheld.romIds.includes(rom.id);
}

/** The request's caller's withheld items, set once the caller is known (visibility.hook.ts). */
interface CallerVisibility {
  withheld: Withheld;
}

const callerVisibility = new AsyncLocalStorage<CallerVisibility>();

/**
 * Runs `next` (the rest of a request's handling) with a visibility that starts empty and is
 * filled in once the caller is known. Reads made outside a request (scans, tasks) see all.
 */
export function runWithCallerVisibility(next: () => void): void {
  callerVisibility.run({ withheld: NOTHING_WITHHELD }, next);
}

/** Sets what the current request's caller may not see. */
export function setCallerWithheld(withheld: Withheld): void {
  const current = callerVisibility.getStore();
  if (current !== undefined) current.withheld = withheld;
}

/**
 * What the current request's caller may not see: every read serving a request leaves these out
 * (lists, counts, collections, search, stats) or answers 404 for them (direct URLs).
 */
export function withheldFromCaller(): Withheld {
  return callerVisibility.getStore()?.withheld ?? NOTHING_WITHHELD;
}

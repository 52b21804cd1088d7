/**
 * One chunk for everything a lazy page statically imports beyond the start bundle. Left to
 * automatic splitting, the platform gallery came as about 55 small chunks (each icon, each MUI
 * component a file shared with other pages): over HTTP/1.1's six connections per server they
 * queued the page's own data and translations behind them, and each was one more module to
 * fetch, compile and link before the first card.
 */
import type { Rolldown } from 'vite';

/**
 * The modules `entry` imports statically, directly or not (its own module included); the start
 * bundle's modules are taken by an earlier group, so they stay where they are.
 */
function staticClosure(entry: string, context: Rolldown.ChunkingContext): Set<string> {
  const seen = new Set<string>();
  const pending = [entry];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(context.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/** A code-splitting group naming the chunk `name` after the static closure of `entries`. */
export function pageChunk(name: string, entries: readonly string[]): Rolldown.CodeSplittingGroup {
  let members: Set<string> | undefined;
  return {
    name: (id, context) => {
      members ??= new Set(entries.flatMap((entry) => [...staticClosure(entry, context)]));
      return members.has(id) ? name : null;
    },
  };
}

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = (options?: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

let collect: Collect | undefined;

/**
 * Runs a full garbage collection, so memory a burst of work (a library scan) left for a
 * collection that an idle process never runs goes back to the system. V8 grows its heap with a
 * scan's allocation rate and keeps it while nothing allocates. With `releasePages`, the
 * collection is V8's `last-resort` one (what it runs under memory pressure): it also compacts
 * and hands back the pages V8 pools for reuse, which a plain collection keeps. Node has no API for this, so V8's
 * `--expose-gc` is switched on at first use and the collector taken from a fresh context.
 */
export function collectGarbage(releasePages = false): void {
  if (collect === undefined) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as Collect;
  }
  if (releasePages) collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  else collect();
}

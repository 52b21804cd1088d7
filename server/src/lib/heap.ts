import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | undefined;

/**
 * Runs a full garbage collection, so memory a burst of work (a library scan) left for a
 * collection that an idle process never runs goes back to the system. V8 grows its heap with a
 * scan's allocation rate and keeps it while nothing allocates. Node has no API for this, so
 * V8's `--expose-gc` is switched on at first use and the collector taken from a fresh context.
 */
export function collectGarbage(): void {
  if (collect === undefined) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  collect();
}

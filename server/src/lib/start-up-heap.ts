import { setFlagsFromString } from 'node:v8';

/** V8's own default: each young-generation growth doubles it, up to `--max-semi-space-size`. */
const DEFAULT_GROWTH_FACTOR = 2;

/**
 * Keeps V8's young generation at its initial size while the server starts. Start-up (loading
 * and compiling every module, building route schemas) allocates fast enough that V8 grows the
 * young generation to its maximum (32 MB here), and V8 never gives it back, so an idle server
 * would hold about 30 MB of empty nursery. The growth factor is read at each growth, so it can
 * be held at 1 here and restored by `releaseYoungGeneration` once the server listens: the young
 * generation then grows with the first real work, as it always does.
 */
export function holdYoungGeneration(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
}

/** Lets the young generation grow again, at V8's usual rate. */
export function releaseYoungGeneration(): void {
  setFlagsFromString(`--semi-space-growth-factor=${String(DEFAULT_GROWTH_FACTOR)}`);
}

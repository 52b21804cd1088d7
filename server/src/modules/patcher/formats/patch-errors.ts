/** The patch itself is malformed, truncated or of a format this server cannot apply. */
export class PatchFormatError extends Error {}

/** The patch is well formed but was made for another ROM (a checksum or size disagrees). */
export class PatchMismatchError extends Error {}

/** The patch asks for an output larger than the configured limit. */
export class PatchTooLargeError extends Error {}

/** The result of applying a patch: the patched bytes, and whether a checksum confirmed the base. */
export interface AppliedPatch {
  output: Buffer;
  /** True when the patch carried a checksum of its source (or undo bytes) and it matched. */
  verified: boolean;
}

/** Applies one patch format: `maxOutputBytes` bounds what a patch may ask the server to build. */
export type PatchApplier = (source: Buffer, patch: Buffer, maxOutputBytes: number) => AppliedPatch;

import { checkBeatTarget, openBeatPatch } from './beat-patch.js';
import type { AppliedPatch } from './patch-errors.js';
import { outputFrom } from './patch-reader.js';

/**
 * UPS: source and target sizes, then hunks of (skip, bytes XORed with the source up to a zero),
 * and the CRC32s of source, target and patch. The source's size and CRC32 must match.
 */
export function applyUps(source: Buffer, patch: Buffer, maxOutputBytes: number): AppliedPatch {
  const { reader, targetSize, targetCrc } = openBeatPatch('UPS', source, patch);
  const output = outputFrom(source, targetSize, maxOutputBytes);
  let position = 0;
  while (reader.remaining > 0) {
    position += reader.beatNumber();
    for (let byte = reader.u8(); byte !== 0; byte = reader.u8()) {
      if (position < targetSize) output[position] = (source[position] ?? 0) ^ byte;
      position += 1;
    }
    position += 1;
  }
  checkBeatTarget('UPS', output, targetCrc);
  return { output, verified: true };
}

import { crc32 } from 'node:zlib';

import { PatchFormatError, PatchMismatchError } from './patch-errors.js';
import { hex32, PatchReader } from './patch-reader.js';

/** A BPS or UPS patch opened: its body's reader past both sizes, and its three CRC32s. */
export interface BeatPatch {
  reader: PatchReader;
  sourceSize: number;
  targetSize: number;
  targetCrc: number;
}

/**
 * Opens a patch of byuu's formats (BPS, UPS): magic, source and target sizes, then the CRC32s
 * of source, target and the patch itself at the end. The patch's own CRC32 must hold, and the
 * source must be the one the patch names (size and CRC32).
 */
export function openBeatPatch(format: 'BPS' | 'UPS', source: Buffer, patch: Buffer): BeatPatch {
  if (patch.length < 16) throw new PatchFormatError(`The ${format} patch is truncated`);
  const reader = new PatchReader(patch.subarray(0, patch.length - 12), format);
  if (reader.text(4) !== `${format}1`) throw new PatchFormatError(`Not a ${format} patch`);
  const footer = patch.subarray(patch.length - 12);
  if (crc32(patch.subarray(0, patch.length - 4)) !== footer.readUInt32LE(8)) {
    throw new PatchFormatError(`The ${format} patch is damaged (its own checksum does not match)`);
  }
  const sourceSize = reader.beatNumber();
  const targetSize = reader.beatNumber();
  const sourceCrc = footer.readUInt32LE(0);
  if (source.length !== sourceSize || crc32(source) !== sourceCrc) {
    throw new PatchMismatchError(
      `This ${format} patch is for another ROM (it expects ${sourceSize} bytes with CRC32 ` +
        `${hex32(sourceCrc)}; this ROM is ${source.length} bytes with CRC32 ${hex32(crc32(source))})`,
    );
  }
  return { reader, sourceSize, targetSize, targetCrc: footer.readUInt32LE(4) };
}

/** The result's CRC32 must be the one the patch names. */
export function checkBeatTarget(format: 'BPS' | 'UPS', output: Buffer, targetCrc: number): void {
  if (crc32(output) !== targetCrc) {
    throw new PatchFormatError(`The ${format} patch produced a ROM whose checksum does not match`);
  }
}

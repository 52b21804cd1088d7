import { crc32 } from 'node:zlib';

import { PatchFormatError, PatchMismatchError } from './patch-errors.js';
import type { AppliedPatch } from './patch-errors.js';
import { hex32, outputFrom, PatchReader } from './patch-reader.js';

/**
 * UPS: source and target sizes, then hunks of (skip, bytes XORed with the source up to a zero),
 * and the CRC32s of source, target and patch. The source's size and CRC32 must match.
 */
export function applyUps(source: Buffer, patch: Buffer, maxOutputBytes: number): AppliedPatch {
  if (patch.length < 16) throw new PatchFormatError('The UPS patch is truncated');
  const reader = new PatchReader(patch.subarray(0, patch.length - 12), 'UPS');
  if (reader.text(4) !== 'UPS1') throw new PatchFormatError('Not a UPS patch');
  const footer = patch.subarray(patch.length - 12);
  if (crc32(patch.subarray(0, patch.length - 4)) !== footer.readUInt32LE(8)) {
    throw new PatchFormatError('The UPS patch is damaged (its own checksum does not match)');
  }
  const sourceSize = reader.beatNumber();
  const targetSize = reader.beatNumber();
  const sourceCrc = footer.readUInt32LE(0);
  if (source.length !== sourceSize || crc32(source) !== sourceCrc) {
    throw new PatchMismatchError(
      `This UPS patch is for another ROM (it expects ${sourceSize} bytes with CRC32 ` +
        `${hex32(sourceCrc)}; this ROM is ${source.length} bytes with CRC32 ${hex32(crc32(source))})`,
    );
  }
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
  if (crc32(output) !== footer.readUInt32LE(4)) {
    throw new PatchFormatError('The UPS patch produced a ROM whose checksum does not match');
  }
  return { output, verified: true };
}

import { crc32 } from 'node:zlib';

import { PatchFormatError, PatchMismatchError } from './patch-errors.js';
import type { AppliedPatch } from './patch-errors.js';
import { checkOutputSize, hex32, PatchReader } from './patch-reader.js';

const SOURCE_READ = 0;
const TARGET_READ = 1;
const SOURCE_COPY = 2;

/**
 * BPS: source and target sizes, metadata, then actions (source read, target read, source copy,
 * target copy) and the CRC32s of source, target and patch. The source's size and CRC32 must match.
 */
export function applyBps(source: Buffer, patch: Buffer, maxOutputBytes: number): AppliedPatch {
  if (patch.length < 16) throw new PatchFormatError('The BPS patch is truncated');
  const reader = new PatchReader(patch.subarray(0, patch.length - 12), 'BPS');
  if (reader.text(4) !== 'BPS1') throw new PatchFormatError('Not a BPS patch');
  const footer = patch.subarray(patch.length - 12);
  if (crc32(patch.subarray(0, patch.length - 4)) !== footer.readUInt32LE(8)) {
    throw new PatchFormatError('The BPS patch is damaged (its own checksum does not match)');
  }
  const sourceSize = reader.beatNumber();
  const targetSize = reader.beatNumber();
  reader.slice(reader.beatNumber());
  const sourceCrc = footer.readUInt32LE(0);
  if (source.length !== sourceSize || crc32(source) !== sourceCrc) {
    throw new PatchMismatchError(
      `This BPS patch is for another ROM (it expects ${sourceSize} bytes with CRC32 ` +
        `${hex32(sourceCrc)}; this ROM is ${source.length} bytes with CRC32 ${hex32(crc32(source))})`,
    );
  }
  checkOutputSize(targetSize, maxOutputBytes);
  const output = Buffer.alloc(targetSize);
  let outputOffset = 0;
  let sourceRelative = 0;
  let targetRelative = 0;
  const damaged = () =>
    new PatchFormatError('The BPS patch is damaged (an action runs out of bounds)');
  while (reader.remaining > 0) {
    const data = reader.beatNumber();
    const command = data & 3;
    const length = Math.floor(data / 4) + 1;
    if (outputOffset + length > targetSize) throw damaged();
    if (command === SOURCE_READ) {
      if (outputOffset + length > source.length) throw damaged();
      source.copy(output, outputOffset, outputOffset, outputOffset + length);
    } else if (command === TARGET_READ) {
      reader.slice(length).copy(output, outputOffset);
    } else {
      const offsetData = reader.beatNumber();
      const delta = (offsetData & 1 ? -1 : 1) * Math.floor(offsetData / 2);
      if (command === SOURCE_COPY) {
        sourceRelative += delta;
        if (sourceRelative < 0 || sourceRelative + length > source.length) throw damaged();
        source.copy(output, outputOffset, sourceRelative, sourceRelative + length);
        sourceRelative += length;
      } else {
        targetRelative += delta;
        if (targetRelative < 0 || targetRelative >= outputOffset) throw damaged();
        for (let index = 0; index < length; index += 1) {
          output[outputOffset + index] = output[targetRelative + index] ?? 0;
        }
        targetRelative += length;
      }
    }
    outputOffset += length;
  }
  if (crc32(output) !== footer.readUInt32LE(4)) {
    throw new PatchFormatError('The BPS patch produced a ROM whose checksum does not match');
  }
  return { output, verified: true };
}

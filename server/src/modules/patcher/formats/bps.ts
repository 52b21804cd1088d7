import { checkBeatTarget, openBeatPatch } from './beat-patch.js';
import { PatchFormatError } from './patch-errors.js';
import type { AppliedPatch } from './patch-errors.js';
import { checkOutputSize } from './patch-reader.js';

const SOURCE_READ = 0;
const TARGET_READ = 1;
const SOURCE_COPY = 2;

/**
 * BPS: source and target sizes, metadata, then actions (source read, target read, source copy,
 * target copy) and the CRC32s of source, target and patch. The source's size and CRC32 must match.
 */
export function applyBps(source: Buffer, patch: Buffer, maxOutputBytes: number): AppliedPatch {
  const { reader, targetSize, targetCrc } = openBeatPatch('BPS', source, patch);
  reader.slice(reader.beatNumber());
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
  checkBeatTarget('BPS', output, targetCrc);
  return { output, verified: true };
}

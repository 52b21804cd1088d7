import { PatchFormatError } from './patch-errors.js';
import type { AppliedPatch } from './patch-errors.js';
import { checkOutputSize, ensureCapacity, PatchReader } from './patch-reader.js';

const EOF_MARKER = 0x454f46;

/**
 * IPS: records of (24-bit offset, 16-bit length, bytes), a zero length meaning a run of one
 * byte; "EOF", then optionally a 24-bit size to truncate to. IPS carries no checksum of its
 * source, so a patch for another ROM cannot be told apart: `verified` is false.
 */
export function applyIps(source: Buffer, patch: Buffer, maxOutputBytes: number): AppliedPatch {
  const reader = new PatchReader(patch, 'IPS');
  if (reader.text(5) !== 'PATCH') throw new PatchFormatError('Not an IPS patch');
  let output: Buffer = Buffer.from(source);
  let length = source.length;
  for (;;) {
    const offset = reader.u24be();
    if (offset === EOF_MARKER) break;
    const size = reader.u16be();
    const runLength = size === 0 ? reader.u16be() : size;
    const end = offset + runLength;
    output = ensureCapacity(output, end, maxOutputBytes);
    if (size === 0) output.fill(reader.u8(), offset, end);
    else reader.slice(size).copy(output, offset);
    length = Math.max(length, end);
  }
  if (reader.remaining >= 3) {
    const truncateTo = reader.u24be();
    checkOutputSize(truncateTo, maxOutputBytes);
    output = ensureCapacity(output, truncateTo, maxOutputBytes);
    length = truncateTo;
  }
  return { output: output.subarray(0, length), verified: false };
}

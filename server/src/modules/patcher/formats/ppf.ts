import { PatchFormatError, PatchMismatchError } from './patch-errors.js';
import type { AppliedPatch } from './patch-errors.js';
import { ensureCapacity, PatchReader } from './patch-reader.js';

const DIZ_START = '@BEGIN_FILE_ID.DIZ';
const BLOCK_CHECK_BYTES = 1024;
/** Where PPF's block check sits in a disc image: BIN images and PrimoDVD (GI) images. */
const BLOCK_CHECK_OFFSET = { bin: 0x9320, gi: 0x80a0 } as const;

const mismatch = (what: string) =>
  new PatchMismatchError(`This PPF patch is for another disc image (${what} does not match)`);

function checkBlock(source: Buffer, offset: number, expected: Buffer): void {
  const actual = source.subarray(offset, offset + BLOCK_CHECK_BYTES);
  if (!actual.equals(expected)) throw mismatch('its block check');
}

function atDescription(reader: PatchReader): boolean {
  const { bytes, offset } = reader;
  return bytes.toString('latin1', offset, offset + DIZ_START.length) === DIZ_START;
}

/**
 * PPF 1.0, 2.0 and 3.0 (PlayStation disc images): records of (offset, length, bytes). PPF2
 * carries the source size and a 1024-byte block of the image; PPF3 optionally that block and the
 * original bytes of every record ("undo" data). Any of those present must match the image.
 */
export function applyPpf(source: Buffer, patch: Buffer, maxOutputBytes: number): AppliedPatch {
  const reader = new PatchReader(patch, 'PPF');
  const magic = reader.text(5);
  if (!/^PPF[123]0$/.test(magic)) throw new PatchFormatError('Not a PPF patch');
  const version = Number(magic[3]);
  reader.u8();
  reader.slice(50);
  let verified = false;
  let undo = false;
  if (version === 2) {
    const sourceSize = reader.u32le();
    if (sourceSize !== source.length) throw mismatch('its image size');
    checkBlock(source, BLOCK_CHECK_OFFSET.bin, reader.slice(BLOCK_CHECK_BYTES));
    verified = true;
  } else if (version === 3) {
    const imageType = reader.u8() === 1 ? 'gi' : 'bin';
    const blockCheck = reader.u8() === 1;
    undo = reader.u8() === 1;
    reader.u8();
    if (blockCheck) {
      checkBlock(source, BLOCK_CHECK_OFFSET[imageType], reader.slice(BLOCK_CHECK_BYTES));
      verified = true;
    }
  }
  let output: Buffer = Buffer.from(source);
  let length = source.length;
  while (reader.remaining > 0 && !atDescription(reader)) {
    const offset = version === 3 ? reader.u64le() : reader.u32le();
    const size = reader.u8();
    const data = reader.slice(size);
    if (undo) {
      const original = reader.slice(size);
      if (!source.subarray(offset, offset + size).equals(original)) throw mismatch('its undo data');
      verified = true;
    }
    output = ensureCapacity(output, offset + size, maxOutputBytes);
    data.copy(output, offset);
    length = Math.max(length, offset + size);
  }
  return { output: output.subarray(0, length), verified };
}

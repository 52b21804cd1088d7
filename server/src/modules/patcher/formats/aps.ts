import { PatchFormatError, PatchMismatchError } from './patch-errors.js';
import type { AppliedPatch } from './patch-errors.js';
import { ensureCapacity, outputFrom, PatchReader } from './patch-reader.js';

const GBA_BLOCK = 0x10000;
const N64_TYPE = 1;
/** Where an N64 ROM (big-endian .z64) keeps its CRC and cartridge id. */
const N64_CRC_OFFSET = 0x10;
const N64_CART_ID_OFFSET = 0x3c;

/** CRC-16/CCITT (poly 0x1021, init 0xFFFF): APS GBA's per-block checksum. */
export function crc16(bytes: Buffer): number {
  let crc = 0xffff;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

/** APS for GBA: 64 KiB blocks XORed over the source, each with its source and target CRC16. */
function applyApsGba(source: Buffer, reader: PatchReader, maxOutputBytes: number): AppliedPatch {
  const sourceSize = reader.u32le();
  const targetSize = reader.u32le();
  if (sourceSize !== source.length) {
    throw new PatchMismatchError(
      `This APS patch is for another ROM (it expects ${sourceSize} bytes; this ROM is ${source.length})`,
    );
  }
  const output = outputFrom(source, Math.max(sourceSize, targetSize), maxOutputBytes);
  while (reader.remaining > 0) {
    const offset = reader.u32le();
    const sourceCrc = reader.u16le();
    const targetCrc = reader.u16le();
    const xor = reader.slice(GBA_BLOCK);
    const block = Buffer.alloc(GBA_BLOCK);
    if (offset < source.length) source.copy(block, 0, offset, offset + GBA_BLOCK);
    if (crc16(block) !== sourceCrc) {
      throw new PatchMismatchError('This APS patch is for another ROM (a block checksum differs)');
    }
    for (let index = 0; index < GBA_BLOCK; index += 1)
      block[index] = (block[index] ?? 0) ^ (xor[index] ?? 0);
    if (crc16(block) !== targetCrc) throw new PatchFormatError('The APS patch is damaged');
    block.copy(output, offset, 0, Math.max(0, Math.min(GBA_BLOCK, output.length - offset)));
  }
  return { output: output.subarray(0, targetSize), verified: true };
}

/** APS for N64 (and its plain variant): records with run-length fills, the cart's id and CRC. */
function applyApsN64(source: Buffer, reader: PatchReader, maxOutputBytes: number): AppliedPatch {
  const type = reader.u8();
  reader.u8();
  reader.slice(50);
  let verified = false;
  if (type === N64_TYPE) {
    reader.u8();
    const cartId = reader.slice(3);
    const crc = reader.slice(8);
    reader.slice(5);
    const sourceCartId = source.subarray(N64_CART_ID_OFFSET, N64_CART_ID_OFFSET + 3);
    const sourceCrc = source.subarray(N64_CRC_OFFSET, N64_CRC_OFFSET + 8);
    if (!sourceCartId.equals(cartId) || !sourceCrc.equals(crc)) {
      throw new PatchMismatchError(
        'This APS patch is for another ROM (its cartridge id or CRC does not match)',
      );
    }
    verified = true;
  }
  const targetSize = reader.u32le();
  let output = outputFrom(source, targetSize, maxOutputBytes);
  while (reader.remaining > 0) {
    const offset = reader.u32le();
    const length = reader.u8();
    if (length === 0) {
      const value = reader.u8();
      const runLength = reader.u8();
      output = ensureCapacity(output, offset + runLength, maxOutputBytes);
      output.fill(value, offset, offset + runLength);
    } else {
      output = ensureCapacity(output, offset + length, maxOutputBytes);
      reader.slice(length).copy(output, offset);
    }
  }
  return { output: output.subarray(0, targetSize), verified };
}

/** APS: the GBA variant ("APS1") or the N64 one ("APS10"). */
export function applyAps(source: Buffer, patch: Buffer, maxOutputBytes: number): AppliedPatch {
  const reader = new PatchReader(patch, 'APS');
  if (reader.text(4) !== 'APS1') throw new PatchFormatError('Not an APS patch');
  if (patch[4] === 0x30) {
    reader.u8();
    return applyApsN64(source, reader, maxOutputBytes);
  }
  return applyApsGba(source, reader, maxOutputBytes);
}

import { createHash } from 'node:crypto';

import { PatchFormatError, PatchMismatchError } from './patch-errors.js';
import type { AppliedPatch } from './patch-errors.js';
import { outputFrom, PatchReader } from './patch-reader.js';

const HEADER_BYTES = 2048;
const END = 0x00;
const OPEN_FILE = 0x01;
const XOR_RECORD = 0x02;
const APPEND = 0x41;

interface RupFile {
  sourceSize: number;
  targetSize: number;
  sourceMd5: string;
  targetMd5: string;
  overflow: { mode: number; data: Buffer } | null;
  records: { offset: number; xor: Buffer }[];
}

/** NINJA 2's number: a byte counting the bytes that follow, little-endian. */
function rupNumber(reader: PatchReader): number {
  const length = reader.u8();
  if (length > 6) throw new PatchFormatError('The RUP patch has an impossible number');
  return length === 0 ? 0 : reader.slice(length).readUIntLE(0, length);
}

function readFiles(reader: PatchReader): RupFile[] {
  const files: RupFile[] = [];
  for (let command = reader.u8(); command !== END; command = reader.u8()) {
    const current = files.at(-1);
    if (command === OPEN_FILE) {
      reader.slice(rupNumber(reader));
      reader.u8();
      const sourceSize = rupNumber(reader);
      const targetSize = rupNumber(reader);
      const sourceMd5 = reader.slice(16).toString('hex');
      const targetMd5 = reader.slice(16).toString('hex');
      let overflow = null;
      if (sourceSize !== targetSize) {
        const mode = reader.u8();
        overflow = { mode, data: reader.slice(rupNumber(reader)) };
      }
      files.push({ sourceSize, targetSize, sourceMd5, targetMd5, overflow, records: [] });
    } else if (command === XOR_RECORD && current !== undefined) {
      const offset = rupNumber(reader);
      current.records.push({ offset, xor: reader.slice(rupNumber(reader)) });
    } else {
      throw new PatchFormatError('The RUP patch is damaged (unknown command)');
    }
  }
  return files;
}

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

/**
 * RUP (NINJA 2.0): per file, the source and target sizes and MD5s, appended bytes, and XOR
 * records. The patch's file whose source MD5 is this ROM's is applied; none = another ROM.
 */
export function applyRup(source: Buffer, patch: Buffer, maxOutputBytes: number): AppliedPatch {
  const reader = new PatchReader(patch, 'RUP');
  if (reader.text(6) !== 'NINJA2') throw new PatchFormatError('Not a RUP patch');
  reader.offset = HEADER_BYTES;
  const sourceMd5 = md5(source);
  const files = readFiles(reader);
  const file = files.find((candidate) => candidate.sourceMd5 === sourceMd5);
  if (file === undefined) {
    const expected = files.map((candidate) => candidate.sourceMd5).join(', ');
    throw new PatchMismatchError(
      `This RUP patch is for another ROM (it expects MD5 ${expected}; this ROM is ${sourceMd5})`,
    );
  }
  const output = outputFrom(source, file.targetSize, maxOutputBytes);
  if (file.overflow?.mode === APPEND) {
    file.overflow.data.forEach((byte, index) => {
      if (file.sourceSize + index < output.length) output[file.sourceSize + index] = byte ^ 0xff;
    });
  }
  for (const { offset, xor } of file.records) {
    xor.forEach((byte, index) => {
      if (offset + index < output.length)
        output[offset + index] = (output[offset + index] ?? 0) ^ byte;
    });
  }
  if (md5(output) !== file.targetMd5) {
    throw new PatchFormatError('The RUP patch produced a ROM whose checksum does not match');
  }
  return { output, verified: true };
}

import { PatchFormatError, PatchMismatchError } from './patch-errors.js';
import type { AppliedPatch } from './patch-errors.js';
import { checkOutputSize, ensureCapacity, PatchReader } from './patch-reader.js';
import type { VcdiffInstruction } from './vcdiff-code-table.js';
import { ADD, DEFAULT_CODE_TABLE, NOOP, RUN } from './vcdiff-code-table.js';

const VCD_DECOMPRESS = 0x01;
const VCD_CODETABLE = 0x02;
const VCD_APPHEADER = 0x04;
const VCD_SOURCE = 0x01;
const VCD_TARGET = 0x02;
const VCD_ADLER32 = 0x04;
const NEAR_SLOTS = 4;
const SAME_SLOTS = 3 * 256;

/** VCDIFF's integer: base 128, most significant digit first, high bit = more digits follow. */
function vcdiffNumber(reader: PatchReader): number {
  let value = 0;
  for (;;) {
    const byte = reader.u8();
    value = value * 128 + (byte & 0x7f);
    if (value > Number.MAX_SAFE_INTEGER) throw new PatchFormatError('The xdelta patch is damaged');
    if (!(byte & 0x80)) return value;
  }
}

export function adler32(bytes: Buffer): number {
  let a = 1;
  let b = 0;
  for (let start = 0; start < bytes.length; start += 3800) {
    const end = Math.min(bytes.length, start + 3800);
    for (let index = start; index < end; index += 1) {
      a += bytes[index] ?? 0;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}

/** RFC 3284's address cache: the last 4 addresses, and 768 slots hashed by address. */
class AddressCache {
  private readonly near = new Array<number>(NEAR_SLOTS).fill(0);
  private readonly same = new Array<number>(SAME_SLOTS).fill(0);
  private nextSlot = 0;

  decode(mode: number, here: number, addresses: PatchReader): number {
    let address;
    if (mode === 0) address = vcdiffNumber(addresses);
    else if (mode === 1) address = here - vcdiffNumber(addresses);
    else if (mode < 2 + NEAR_SLOTS) address = (this.near[mode - 2] ?? 0) + vcdiffNumber(addresses);
    else address = this.same[(mode - 2 - NEAR_SLOTS) * 256 + addresses.u8()] ?? 0;
    if (address < 0 || address >= here) throw new PatchFormatError('The xdelta patch is damaged');
    this.near[this.nextSlot] = address;
    this.nextSlot = (this.nextSlot + 1) % NEAR_SLOTS;
    this.same[address % SAME_SLOTS] = address;
    return address;
  }
}

interface Window {
  segment: Buffer;
  targetLength: number;
  data: PatchReader;
  instructions: PatchReader;
  addresses: PatchReader;
  checksum: number | null;
}

function decodeWindow({ segment, targetLength, data, instructions, addresses }: Window): Buffer {
  const target = Buffer.alloc(targetLength);
  const cache = new AddressCache();
  let position = 0;
  const run = (instruction: VcdiffInstruction) => {
    if (instruction.type === NOOP) return;
    const size = instruction.size === 0 ? vcdiffNumber(instructions) : instruction.size;
    if (position + size > targetLength) throw new PatchFormatError('The xdelta patch is damaged');
    if (instruction.type === ADD) data.slice(size).copy(target, position);
    else if (instruction.type === RUN) target.fill(data.u8(), position, position + size);
    else {
      const address = cache.decode(instruction.mode, segment.length + position, addresses);
      for (let index = 0; index < size; index += 1) {
        const from = address + index;
        target[position + index] =
          (from < segment.length ? segment[from] : target[from - segment.length]) ?? 0;
      }
    }
    position += size;
  };
  while (instructions.remaining > 0) {
    const entry = DEFAULT_CODE_TABLE[instructions.u8()];
    if (entry === undefined) throw new PatchFormatError('The xdelta patch is damaged');
    run(entry[0]);
    run(entry[1]);
  }
  if (position !== targetLength) throw new PatchFormatError('The xdelta patch is damaged');
  return target;
}

function readHeader(reader: PatchReader): void {
  const magic = reader.slice(4);
  if (magic[0] !== 0xd6 || magic[1] !== 0xc3 || magic[2] !== 0xc4 || magic[3] !== 0) {
    throw new PatchFormatError('Not an xdelta/VCDIFF patch');
  }
  const indicator = reader.u8();
  if (indicator & (VCD_DECOMPRESS | VCD_CODETABLE)) {
    throw new PatchFormatError(
      'This xdelta patch uses secondary compression or its own code table, which is not ' +
        'supported (make it with xdelta3 -S none)',
    );
  }
  if (indicator & VCD_APPHEADER) reader.slice(vcdiffNumber(reader));
}

/**
 * xdelta3 / VCDIFF (RFC 3284) with xdelta3's per-window Adler-32 of the target: windows copy
 * from the source (or earlier output) and add new bytes. A window reaching past the source, or a
 * result whose Adler-32 differs, means the patch was made for another ROM.
 */
export function applyVcdiff(source: Buffer, patch: Buffer, maxOutputBytes: number): AppliedPatch {
  const reader = new PatchReader(patch, 'xdelta');
  readHeader(reader);
  let output: Buffer = Buffer.alloc(0);
  let length = 0;
  let verified = false;
  while (reader.remaining > 0) {
    const indicator = reader.u8();
    let segment: Buffer = Buffer.alloc(0);
    if (indicator & (VCD_SOURCE | VCD_TARGET)) {
      const segmentLength = vcdiffNumber(reader);
      const segmentStart = vcdiffNumber(reader);
      const from = indicator & VCD_SOURCE ? source : output.subarray(0, length);
      if (segmentStart + segmentLength > from.length) {
        throw new PatchMismatchError(
          'This xdelta patch is for another ROM (it reads past its end)',
        );
      }
      segment = from.subarray(segmentStart, segmentStart + segmentLength);
    }
    vcdiffNumber(reader);
    const targetLength = vcdiffNumber(reader);
    checkOutputSize(length + targetLength, maxOutputBytes);
    if (reader.u8() !== 0)
      throw new PatchFormatError('Compressed xdelta sections are not supported');
    const dataLength = vcdiffNumber(reader);
    const instructionsLength = vcdiffNumber(reader);
    const addressesLength = vcdiffNumber(reader);
    const checksum = indicator & VCD_ADLER32 ? reader.u32be() : null;
    const window: Window = {
      segment,
      targetLength,
      data: new PatchReader(reader.slice(dataLength), 'xdelta'),
      instructions: new PatchReader(reader.slice(instructionsLength), 'xdelta'),
      addresses: new PatchReader(reader.slice(addressesLength), 'xdelta'),
      checksum,
    };
    const target = decodeWindow(window);
    if (checksum !== null) {
      if (adler32(target) !== checksum) {
        throw new PatchMismatchError(
          'This xdelta patch is for another ROM (the patched data fails its checksum)',
        );
      }
      verified = true;
    }
    output = ensureCapacity(output, length + targetLength, maxOutputBytes);
    target.copy(output, length);
    length += targetLength;
  }
  return { output: output.subarray(0, length), verified };
}

import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';

/**
 * Small patch writers for tests, one per format, each following its format's documentation in
 * the plainest way (no search for good matches). The patcher's appliers are tested against them
 * and against xdelta3's own output (fixtures in this folder).
 */

/** Deterministic pseudo-random bytes (xorshift32) for ROM-like test files. */
export function romBytes(size: number, seed: number): Buffer {
  const bytes = Buffer.alloc(size);
  let state = seed >>> 0 || 1;
  for (let index = 0; index < size; index += 1) {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    bytes[index] = state & 0xff;
  }
  return bytes;
}

/** `base` with `text` written at `offset` and `extra` bytes appended: a typical small hack. */
export function hacked(base: Buffer, offset: number, text: string, extra = 0): Buffer {
  const target = Buffer.concat([base, romBytes(extra, 99)]);
  target.write(text, offset, 'latin1');
  return target;
}

/** Runs where `a` and `b` differ (a missing byte counts as 0), as [start, end) pairs. */
function differingRuns(a: Buffer, b: Buffer, maxRun: number): [number, number][] {
  const runs: [number, number][] = [];
  const length = Math.max(a.length, b.length);
  let index = 0;
  while (index < length) {
    if ((a[index] ?? -1) === (b[index] ?? -1)) {
      index += 1;
      continue;
    }
    const start = index;
    while (index < length && index - start < maxRun && (a[index] ?? -1) !== (b[index] ?? -1)) {
      index += 1;
    }
    runs.push([start, index]);
  }
  return runs;
}

const u16be = (value: number) => Buffer.from([value >> 8, value & 0xff]);
const u24be = (value: number) => Buffer.from([value >> 16, (value >> 8) & 0xff, value & 0xff]);
const u32le = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value >>> 0);
  return bytes;
};

export function makeIps(
  source: Buffer,
  target: Buffer,
  rle?: { offset: number; length: number; value: number },
): Buffer {
  const parts: Buffer[] = [Buffer.from('PATCH')];
  for (const [start, end] of differingRuns(source, target, 0xffff)) {
    if (start >= target.length) continue;
    const stop = Math.min(end, target.length);
    parts.push(u24be(start), u16be(stop - start), target.subarray(start, stop));
  }
  if (rle !== undefined)
    parts.push(u24be(rle.offset), u16be(0), u16be(rle.length), Buffer.from([rle.value]));
  parts.push(Buffer.from('EOF'));
  if (target.length < source.length) parts.push(u24be(target.length));
  return Buffer.concat(parts);
}

function beatNumber(value: number): Buffer {
  const bytes: number[] = [];
  let rest = value;
  for (;;) {
    const low = rest & 0x7f;
    rest = Math.floor(rest / 128);
    if (rest === 0) {
      bytes.push(low | 0x80);
      return Buffer.from(bytes);
    }
    bytes.push(low);
    rest -= 1;
  }
}

function withBeatFooter(body: Buffer[], source: Buffer, target: Buffer): Buffer {
  const withCrcs = Buffer.concat([...body, u32le(crc32(source)), u32le(crc32(target))]);
  return Buffer.concat([withCrcs, u32le(crc32(withCrcs))]);
}

export function makeUps(source: Buffer, target: Buffer): Buffer {
  const parts: Buffer[] = [
    Buffer.from('UPS1'),
    beatNumber(source.length),
    beatNumber(target.length),
  ];
  const xorAt = (index: number) => (source[index] ?? 0) ^ (target[index] ?? 0);
  const length = Math.max(source.length, target.length);
  let position = 0;
  let index = 0;
  while (index < length) {
    if (xorAt(index) === 0) {
      index += 1;
      continue;
    }
    const start = index;
    while (index < length && xorAt(index) !== 0) index += 1;
    const xor = Buffer.from(
      Array.from({ length: index - start }, (_, offset) => xorAt(start + offset)),
    );
    parts.push(beatNumber(start - position), xor, Buffer.from([0]));
    index += 1;
    position = index;
  }
  return withBeatFooter(parts, source, target);
}

/**
 * BPS with all four actions: source reads where bytes are unchanged, target copies for runs of
 * one byte, source copies for the first 16 bytes of the source found elsewhere, target reads
 * for the rest.
 */
export function makeBps(source: Buffer, target: Buffer): Buffer {
  const parts: Buffer[] = [
    Buffer.from('BPS1'),
    beatNumber(source.length),
    beatNumber(target.length),
    beatNumber(0),
  ];
  const action = (command: number, length: number) => beatNumber((length - 1) * 4 + command);
  const signed = (delta: number) => beatNumber(Math.abs(delta) * 2 + (delta < 0 ? 1 : 0));
  const head = source.subarray(0, 16);
  let sourceRelative = 0;
  let targetRelative = 0;
  let index = 0;
  while (index < target.length) {
    let length = 0;
    while (
      index + length < target.length &&
      index + length < source.length &&
      source[index + length] === target[index + length]
    )
      length += 1;
    if (length > 0) {
      parts.push(action(0, length));
    } else if (index > 16 && target.subarray(index, index + 16).equals(head)) {
      length = 16;
      parts.push(action(2, length), signed(0 - sourceRelative));
      sourceRelative = length;
    } else if (
      index > 0 &&
      target[index] === target[index - 1] &&
      target[index + 1] === target[index]
    ) {
      while (index + length < target.length && target[index + length] === target[index - 1])
        length += 1;
      parts.push(action(3, length), signed(index - 1 - targetRelative));
      targetRelative = index - 1 + length;
    } else {
      while (
        index + length < target.length &&
        (index + length >= source.length || source[index + length] !== target[index + length])
      )
        length += 1;
      parts.push(action(1, length), target.subarray(index, index + length));
    }
    index += length;
  }
  return withBeatFooter(parts, source, target);
}

/** PPF 3.0 for a same-size image, with its optional block check and undo data. */
export function makePpf3(
  source: Buffer,
  target: Buffer,
  options: { blockCheck: boolean; undo: boolean },
): Buffer {
  const header = Buffer.alloc(60);
  header.write('PPF30', 0, 'latin1');
  header[5] = 2;
  header.write('RomShelf test patch', 6, 'latin1');
  header[57] = options.blockCheck ? 1 : 0;
  header[58] = options.undo ? 1 : 0;
  const parts: Buffer[] = [header];
  if (options.blockCheck) parts.push(source.subarray(0x9320, 0x9320 + 1024));
  for (const [start, end] of differingRuns(source, target, 0xff)) {
    const offset = Buffer.alloc(8);
    offset.writeBigUInt64LE(BigInt(start));
    parts.push(offset, Buffer.from([end - start]), target.subarray(start, end));
    if (options.undo) parts.push(source.subarray(start, end));
  }
  return Buffer.concat(parts);
}

/** PPF 2.0: the image size and block check, then 32-bit offset records. */
export function makePpf2(source: Buffer, target: Buffer): Buffer {
  const header = Buffer.alloc(56);
  header.write('PPF20', 0, 'latin1');
  header[5] = 1;
  const parts: Buffer[] = [header, u32le(source.length), source.subarray(0x9320, 0x9320 + 1024)];
  for (const [start, end] of differingRuns(source, target, 0xff)) {
    parts.push(u32le(start), Buffer.from([end - start]), target.subarray(start, end));
  }
  return Buffer.concat(parts);
}

function crc16(bytes: Buffer): number {
  let crc = 0xffff;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** APS (GBA): every 64 KiB block that changes, XORed, with its source and target CRC16. */
export function makeApsGba(source: Buffer, target: Buffer): Buffer {
  const parts: Buffer[] = [Buffer.from('APS1'), u32le(source.length), u32le(target.length)];
  const block = 0x10000;
  for (let offset = 0; offset < Math.max(source.length, target.length); offset += block) {
    const from = Buffer.alloc(block);
    const to = Buffer.alloc(block);
    if (offset < source.length) source.copy(from, 0, offset, offset + block);
    if (offset < target.length) target.copy(to, 0, offset, offset + block);
    if (from.equals(to)) continue;
    const xor = Buffer.alloc(block);
    for (let index = 0; index < block; index += 1)
      xor[index] = (from[index] ?? 0) ^ (to[index] ?? 0);
    const crcs = Buffer.alloc(4);
    crcs.writeUInt16LE(crc16(from), 0);
    crcs.writeUInt16LE(crc16(to), 2);
    parts.push(u32le(offset), crcs, xor);
  }
  return Buffer.concat(parts);
}

/** APS (N64): the cart id and CRC of the source, the target size, then plain records. */
export function makeApsN64(source: Buffer, target: Buffer): Buffer {
  const header = Buffer.alloc(5 + 1 + 1 + 50);
  header.write('APS10', 0, 'latin1');
  header[5] = 1;
  const n64 = Buffer.concat([
    Buffer.from([0]),
    source.subarray(0x3c, 0x3f),
    source.subarray(0x10, 0x18),
    Buffer.alloc(5),
  ]);
  const parts: Buffer[] = [header, n64, u32le(target.length)];
  for (const [start, end] of differingRuns(source, target, 0xff)) {
    if (start >= target.length) continue;
    const stop = Math.min(end, target.length);
    parts.push(u32le(start), Buffer.from([stop - start]), target.subarray(start, stop));
  }
  return Buffer.concat(parts);
}

function rupNumber(value: number): Buffer {
  if (value === 0) return Buffer.from([0]);
  const bytes: number[] = [];
  for (let rest = value; rest > 0; rest = Math.floor(rest / 256)) bytes.push(rest & 0xff);
  return Buffer.from([bytes.length, ...bytes]);
}

/** RUP (NINJA 2.0) for one file: XOR records, and appended bytes when the target is larger. */
export function makeRup(source: Buffer, target: Buffer): Buffer {
  const header = Buffer.alloc(2048);
  header.write('NINJA2', 0, 'latin1');
  const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest();
  const name = Buffer.from('game.bin');
  const parts: Buffer[] = [
    header,
    Buffer.from([1]),
    rupNumber(name.length),
    name,
    Buffer.from([0]),
  ];
  parts.push(rupNumber(source.length), rupNumber(target.length), md5(source), md5(target));
  if (source.length !== target.length) {
    const appended = target.subarray(source.length).map((byte) => byte ^ 0xff);
    parts.push(
      Buffer.from([target.length > source.length ? 0x41 : 0x4d]),
      rupNumber(appended.length),
      Buffer.from(appended),
    );
  }
  const common = Math.min(source.length, target.length);
  for (const [start, end] of differingRuns(
    source.subarray(0, common),
    target.subarray(0, common),
    0xffff,
  )) {
    const xor = Buffer.alloc(end - start);
    for (let index = start; index < end; index += 1)
      xor[index - start] = (source[index] ?? 0) ^ (target[index] ?? 0);
    parts.push(Buffer.from([2]), rupNumber(start), rupNumber(xor.length), xor);
  }
  parts.push(Buffer.from([0]));
  return Buffer.concat(parts);
}

import { PatchFormatError, PatchTooLargeError } from './patch-errors.js';

/** A bounds-checked cursor over a patch file: reading past its end is a format error. */
export class PatchReader {
  offset = 0;

  constructor(
    readonly bytes: Buffer,
    private readonly format: string,
  ) {}

  get remaining(): number {
    return this.bytes.length - this.offset;
  }

  private take(length: number): number {
    if (length < 0 || this.offset + length > this.bytes.length) {
      throw new PatchFormatError(`The ${this.format} patch is truncated`);
    }
    const start = this.offset;
    this.offset += length;
    return start;
  }

  u8(): number {
    return this.bytes[this.take(1)] ?? 0;
  }

  u16be(): number {
    return this.bytes.readUInt16BE(this.take(2));
  }

  u16le(): number {
    return this.bytes.readUInt16LE(this.take(2));
  }

  u24be(): number {
    return this.bytes.readUIntBE(this.take(3), 3);
  }

  u32le(): number {
    return this.bytes.readUInt32LE(this.take(4));
  }

  u32be(): number {
    return this.bytes.readUInt32BE(this.take(4));
  }

  u64le(): number {
    const value = this.bytes.readBigUInt64LE(this.take(8));
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) {
      throw new PatchFormatError(`The ${this.format} patch has an impossible offset`);
    }
    return Number(value);
  }

  slice(length: number): Buffer {
    const start = this.take(length);
    return this.bytes.subarray(start, start + length);
  }

  text(length: number): string {
    return this.slice(length).toString('latin1');
  }

  /** The variable-length integer of BPS and UPS (beat's encoding: 7 bits a byte, offset-adjusted). */
  beatNumber(): number {
    let value = 0;
    let shift = 1;
    for (;;) {
      const byte = this.u8();
      value += (byte & 0x7f) * shift;
      if (byte & 0x80) break;
      shift *= 128;
      value += shift;
      if (value > Number.MAX_SAFE_INTEGER) {
        throw new PatchFormatError(`The ${this.format} patch has an impossible number`);
      }
    }
    return value;
  }
}

/** Refuses a declared output size over the limit before any memory is spent on it. */
export function checkOutputSize(size: number, maxOutputBytes: number): void {
  if (size > maxOutputBytes) {
    throw new PatchTooLargeError(
      `The patched ROM would be too large (${size} bytes, max ${maxOutputBytes})`,
    );
  }
}

/** A new output buffer of `size` bytes starting as a copy of `source` (zero-filled past its end). */
export function outputFrom(source: Buffer, size: number, maxOutputBytes: number): Buffer {
  checkOutputSize(size, maxOutputBytes);
  const output = Buffer.alloc(size);
  source.copy(output, 0, 0, Math.min(size, source.length));
  return output;
}

/** Grows `buffer` to hold at least `size` bytes (doubling), within the limit. */
export function ensureCapacity(buffer: Buffer, size: number, maxOutputBytes: number): Buffer {
  if (size <= buffer.length) return buffer;
  checkOutputSize(size, maxOutputBytes);
  const grown = Buffer.alloc(Math.min(Math.max(size, buffer.length * 2), maxOutputBytes));
  buffer.copy(grown);
  return grown;
}

export function hex32(value: number): string {
  return value.toString(16).padStart(8, '0');
}

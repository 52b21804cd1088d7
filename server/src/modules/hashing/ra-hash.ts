import { createHash } from 'node:crypto';
import type { Hash } from 'node:crypto';

/**
 * RetroAchievements "RA hash": the MD5 RetroAchievements identifies a game by, computed from
 * console-specific content (RA documentation, "Game Identification"). Only the cartridge-style
 * rules are implemented here; every other console gets no RA hash (null):
 *
 * - disc systems (PlayStation 1/2, PSP, Saturn, Sega CD, Dreamcast, GameCube, Wii, 3DO, PC-FX,
 *   PC Engine CD, Neo Geo CD, Jaguar CD) hash the boot executable and volume data found by
 *   reading the disc's file system (ISO-9660, CUE/BIN, CHD…) — a reader we do not have;
 * - Nintendo DS/DSi hash the header plus the ARM9/ARM7 boot code and icon located through the
 *   header, and 3DS needs decryption keys;
 * - consoles RetroAchievements' hasher has no method for (Atari 5200, Amiga, Sega Pico…),
 *   and any platform without a RetroAchievements console id.
 *
 * As in RetroAchievements' reference hasher, at most the first 64 MiB of a file are hashed.
 */

/** How a console's RA hash is computed. */
export type RaHashRule =
  /** MD5 of the whole file. */
  | 'whole'
  /** NES / Famicom Disk System: a 16-byte `NES\x1a` or `FDS\x1a` header is skipped. */
  | 'nes'
  /** SNES: a 512-byte copier header is skipped when size % 8 KiB == 512. */
  | 'snes'
  /** Nintendo 64: the big-endian (.z64) byte order is hashed (.v64 and .n64 are converted). */
  | 'n64'
  /** Atari Lynx: a 64-byte header starting `LYNX\0` is skipped. */
  | 'lynx'
  /** Atari 7800: a 128-byte header with `ATARI7800` at offset 1 is skipped. */
  | 'atari7800'
  /** PC Engine / TurboGrafx-16 HuCard: a 512-byte header is skipped when size % 128 KiB == 512. */
  | 'pce'
  /** Arduboy .hex: text with line endings normalised to `\n`. */
  | 'text'
  /** Arcade: MD5 of the file name without its extension (case-sensitive). */
  | 'arcade';

/** The rules that read the file's bytes. */
export type RaStreamRule = Exclude<RaHashRule, 'arcade'>;

/** Bytes of a file RetroAchievements hashes at most (its reference hasher's buffer limit). */
export const RA_HASH_MAX_BYTES = 64 * 1024 * 1024;

/** RetroAchievements console id → rule (console ids as in the platform catalog's `ra_id`). */
const RULES: ReadonlyMap<number, RaHashRule> = new Map<number, RaHashRule>([
  [1, 'whole'], // Mega Drive / Genesis
  [2, 'n64'], // Nintendo 64
  [3, 'snes'], // SNES / Super Famicom
  [4, 'whole'], // Game Boy
  [5, 'whole'], // Game Boy Advance
  [6, 'whole'], // Game Boy Color
  [7, 'nes'], // NES / Famicom
  [8, 'pce'], // PC Engine / TurboGrafx-16 / SuperGrafx (HuCard)
  [10, 'whole'], // 32X
  [11, 'whole'], // Master System
  [13, 'lynx'], // Atari Lynx
  [14, 'whole'], // Neo Geo Pocket (Color)
  [15, 'whole'], // Game Gear
  [17, 'whole'], // Atari Jaguar
  [23, 'whole'], // Odyssey 2
  [24, 'whole'], // Pokémon Mini
  [25, 'whole'], // Atari 2600
  [27, 'arcade'], // Arcade
  [28, 'whole'], // Virtual Boy
  [29, 'whole'], // MSX / MSX2 (each disk)
  [33, 'whole'], // SG-1000
  [37, 'whole'], // Amstrad CPC (each disk)
  [38, 'whole'], // Apple II (each disk)
  [44, 'whole'], // ColecoVision
  [45, 'whole'], // Intellivision
  [46, 'whole'], // Vectrex
  [47, 'whole'], // PC-8001 / PC-8801 (each disk)
  [51, 'atari7800'], // Atari 7800
  [53, 'whole'], // WonderSwan (Color)
  [57, 'whole'], // Fairchild Channel F
  [63, 'whole'], // Watara Supervision
  [69, 'whole'], // Mega Duck
  [71, 'text'], // Arduboy
  [72, 'whole'], // WASM-4
  [73, 'whole'], // Arcadia 2001
  [74, 'whole'], // Interton VC 4000
  [75, 'whole'], // Elektor TV Games Computer
  [80, 'whole'], // Uzebox
  [81, 'nes'], // Famicom Disk System
]);

/**
 * Extensions whose bytes are not what RetroAchievements hashes: archives (its clients hash the
 * decompressed ROM; we do not decompress), playlists (the first listed file is hashed) and the
 * zipped `.arduboy` package format.
 */
const UNHASHED_EXTENSIONS: ReadonlySet<string> = new Set([
  '7z',
  'arduboy',
  'bz2',
  'gz',
  'm3u',
  'rar',
  'tar',
  'tgz',
  'xz',
  'zip',
]);

/** The RA hash rule of a RetroAchievements console, or null when none is implemented. */
export function raHashRule(raConsoleId: number | null): RaHashRule | null {
  return raConsoleId === null ? null : (RULES.get(raConsoleId) ?? null);
}

/** How to get a file's RA hash. */
export type RaHashPlan =
  /** It equals the file's MD5 (whole-file rule, at most 64 MiB). */
  | { kind: 'md5' }
  /** Known without reading the file (arcade). */
  | { kind: 'known'; hash: string }
  /** Computed while reading the file, with this rule. */
  | { kind: 'stream'; rule: RaStreamRule };

function splitExtension(fileName: string): { stem: string; extension: string } {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0
    ? { stem: fileName, extension: '' }
    : { stem: fileName.slice(0, dot), extension: fileName.slice(dot + 1).toLowerCase() };
}

/**
 * How the RA hash of one file of a console is obtained, or null when it has none (no rule for
 * the console, or an archive/playlist whose bytes RetroAchievements does not hash).
 */
export function planRaHash(
  raConsoleId: number | null,
  fileName: string,
  size: number,
): RaHashPlan | null {
  const rule = raHashRule(raConsoleId);
  if (rule === null) return null;
  const { stem, extension } = splitExtension(fileName);
  // Arcade sets are zips: the name is what counts (`path/galaga.zip` → md5("galaga")).
  if (rule === 'arcade') return { kind: 'known', hash: md5Hex(Buffer.from(stem, 'utf8')) };
  if (UNHASHED_EXTENSIONS.has(extension)) return null;
  if (rule === 'whole' && size <= RA_HASH_MAX_BYTES) return { kind: 'md5' };
  return { kind: 'stream', rule };
}

function md5Hex(bytes: Uint8Array): string {
  return createHash('md5').update(bytes).digest('hex');
}

/** Bytes read before deciding on headers and byte order (the longest signature ends at 10). */
const HEAD_BYTES = 16;
const LF = 0x0a;
const CR = 0x0d;

function startsWith(bytes: Buffer, signature: string, offset = 0): boolean {
  const expected = Buffer.from(signature, 'latin1');
  return (
    bytes.length >= offset + expected.length &&
    bytes.subarray(offset, offset + expected.length).equals(expected)
  );
}

/**
 * Streams one file's bytes (in order, any chunk sizes) into its RA hash. Never modifies the
 * chunks it is given. `size` is the file's size, which the SNES and PC Engine rules need before
 * the first byte. With `fileMd5Shared`, the caller also computes the file's plain MD5 and
 * passes it to `digest`: when the file needs no change (no header, big-endian N64…), the RA
 * hash is that MD5 and no second MD5 is computed.
 */
export class RaHasher {
  private readonly md5: Hash = createHash('md5');
  /** The size the size-based rules look at: the file's, at most 64 MiB. */
  private readonly limit: number;
  private accepted = 0;
  /** First bytes, kept until the header and byte order are known; null once decided. */
  private head: Buffer | null = Buffer.alloc(0);
  private skip = 0;
  /** N64 byte swap unit (2: .v64, 4: .n64), and the bytes of an unfinished unit. */
  private swapUnit: 0 | 2 | 4 = 0;
  private carry: Buffer = Buffer.alloc(0);
  /** Not a file of this console (an N64 file with an unknown first byte). */
  private invalid = false;
  /** The RA hash is the file's plain MD5, which the caller computes. */
  private sameAsFile = false;
  /** Text rule: the previous byte was a CR, and the last byte seen. */
  private afterCr = false;
  private lastByte = -1;

  constructor(
    private readonly rule: RaStreamRule,
    private readonly size: number,
    private readonly fileMd5Shared = false,
  ) {
    this.limit = Math.min(size, RA_HASH_MAX_BYTES);
  }

  update(chunk: Uint8Array): void {
    const room = RA_HASH_MAX_BYTES - this.accepted;
    if (room <= 0 || chunk.length === 0 || this.sameAsFile) return;
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, Math.min(chunk.length, room));
    this.accepted += bytes.length;
    if (this.head === null) {
      this.feed(bytes);
      return;
    }
    const head = Buffer.concat([this.head, bytes]);
    if (head.length < HEAD_BYTES) {
      this.head = head;
      return;
    }
    this.head = null;
    this.decide(head);
    this.feed(head);
  }

  /**
   * The RA hash (lower-case hex), or null when the file is not one of this console's.
   * `fileMd5` is the file's plain MD5 (required with `fileMd5Shared`).
   */
  digest(fileMd5: string | null = null): string | null {
    if (this.head !== null) {
      const head = this.head;
      this.head = null;
      this.decide(head);
      this.feed(head);
    }
    if (this.invalid) return null;
    if (this.sameAsFile) return fileMd5;
    // An unfinished byte-swap unit (a truncated ROM) is hashed as it is.
    if (this.carry.length > 0) this.md5.update(this.carry);
    if (this.rule === 'text' && this.lastByte !== LF && this.lastByte !== CR) {
      // Every line, the last one included, ends with a normalised line ending.
      this.md5.update(Buffer.of(LF));
    }
    return this.md5.digest('hex');
  }

  private decide(head: Buffer): void {
    switch (this.rule) {
      case 'nes':
        if (startsWith(head, 'NES\x1a') || startsWith(head, 'FDS\x1a')) this.skip = 16;
        break;
      case 'lynx':
        if (startsWith(head, 'LYNX\0')) this.skip = 64;
        break;
      case 'atari7800':
        if (startsWith(head, 'ATARI7800', 1)) this.skip = 128;
        break;
      case 'snes':
        if (this.limit % 0x2000 === 512) this.skip = 512;
        break;
      case 'pce':
        if (this.limit % 0x20000 === 512) this.skip = 512;
        break;
      case 'n64':
        // First byte of the header word 80 37 12 40 as stored: z64 80…, v64 37…, n64 40….
        // 64DD disk images (E8…, 22…) are hashed as they are.
        if (head[0] === 0x37) this.swapUnit = 2;
        else if (head[0] === 0x40) this.swapUnit = 4;
        else if (head[0] !== 0x80 && head[0] !== 0xe8 && head[0] !== 0x22) this.invalid = true;
        break;
      case 'whole':
      case 'text':
        break;
    }
    this.sameAsFile =
      this.fileMd5Shared &&
      this.size <= RA_HASH_MAX_BYTES &&
      this.rule !== 'text' &&
      !this.invalid &&
      this.skip === 0 &&
      this.swapUnit === 0;
  }

  private feed(input: Buffer): void {
    let bytes = input;
    if (this.skip > 0) {
      const dropped = Math.min(this.skip, bytes.length);
      this.skip -= dropped;
      bytes = bytes.subarray(dropped);
    }
    if (bytes.length === 0 || this.invalid || this.sameAsFile) return;
    if (this.swapUnit !== 0) this.feedSwapped(bytes, this.swapUnit);
    else if (this.rule === 'text') this.feedText(bytes);
    else this.md5.update(bytes);
  }

  private feedSwapped(input: Buffer, unit: 2 | 4): void {
    const bytes = this.carry.length > 0 ? Buffer.concat([this.carry, input]) : input;
    const whole = bytes.length - (bytes.length % unit);
    // A copy: the caller's buffer also feeds the other hashes.
    const swapped = Buffer.from(bytes.subarray(0, whole));
    if (unit === 2) swapped.swap16();
    else swapped.swap32();
    this.md5.update(swapped);
    this.carry = Buffer.from(bytes.subarray(whole));
  }

  /** CR LF, lone CR and lone LF each become one LF. */
  private feedText(bytes: Buffer): void {
    const out = Buffer.allocUnsafe(bytes.length);
    let length = 0;
    for (const byte of bytes) {
      if (byte === CR) {
        out[length++] = LF;
        this.afterCr = true;
        continue;
      }
      if (byte !== LF || !this.afterCr) out[length++] = byte;
      this.afterCr = false;
    }
    this.lastByte = bytes[bytes.length - 1] ?? this.lastByte;
    this.md5.update(out.subarray(0, length));
  }
}

/**
 * A file's RA hash from its plan, its plain MD5 and the RA hash streamed while reading it
 * (null when it was not read with a stream rule).
 */
export function raHashFrom(
  plan: RaHashPlan | null,
  md5: string | null,
  streamed: string | null,
): string | null {
  if (plan === null) return null;
  if (plan.kind === 'md5') return md5;
  if (plan.kind === 'known') return plan.hash;
  return streamed;
}

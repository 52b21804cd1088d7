/**
 * Known BIOS / firmware files and their verification (RomM's `Firmware.verify_file_hashes`).
 *
 * The data lives in `known-bios-data.ts`, generated from `reference/known-bios.md` by
 * `contract/scripts/build-known-bios.mjs`; it is kept exactly as RomM stores it.
 *
 * Verification rule: the file is verified when its size equals the known size AND at least one of
 * md5, sha1 or crc32 equals the known one. Unlike RomM's exact string comparison, hashes are
 * compared as trimmed, lower-cased hex on both sides. The only effect on the known data is that the
 * sha1 of `doom:PLUTONIA.WAD`, which RomM stores with a leading space and so can never match on
 * sha1, matches here; on the input side it tolerates upper-case hex and stray whitespace. Empty
 * hashes never match. The lookup key stays exact and case-sensitive, like RomM's.
 */
import { KNOWN_BIOS_ENTRY_COUNT, KNOWN_BIOS_FILES } from './known-bios-data.js';

export { KNOWN_BIOS_ENTRY_COUNT, KNOWN_BIOS_FILES };

export interface KnownBiosEntry {
  /** Size in bytes. */
  readonly size: number;
  /** CRC32 as 8 lower-case hex digits. */
  readonly crc: string;
  readonly md5: string;
  /** SHA-1 as stored by RomM (one entry has a leading space; see the module comment). */
  readonly sha1: string;
}

/** The key of {@link KNOWN_BIOS_FILES}: `<platform slug>:<file name>`. */
export function knownBiosKey(platformSlug: string, fileName: string): string {
  return `${platformSlug}:${fileName}`;
}

/** The known entry for a platform's firmware file, or undefined (exact, case-sensitive). */
export function getKnownBios(platformSlug: string, fileName: string): KnownBiosEntry | undefined {
  const key = knownBiosKey(platformSlug, fileName);
  return Object.hasOwn(KNOWN_BIOS_FILES, key) ? KNOWN_BIOS_FILES[key] : undefined;
}

export interface FirmwareToVerify {
  /** The platform's slug (not its folder name). */
  readonly platformSlug: string;
  readonly fileName: string;
  readonly size: number;
  readonly crc?: string | null;
  readonly md5?: string | null;
  readonly sha1?: string | null;
}

function normalizeHash(value: string | null | undefined): string {
  return (value ?? '').trim().toLowerCase();
}

function sameHash(known: string, actual: string | null | undefined): boolean {
  const expected = normalizeHash(known);
  return expected !== '' && expected === normalizeHash(actual);
}

/** True when the file is a known BIOS with the same size and at least one matching hash. */
export function verifyFirmware(file: FirmwareToVerify): boolean {
  const known = getKnownBios(file.platformSlug, file.fileName);
  if (!known || known.size !== file.size) return false;
  return (
    sameHash(known.md5, file.md5) ||
    sameHash(known.sha1, file.sha1) ||
    sameHash(known.crc, file.crc)
  );
}

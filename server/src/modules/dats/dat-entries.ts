import { parseRomTags } from '../roms/names/rom-filename.js';

/** What a DAT's header says about its set. */
export interface DatHeader {
  name: string;
  description: string | null;
  version: string | null;
  author: string | null;
  homepage: string | null;
}

/** One ROM (file, track) of a DAT game; hashes lowercase, absent ones null. */
export interface DatRomEntry {
  name: string;
  size: number;
  crc32: string | null;
  md5: string | null;
  sha1: string | null;
  status: string | null;
}

/** One game of a DAT with its ROMs. */
export interface DatGameEntry {
  name: string;
  description: string | null;
  cloneOf: string | null;
  romOf: string | null;
  isBios: boolean;
  category: string | null;
  roms: DatRomEntry[];
}

/** Where a parser puts what it reads, in file order. */
export interface DatSink {
  header: (header: DatHeader) => void;
  game: (game: DatGameEntry) => void;
}

/** A push parser: fed the file's text chunk by chunk, it reports to its sink. */
export interface DatParser {
  write: (chunk: string) => void;
  close: () => void;
}

/** Thrown for a file that is not a DAT of the format it was read as. */
export class DatFormatError extends Error {}

const HEX = /^[0-9a-f]+$/;

/** A hash as stored: lowercase hex of the expected length, else null. */
export function normalisedHash(value: string | undefined, length: number): string | null {
  if (value === undefined) return null;
  const lower = value.trim().toLowerCase();
  if (lower.length > length || !HEX.test(lower)) return null;
  return lower.padStart(length, '0');
}

/** A ROM entry from its attributes (Logiqx) or fields (ClrMamePro). */
export function romEntryOf(fields: (key: string) => string | undefined): DatRomEntry | null {
  const name = fields('name');
  const size = Number(fields('size') ?? '');
  if (name === undefined || name === '' || !Number.isSafeInteger(size) || size < 0) return null;
  const status = fields('status')?.trim().toLowerCase();
  return {
    name,
    size,
    crc32: normalisedHash(fields('crc'), 8),
    md5: normalisedHash(fields('md5'), 32),
    sha1: normalisedHash(fields('sha1'), 40),
    status: status === undefined || status === '' ? null : status.slice(0, 16),
  };
}

const GROUP_RE = /\(([^()]+)\)/g;
const LANGUAGE_LIST_RE = /^[A-Z][a-z](?:-[A-Z][a-z]+)?(?:,[A-Z][a-z](?:-[A-Z][a-z]+)?)*$/;

/**
 * The region group ("USA, Europe") and language group ("En,Fr,De") of a No-Intro / Redump
 * style game name, as the set writes them; null where the name has none.
 */
export function regionAndLanguagesOf(name: string): {
  region: string | null;
  languages: string | null;
} {
  let region: string | null = null;
  let languages: string | null = null;
  for (const match of name.matchAll(GROUP_RE)) {
    const group = (match[1] ?? '').trim();
    if (languages === null && LANGUAGE_LIST_RE.test(group)) {
      languages = group;
      continue;
    }
    const items = group.split(',').filter((item) => item.trim() !== '');
    if (
      region === null &&
      items.length > 0 &&
      parseRomTags(`(${group})`).regions.length === items.length
    ) {
      region = group;
    }
  }
  return { region, languages };
}

import type { FpkgiItem, RomFile, SimpleRom, TinfoilTitle } from '@romshelf/contract';

import type { FeedLinks } from './feed-links.js';

/** A Sony product code in a file name, e.g. `[PCSE-00834]` or `NPUG30015` (RomM's serial rule). */
const SONY_SERIAL = /\b([A-Z]{4})-?(\d{5})\b/;
/** A Switch title id in a file name, e.g. `[0100000000010000]`. */
const SWITCH_TITLE_ID = /\[(01[0-9A-Fa-f]{14})\]/;
/** Archives a PKGi game entry may be (RomM lets compressed games through). */
const ARCHIVE_NAME = /\.(zip|7z|rar|tar|tar\.gz|tgz|tar\.bz2|tbz2|tar\.xz|txz)$/i;
/** Publisher id RomM gives the content ids it makes up. */
const CONTENT_PUBLISHER = 'UP9644';

/** Region codes of the PlayStation lists (NoPayStation's), from a game's region names. */
const SONY_REGIONS: Readonly<Record<string, string>> = {
  USA: 'US',
  Canada: 'US',
  Europe: 'EU',
  England: 'EU',
  France: 'EU',
  Germany: 'EU',
  Italy: 'EU',
  Spain: 'EU',
  Japan: 'JP',
  Asia: 'ASIA',
  Korea: 'ASIA',
  China: 'ASIA',
  'Hong Kong': 'ASIA',
  Taiwan: 'ASIA',
};
/** Tinfoil's title regions (its TitleDB's), from a game's region names; US otherwise (RomM). */
const TITLEDB_REGIONS: Readonly<Record<string, string>> = {
  USA: 'US',
  Europe: 'GB',
  England: 'GB',
  Japan: 'JP',
  Korea: 'KR',
  France: 'FR',
  Germany: 'DE',
  Italy: 'IT',
  Spain: 'ES',
  Australia: 'AU',
  Brazil: 'BR',
  Canada: 'CA',
  China: 'CN',
  'Hong Kong': 'HK',
  Netherlands: 'NL',
  Russia: 'RU',
  Taiwan: 'TW',
};

/** A value for one field of a tab- or comma-separated line: no separators, quotes or breaks. */
export function fieldText(value: string): string {
  return value.replace(/[\t\r\n]+/g, ' ').replace(/"/g, "'");
}

/** `name` without its trailing `(…)`/`[…]` tags and extension (RomM's `file_name_no_tags`). */
export function nameWithoutTags(fileName: string): string {
  const withoutExtension = fileName.replace(/\.(([a-z]+\.)*\w+)$/i, '');
  return withoutExtension.replace(/(?:\s*(?:\([^)]*\)|\[[^\]]*\]))+\s*$/, '').trim();
}

function sonySerial(fileName: string): string | null {
  const match = SONY_SERIAL.exec(fileName);
  return match === null ? null : `${match[1] ?? ''}${match[2] ?? ''}`;
}

/** A file's PlayStation content id: from its product code, else made up from its id (RomM). */
export function contentId(file: Pick<RomFile, 'id' | 'file_name'>): string {
  const serial = sonySerial(file.file_name) ?? String(file.id).padStart(9, '0');
  return `${CONTENT_PUBLISHER}-${serial}_00-0000000000000000`;
}

/** A 9-character title id: the product code, else `ROMM` and the id's last five digits (RomM). */
export function titleId(fileName: string, id: number): string {
  return sonySerial(fileName) ?? `ROMM${String(id).slice(-5).padStart(5, '0')}`;
}

export function sonyRegion(regions: readonly string[]): string {
  for (const region of regions) {
    const code = SONY_REGIONS[region];
    if (code !== undefined) return code;
  }
  return 'US';
}

/** Whether a file belongs in a PKGi/pkgj list of `category` (RomM's `validate_pkgi_file`). */
export function isPkgEntry(file: RomFile, category: string): boolean {
  if (category === 'game') {
    if (!file.is_top_level) return false;
    if (ARCHIVE_NAME.test(file.file_name)) return true;
  } else if (file.category !== category) {
    return false;
  }
  return file.file_name.toLowerCase().endsWith('.pkg');
}

/** `YYYY-MM-DD HH:MM:SS` (UTC) as the PlayStation lists write dates. */
function listDate(iso: string | null): string {
  if (iso === null) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 19).replace('T', ' ');
}

/** One line of a PKGi list: PS3/PSP `contentid,type,name,description,rap,url,size,checksum`. */
export function pkgiLine(file: RomFile, typeNumber: number, links: FeedLinks): string {
  const name = fieldText(nameWithoutTags(file.file_name));
  return `${contentId(file)},${String(typeNumber)},"${name}",,,"${links.file(file)}",${String(file.file_size_bytes)},${file.sha1_hash ?? ''}`;
}

/** One line of the PS Vita PKGi list: `contentid,flags,name,name2,zrif,url,size,checksum`. */
export function pkgiVitaLine(file: RomFile, links: FeedLinks): string {
  const name = fieldText(nameWithoutTags(file.file_name));
  return `${contentId(file)},0,"${name}",,,"${links.file(file)}",${String(file.file_size_bytes)},${file.sha1_hash ?? ''}`;
}

/** The columns of each pkgj list (the TSV files pkgj reads, as NoPayStation's). */
export const PKGJ_COLUMNS = {
  'psp/games': [
    'Title ID',
    'Region',
    'Type',
    'Name',
    'PKG direct link',
    'Content ID',
    'Last Modification Date',
    'RAP',
    'Download .RAP file',
    'File Size',
    'SHA256',
  ],
  'psp/dlc': [
    'Title ID',
    'Region',
    'Name',
    'PKG direct link',
    'Content ID',
    'Last Modification Date',
    'RAP',
    'Download .RAP file',
    'File Size',
    'SHA256',
  ],
  'psvita/games': [
    'Title ID',
    'Region',
    'Name',
    'PKG direct link',
    'zRIF',
    'Content ID',
    'Last Modification Date',
    'Original Name',
    'File Size',
    'SHA256',
    'Required FW',
    'App Version',
  ],
  'psvita/dlc': [
    'Title ID',
    'Region',
    'Name',
    'PKG direct link',
    'zRIF',
    'Content ID',
    'Last Modification Date',
    'File Size',
    'SHA256',
  ],
  'psx/games': [
    'Title ID',
    'Region',
    'Name',
    'PKG direct link',
    'Content ID',
    'Last Modification Date',
    'Original Name',
    'File Size',
    'SHA256',
  ],
} as const;
export type PkgjListKey = keyof typeof PKGJ_COLUMNS;

/**
 * One row of a pkgj list, in its columns' order. Licences (RAP, zRIF), SHA-256 and firmware are
 * unknown to the library and left empty, as RomM does.
 */
export function pkgjRow(
  list: PkgjListKey,
  rom: SimpleRom,
  file: RomFile,
  links: FeedLinks,
): string {
  const values: Record<string, string> = {
    'Title ID': titleId(file.file_name, file.id),
    Region: sonyRegion(rom.regions),
    Type: 'PSP',
    Name: fieldText(rom.name ?? nameWithoutTags(file.file_name)),
    'PKG direct link': links.file(file),
    'Content ID': contentId(file),
    'Last Modification Date': listDate(file.last_modified ?? file.updated_at),
    'Original Name': fieldText(nameWithoutTags(file.file_name)),
    'File Size': String(file.file_size_bytes),
  };
  return PKGJ_COLUMNS[list].map((column) => values[column] ?? '').join('\t');
}

/** A release date as FPKGi writes it, `MM-DD-YYYY`, from milliseconds. */
function fpkgiDate(ms: number | null): string | null {
  if (ms === null) return null;
  const date = new Date(ms);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}-${String(date.getUTCFullYear())}`;
}

export function fpkgiItem(rom: SimpleRom, links: FeedLinks): FpkgiItem {
  return {
    name: rom.name ?? rom.fs_name,
    size: rom.fs_size_bytes,
    title_id: `ROMM${String(rom.id).slice(-5).padStart(5, '0')}`,
    region: rom.regions[0] ?? null,
    version: rom.revision === null || rom.revision === '' ? null : rom.revision,
    release: fpkgiDate(rom.metadatum.first_release_date),
    min_fw: null,
    cover_url: links.asset(rom.path_cover_large),
  };
}

/** One Kekatsu line: title, platform, region, version, author, link, file name, size, box art. */
export function kekatsuLine(rom: SimpleRom, platformSlug: string, links: FeedLinks): string {
  return [
    fieldText(rom.name ?? rom.fs_name_no_tags),
    platformSlug,
    fieldText(rom.regions[0] ?? 'ANY'),
    fieldText(rom.revision === null || rom.revision === '' ? '1.0.0' : rom.revision),
    'RomShelf',
    links.rom(rom),
    fieldText(rom.fs_name),
    String(rom.fs_size_bytes),
    links.asset(rom.path_cover_small) ?? '',
  ].join('\t');
}

/** `YYYYMMDD` as Tinfoil's TitleDB dates, from milliseconds; 19700101 when unknown (RomM). */
function titleDbDate(ms: number | null): number {
  if (ms === null || ms < 0) return 19700101;
  const date = new Date(ms);
  return date.getUTCFullYear() * 10000 + (date.getUTCMonth() + 1) * 100 + date.getUTCDate();
}

/**
 * Tinfoil's TitleDB entry for a Switch game whose file name carries its title id, from the
 * library's own metadata (RomM reads a downloaded TitleDB instead), else null.
 */
export function tinfoilTitle(rom: SimpleRom): TinfoilTitle | null {
  const id = SWITCH_TITLE_ID.exec(rom.fs_name)?.[1]?.toUpperCase();
  if (id === undefined) return null;
  const region = rom.regions
    .map((name) => TITLEDB_REGIONS[name])
    .find((code) => code !== undefined);
  const rating = rom.metadatum.average_rating;
  return {
    id,
    name: rom.name ?? rom.fs_name_no_tags,
    description: rom.summary ?? '',
    region: region ?? 'US',
    publisher: rom.metadatum.companies[0] ?? '',
    releaseDate: titleDbDate(rom.metadatum.first_release_date),
    size: rom.fs_size_bytes,
    version: 0,
    rating: rating === null ? 0 : Math.min(100, Math.max(0, Math.round(rating))),
    rank: 0,
  };
}

import type { RomFile, RomFileCategory } from '@romshelf/contract';

const STAMP = '2026-11-22T00:00:00Z';

/** The test ROMs' folders. */
export const FF7 = { id: 7, fs_name: 'Final Fantasy VII (USA)' };
export const FF7_FOLDER = `roms/psx/${FF7.fs_name}`;

/** A ROM file for tests: `path` is relative to `folder`, a sub-folder makes it not top-level. */
export function romFile(
  id: number,
  path: string,
  options: { folder?: string; category?: RomFileCategory | null; missing?: boolean } = {},
): RomFile {
  const folder = options.folder ?? FF7_FOLDER;
  const slash = path.lastIndexOf('/');
  const filePath = slash < 0 ? folder : `${folder}/${path.slice(0, slash)}`;
  const fileName = path.slice(slash + 1);
  return {
    id,
    rom_id: 7,
    file_name: fileName,
    file_path: filePath,
    file_size_bytes: 1024,
    full_path: `${filePath}/${fileName}`,
    is_top_level: slash < 0,
    created_at: STAMP,
    updated_at: STAMP,
    last_modified: STAMP,
    crc_hash: null,
    md5_hash: null,
    sha1_hash: null,
    ra_hash: null,
    chd_sha1_hash: null,
    archive_members: null,
    category: options.category === undefined ? (slash < 0 ? 'game' : null) : options.category,
    missing_from_fs: options.missing ?? false,
    track_meta: null,
  };
}

/** Two cue + bin discs (the first with two tracks), a manual and a DLC. */
export const CUE_BIN_FILES: RomFile[] = [
  romFile(11, 'FF7 (Disc 1) (Track 1).bin'),
  romFile(12, 'FF7 (Disc 1) (Track 2).bin'),
  romFile(13, 'FF7 (Disc 1).cue'),
  romFile(14, 'FF7 (Disc 2).bin'),
  romFile(15, 'FF7 (Disc 2).cue'),
  romFile(16, 'Manuals/manual.pdf', { category: 'manual' }),
  romFile(17, 'dlc/Extra.bin', { category: 'dlc' }),
];

export const CUE_SHEETS: Readonly<Record<number, string>> = {
  13: [
    'FILE "FF7 (Disc 1) (Track 1).bin" BINARY',
    '  TRACK 01 MODE2/2352',
    '    INDEX 01 00:00:00',
    'FILE "FF7 (Disc 1) (Track 2).bin" BINARY',
    '  TRACK 02 AUDIO',
    '    INDEX 01 00:02:00',
  ].join('\r\n'),
  15: 'FILE "FF7 (Disc 2).bin" BINARY\n  TRACK 01 MODE2/2352\n    INDEX 01 00:00:00\n',
};

/** One `.chd` per disc, in the order the scan stored them. */
export const CHD_FILES: RomFile[] = [
  romFile(21, 'Game (Disc 10).chd'),
  romFile(22, 'Game (Disc 2).chd'),
  romFile(23, 'Game (Disc 1).chd'),
];

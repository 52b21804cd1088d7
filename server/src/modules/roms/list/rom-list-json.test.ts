import { describe, expect, it } from 'vitest';

import type { RomFileRow } from '../../../db/schema.js';
import type { RomPersonal } from '../roms.mapper.js';
import { toPersonalRomFields } from '../roms.mapper.js';
import { personalRomJsonText } from './rom-list-json.js';

const STAMP = '2026-11-29T10:00:00.000+00:00';

const FILE: RomFileRow = {
  id: 31,
  rom_id: 12,
  file_name: 'Track 01.bin',
  file_path: 'roms/psx/Game "Disc"',
  file_size_bytes: 734_003_200,
  mtime_ms: 1_700_000_000_000,
  last_modified: STAMP,
  crc_hash: '0a0b0c0d',
  md5_hash: null,
  sha1_hash: null,
  ra_hash: null,
  category: 'dlc',
  archive_members: '[{"name":"a.bin","size_bytes":3}]',
  is_top_level: 1,
  missing_from_fs: 0,
  created_at: STAMP,
  updated_at: STAMP,
};

const PERSONAL: [string, RomFileRow[], RomPersonal][] = [
  ['no data of the caller', [], {}],
  ['only a favourite with notes', [], { favourite: true, hasNotes: true }],
  [
    "the caller's ROM data, files and versions",
    [FILE, { ...FILE, id: 32, file_name: 'Track 02.bin', category: 'unknown' }],
    {
      romUser: {
        id: 5,
        user_id: 2,
        rom_id: 12,
        status: 'now_playing',
        is_main_sibling: 1,
        rating: 8,
        difficulty: 3,
        completion: 50,
        last_played: STAMP,
        created_at: STAMP,
        updated_at: '2026-11-29T12:00:00.000+00:00',
      },
      siblings: [
        {
          id: 13,
          name: 'Game',
          fs_name_no_tags: 'Game',
          fs_name_no_ext: 'Game (Europe)',
          is_main_sibling: false,
          sort_comparator: 'game',
        },
      ],
    },
  ],
];

describe('personalRomJsonText', () => {
  it.each(PERSONAL)('writes %s as the personal fields serialised', (_label, files, personal) => {
    const rom = { id: 12, created_at: STAMP, updated_at: STAMP };
    expect(`{${personalRomJsonText(rom, 2, files, personal)}`).toBe(
      JSON.stringify(toPersonalRomFields(rom, 2, files, personal)),
    );
  });
});

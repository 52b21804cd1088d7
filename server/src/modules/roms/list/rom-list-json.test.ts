import { describe, expect, it } from 'vitest';

import type { RomFileRow } from '../../../db/schema.js';
import type { RomPersonal } from '../roms.mapper.js';
import type { RomWithPlatformRow } from '../roms.repository.js';
import { toPersonalRomFields, toSharedRomFields } from '../roms.mapper.js';
import { personalRomJsonText, sharedRomJsonText } from './rom-list-json.js';

const STAMP = '2026-11-29T10:00:00.000+00:00';

/** A stored ROM as `findByIds` reads it: unidentified, no artwork, nothing edited. */
function romRow(overrides: Partial<RomWithPlatformRow> = {}): RomWithPlatformRow {
  return {
    id: 7,
    platform_id: 3,
    fs_name: 'Metroid (USA).nes',
    fs_name_no_tags: 'Metroid',
    fs_name_no_ext: 'Metroid (USA)',
    fs_extension: 'nes',
    fs_path: 'roms/nes',
    fs_size_bytes: 131_088,
    fs_mtime_ms: 1_700_000_000_000.5,
    kind: 'file',
    name: 'Metroid',
    name_sort_key: 'metroid',
    sort_char: 'm',
    search_text: 'metroid metroid',
    slug: null,
    summary: null,
    igdb_id: null,
    sgdb_id: null,
    moby_id: null,
    ss_id: null,
    ra_id: null,
    launchbox_id: null,
    hasheous_id: null,
    tgdb_id: null,
    hltb_id: null,
    regions: '["USA"]',
    languages: '[]',
    tags: '[]',
    revision: null,
    crc_hash: 'a1b2c3d4',
    md5_hash: null,
    sha1_hash: null,
    ra_hash: null,
    missing_from_fs: 0,
    created_at: STAMP,
    updated_at: STAMP,
    url_cover: null,
    cover_updated_at: null,
    manual_updated_at: null,
    url_manual: null,
    manual_fields: '[]',
    metadata_results: null,
    metadatum: null,
    alternative_names: '[]',
    youtube_video_id: null,
    url_screenshots: '[]',
    path_screenshots: '[]',
    match_methods: '{}',
    group_key: 'name-3-metroid',
    first_release_date: null,
    platform_slug: 'nes',
    platform_fs_slug: 'nes',
    platform_name: 'Nintendo Entertainment System',
    platform_custom_name: null,
    ...overrides,
  };
}

const ROWS: [string, RomWithPlatformRow][] = [
  ['an unidentified ROM', romRow()],
  [
    'an identified ROM with artwork, a manual and every metadata source',
    romRow({
      id: 12,
      kind: 'nested',
      name: 'Zelda "Quote" \\ Ünïcode 🎮 \u0001\n',
      slug: 'zelda',
      summary: 'Line one\nline two\t<b> \ud800 lone',
      igdb_id: 1022,
      sgdb_id: 5,
      moby_id: 6,
      ss_id: 7,
      ra_id: 8,
      launchbox_id: 9,
      hasheous_id: 10,
      tgdb_id: 11,
      hltb_id: 12,
      regions: '["USA", "Europe"]',
      languages: '["En","Fr"]',
      tags: '["Rev 1"]',
      revision: '1',
      md5_hash: 'f'.repeat(32),
      sha1_hash: 'e'.repeat(40),
      ra_hash: 'd'.repeat(32),
      missing_from_fs: 1,
      updated_at: '2026-11-29T11:00:00.000+01:00',
      url_cover: 'https://example.com/cover.jpg?a=1&b="2"',
      cover_updated_at: '2026-11-29T10:30:00.000+00:00',
      manual_updated_at: STAMP,
      url_manual: 'https://example.com/manual.pdf',
      metadata_results: JSON.stringify({
        igdb: { raw: { id: 1022, rating: 85.5 } },
        hasheous: { raw: { redump_match: true } },
        moby: { normalised: true },
      }),
      metadatum: JSON.stringify({
        genres: ['Adventure'],
        player_count: '1-2',
        first_release_date: 519_609_600_000,
        average_rating: 88.25,
      }),
      alternative_names: '["The Legend of Zelda"]',
      youtube_video_id: 'abc123',
      path_screenshots: '["roms/3/12/screenshots/0.jpg"]',
      platform_custom_name: 'My NES',
    }),
  ],
  [
    'a ROM of several files, identified by one source, with unreadable stored JSON',
    romRow({
      id: 99,
      kind: 'multi',
      name: null,
      hasheous_id: 4,
      regions: 'not json',
      languages: '{"not":"a list"}',
      tags: '[1, null]',
      metadata_results: '{broken',
      metadatum: '[]',
      alternative_names: 'null',
    }),
  ],
];

describe('sharedRomJsonText', () => {
  it.each(ROWS)('writes %s as the shared fields serialised', (_label, row) => {
    expect(sharedRomJsonText(row)).toBe(JSON.stringify(toSharedRomFields(row)).slice(0, -1));
  });

  it('reads only the columns a listed ROM is made of', () => {
    const row = romRow();
    expect(JSON.parse(`${sharedRomJsonText(row)}}`)).toEqual(toSharedRomFields(row));
  });
});

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
    const rom = romRow({ id: 12 });
    expect(`{${personalRomJsonText(rom, 2, files, personal)}`).toBe(
      JSON.stringify(toPersonalRomFields(rom, 2, files, personal)),
    );
  });
});

import type { RomFile } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import {
  contentId,
  fieldText,
  isPkgEntry,
  nameWithoutTags,
  sonyRegion,
  titleId,
} from './feed-entries.js';
import { FeedLinks } from './feed-links.js';

function file(fields: Partial<RomFile>): RomFile {
  return {
    id: 7,
    rom_id: 1,
    file_name: 'Game.pkg',
    file_path: 'roms/psvita/Game',
    file_size_bytes: 1,
    full_path: 'roms/psvita/Game/Game.pkg',
    is_top_level: true,
    created_at: '2026-01-01T00:00:00+00:00',
    updated_at: '2026-01-01T00:00:00+00:00',
    last_modified: null,
    crc_hash: null,
    md5_hash: null,
    sha1_hash: null,
    ra_hash: null,
    chd_sha1_hash: null,
    archive_members: null,
    category: 'game',
    missing_from_fs: false,
    track_meta: null,
    ...fields,
  };
}

describe('feed entries', () => {
  it('take content and title ids from a Sony product code, else make them up as RomM', () => {
    expect(contentId(file({ file_name: 'Gravity Rush [PCSA-00011].pkg' }))).toBe(
      'UP9644-PCSA00011_00-0000000000000000',
    );
    expect(contentId(file({ id: 42, file_name: 'Homebrew.pkg' }))).toBe(
      'UP9644-000000042_00-0000000000000000',
    );
    expect(titleId('NPUG30015 Groovin Blocks.pkg', 3)).toBe('NPUG30015');
    expect(titleId('Homebrew.pkg', 1234567)).toBe('ROMM34567');
    expect(titleId('Homebrew.pkg', 12)).toBe('ROMM00012');
  });

  it('list top-level .pkg games (and archives), and .pkg files of the asked category', () => {
    expect(isPkgEntry(file({}), 'game')).toBe(true);
    expect(isPkgEntry(file({ file_name: 'Game.7z' }), 'game')).toBe(true);
    expect(isPkgEntry(file({ file_name: 'Game.iso' }), 'game')).toBe(false);
    expect(isPkgEntry(file({ is_top_level: false }), 'game')).toBe(false);
    expect(isPkgEntry(file({ category: 'dlc', is_top_level: false }), 'dlc')).toBe(true);
    expect(isPkgEntry(file({ category: 'dlc', file_name: 'Extra.zip' }), 'dlc')).toBe(false);
    expect(isPkgEntry(file({ category: 'update' }), 'dlc')).toBe(false);
  });

  it('keep fields on one line and free of quotes; names lose their tags and extension', () => {
    expect(fieldText('A\tB\r\nC "D"')).toBe("A B C 'D'");
    expect(nameWithoutTags('Ape Escape (USA) [SCUS-94423].tar.gz')).toBe('Ape Escape');
    expect(sonyRegion(['World', 'Japan'])).toBe('JP');
    expect(sonyRegion([])).toBe('US');
  });

  it('keep a client token in each link, encoded, and leave artwork-less games without one', () => {
    const links = new FeedLinks('https://shelf.example', 'rmm_a+b');
    expect(links.rom({ id: 3, fs_name: 'Zelda #1 (USA).nes' })).toBe(
      'https://shelf.example/api/roms/3/content/Zelda%20%231%20(USA).nes?token=rmm_a%2Bb',
    );
    expect(links.asset('/assets/romm/resources/roms/1/3/cover/small.webp?ts=1')).toBe(
      'https://shelf.example/assets/romm/resources/roms/1/3/cover/small.webp?ts=1&token=rmm_a%2Bb',
    );
    expect(links.asset('')).toBeNull();
    expect(new FeedLinks('http://h', undefined).file({ id: 9, file_name: 'a b.nsp' })).toBe(
      'http://h/api/roms/9/files/content/a%20b.nsp',
    );
  });
});

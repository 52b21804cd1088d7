import { describe, expect, it } from 'vitest';

import { toIsoUtc } from '../../lib/time.js';

import type { Hashes } from '../hashing/file-hasher.js';
import type { WalkedFile, WalkedRom } from '../library/walked-files.js';
import type { StoredRom } from '../roms/writes/rom-scan-writes.js';
import type { PlannedRom, RomReadResults } from './scan-planner.js';
import { actionFor, buildWrite, planReads } from './scan-planner.js';

/** Everything here is built in memory: the planner never touches a disk or a database. */

const GBA_RA_ID = 5; // whole-file console: the RA hash is the file's MD5
const NES_RA_ID = 7; // header rule: the RA hash is streamed by the hasher
const MTIME = Date.UTC(2026, 0, 2, 3, 4, 5, 678);
const MTIME_ISO = '2026-01-02T03:04:05.678+00:00';

function walkedFile(fileName: string, options: Partial<WalkedFile> = {}): WalkedFile {
  const filePath = options.filePath ?? 'roms/gba';
  return {
    fileName,
    filePath,
    absPath: `/nowhere/${filePath}/${fileName}`,
    size: 100,
    mtimeMs: MTIME,
    isTopLevel: true,
    category: null,
    ...options,
  };
}

function fileRom(file: WalkedFile): WalkedRom {
  return { fsName: file.fileName, isFolder: false, fsPath: file.filePath, files: [file] };
}

function folderRom(fsName: string, files: WalkedFile[]): WalkedRom {
  return { fsName, isFolder: true, fsPath: 'roms/gba', files };
}

type StoredFile = StoredRom['files'][number];

/** The stored row of a walked file, as a previous scan left it. */
function storedFile(id: number, file: WalkedFile, fields: Partial<StoredFile> = {}): StoredFile {
  return {
    id,
    rom_id: 1,
    file_name: file.fileName,
    file_path: file.filePath,
    file_size_bytes: file.size,
    mtime_ms: file.mtimeMs,
    last_modified: MTIME_ISO,
    crc_hash: `crc-${id}`,
    md5_hash: `md5-${id}`,
    sha1_hash: `sha1-${id}`,
    ra_hash: `ra-${id}`,
    category: null,
    archive_members: null,
    is_top_level: file.isTopLevel ? 1 : 0,
    missing_from_fs: 0,
    created_at: MTIME_ISO,
    updated_at: MTIME_ISO,
    ...fields,
  };
}

function stored(files: StoredFile[], fields: Partial<StoredRom> = {}): StoredRom {
  return {
    id: 1,
    created_at: MTIME_ISO,
    fs_name: 'stored',
    fs_name_no_tags: 'stored',
    fs_name_no_ext: 'stored',
    fs_extension: '',
    fs_path: 'roms/gba',
    fs_size_bytes: 0,
    fs_mtime_ms: MTIME,
    regions: '[]',
    languages: '[]',
    tags: '[]',
    revision: null,
    search_text: 'stored name',
    kind: 'file',
    name: 'Stored Name',
    name_sort_key: 'stored name',
    missing_from_fs: 0,
    crc_hash: 'rom-crc',
    md5_hash: 'rom-md5',
    sha1_hash: 'rom-sha1',
    ra_hash: null,
    files,
    ...fields,
  };
}

function hashes(tag: string, ra: string | null = null): Hashes {
  return { crc: `${tag}-crc`, md5: `${tag}-md5`, sha1: `${tag}-sha1`, ra, size: 100 };
}

function results(fields: Partial<RomReadResults> = {}): RomReadResults {
  return { hashes: new Map(), combined: null, members: new Map(), ...fields };
}

describe('actionFor', () => {
  const file = walkedFile('Game.gba');
  const same = stored([storedFile(10, file)]);

  it('inserts a new ROM, reparses on complete scans and rehashes on hash scans', () => {
    expect(actionFor(fileRom(file), undefined, 'quick')).toBe('insert');
    expect(actionFor(fileRom(file), same, 'complete')).toBe('reparse');
    expect(actionFor(fileRom(file), same, 'hashes')).toBe('rehash');
  });

  it('leaves an unchanged ROM alone and restores one flagged missing', () => {
    expect(actionFor(fileRom(file), same, 'quick')).toBeNull();
    expect(actionFor(fileRom(file), stored(same.files, { missing_from_fs: 1 }), 'update')).toBe(
      'restore',
    );
  });

  it('refreshes a ROM whose file changed size, time or presence, or gained a file', () => {
    expect(actionFor(fileRom({ ...file, size: 101 }), same, 'quick')).toBe('refresh');
    expect(actionFor(fileRom({ ...file, mtimeMs: MTIME + 1 }), same, 'quick')).toBe('refresh');
    const missing = stored([storedFile(10, file, { missing_from_fs: 1 })]);
    expect(actionFor(fileRom(file), missing, 'quick')).toBe('refresh');
    const extra = walkedFile('Extra.bin', { isTopLevel: false });
    expect(actionFor(folderRom('stored', [file, extra]), same, 'quick')).toBe('refresh');
  });
});

describe('planReads', () => {
  it('hashes a new file on its own, streaming the RA hash of a header console', () => {
    const file = walkedFile('Game.nes', { filePath: 'roms/nes' });
    const reads = planReads(
      NES_RA_ID,
      { walked: fileRom(file), stored: undefined, action: 'insert' },
      false,
    );
    expect(reads.combined).toEqual([]);
    expect(reads.single).toEqual([file]);
    expect(reads.zips).toEqual([]);
    expect(reads.raPlans.get(file)).toEqual({ kind: 'stream', rule: 'nes' });
  });

  it('hashes nothing when hashing is skipped, but still lists a new zip', () => {
    const zip = walkedFile('Game.ZIP');
    const reads = planReads(
      null,
      { walked: fileRom(zip), stored: undefined, action: 'insert' },
      true,
    );
    expect(reads).toEqual({
      combined: [],
      single: [],
      zips: [zip],
      raPlans: new Map([[zip, null]]),
    });
  });

  it('hashes all top-level files of a folder together when one changed, others only if changed', () => {
    const disc1 = walkedFile('Disc 1.bin');
    const disc2 = walkedFile('Disc 2.bin', { mtimeMs: MTIME + 5 });
    const manual = walkedFile('manual.pdf', { filePath: 'roms/gba/Game/docs', isTopLevel: false });
    const patch = walkedFile('fix.ips', { filePath: 'roms/gba/Game/docs', isTopLevel: false });
    const item: PlannedRom = {
      walked: folderRom('Game', [disc1, disc2, manual, patch]),
      stored: stored([
        storedFile(1, disc1),
        storedFile(2, disc2, { mtime_ms: MTIME }),
        storedFile(3, manual),
      ]),
      action: 'refresh',
    };
    const reads = planReads(GBA_RA_ID, item, false);
    expect(reads.combined).toEqual([disc1, disc2]);
    expect(reads.single).toEqual([patch]);
    expect(reads.zips).toEqual([]);
  });

  it('reads an unchanged zip again only on a rehash', () => {
    const zip = walkedFile('Game.zip');
    const previous = stored([storedFile(1, zip)]);
    const refresh = planReads(
      null,
      { walked: fileRom(zip), stored: previous, action: 'restore' },
      false,
    );
    expect([refresh.single, refresh.zips]).toEqual([[], []]);
    const rehash = planReads(
      null,
      { walked: fileRom(zip), stored: previous, action: 'rehash' },
      false,
    );
    expect([rehash.single, rehash.zips]).toEqual([[zip], [zip]]);
  });
});

describe('buildWrite', () => {
  it('inserts a new file ROM with its parsed name, sizes and hashes (RA hash = MD5)', () => {
    const file = walkedFile('Pokémon Emerald (USA, Europe) (Rev 1).gba', { size: 4096 });
    const item: PlannedRom = { walked: fileRom(file), stored: undefined, action: 'insert' };
    const reads = planReads(GBA_RA_ID, item, false);
    const write = buildWrite(9, item, reads, results({ hashes: new Map([[file, hashes('f')]]) }));
    expect(write).toEqual({
      type: 'insert',
      platformId: 9,
      rom: {
        fs_name: 'Pokémon Emerald (USA, Europe) (Rev 1).gba',
        fs_name_no_tags: 'Pokémon Emerald',
        fs_name_no_ext: 'Pokémon Emerald (USA, Europe) (Rev 1)',
        fs_extension: 'gba',
        fs_path: 'roms/gba',
        fs_size_bytes: 4096,
        fs_mtime_ms: MTIME,
        kind: 'file',
        name: 'Pokémon Emerald',
        name_sort_key: 'pokémon emerald',
        search_text: 'pokemon emerald',
        regions: '["USA","Europe"]',
        languages: '[]',
        tags: '[]',
        revision: '1',
        crc_hash: 'f-crc',
        md5_hash: 'f-md5',
        sha1_hash: 'f-sha1',
        ra_hash: 'f-md5',
        missing_from_fs: 0,
      },
      files: [
        {
          file_name: 'Pokémon Emerald (USA, Europe) (Rev 1).gba',
          file_path: 'roms/gba',
          file_size_bytes: 4096,
          mtime_ms: MTIME,
          last_modified: MTIME_ISO,
          crc_hash: 'f-crc',
          md5_hash: 'f-md5',
          sha1_hash: 'f-sha1',
          ra_hash: 'f-md5',
          category: null,
          archive_members: null,
          is_top_level: 1,
          missing_from_fs: 0,
        },
      ],
    });
  });

  it('updates a changed folder without hashing: keeps the stored name and hashes, flags gone files', () => {
    const disc1 = walkedFile('Disc 1.bin', { filePath: 'roms/gba/Game' });
    const disc2 = walkedFile('Disc 2.bin', { filePath: 'roms/gba/Game', mtimeMs: MTIME + 5 });
    const extra = walkedFile('extra.zip', { filePath: 'roms/gba/Game/dlc', isTopLevel: false });
    const gone = walkedFile('old.bin', { filePath: 'roms/gba/Game' });
    const item: PlannedRom = {
      walked: folderRom('Game', [disc1, disc2, extra]),
      stored: stored([
        storedFile(1, disc1),
        storedFile(2, disc2, { mtime_ms: MTIME }),
        storedFile(3, gone),
        storedFile(4, walkedFile('older.bin'), { missing_from_fs: 1 }),
      ]),
      action: 'refresh',
    };
    const reads = planReads(null, item, true); // hashing skipped: nothing fresh
    const write = buildWrite(
      9,
      item,
      reads,
      results({ members: new Map([[extra, '[{"name":"a.bin"}]']]) }),
    );
    if (write.type !== 'update') throw new Error('expected an update');
    expect(write.romId).toBe(1);
    // Only what differs from the stored row: the kept name and hashes are not written again.
    expect(write.rom).toEqual({
      fs_name: 'Game',
      fs_name_no_tags: 'Game',
      fs_name_no_ext: 'Game',
      kind: 'multi',
      search_text: 'stored name game',
      fs_size_bytes: 300,
      fs_mtime_ms: MTIME + 5,
    });
    // Disc 1 is as stored: no update; Disc 2 only its new modification time.
    expect(write.fileUpdates).toEqual([
      { id: 2, fields: { mtime_ms: MTIME + 5, last_modified: toIsoUtc(new Date(MTIME + 5)) } },
    ]);
    expect(
      write.fileInserts.map((file) => [
        file.file_name,
        file.is_top_level,
        file.md5_hash,
        file.archive_members,
      ]),
    ).toEqual([['extra.zip', 0, null, '[{"name":"a.bin"}]']]);
    expect(write.missingFileIds).toEqual([3]);
  });

  it('reparses from the file name and takes the combined hashes of a rehashed folder', () => {
    const disc1 = walkedFile('Disc 1.bin', { filePath: 'roms/gba/Game (Japan)' });
    const disc2 = walkedFile('Disc 2.bin', { filePath: 'roms/gba/Game (Japan)' });
    const item: PlannedRom = {
      walked: folderRom('Game (Japan)', [disc1, disc2]),
      stored: stored([storedFile(1, disc1), storedFile(2, disc2)]),
      action: 'reparse',
    };
    const reads = planReads(GBA_RA_ID, item, false);
    expect(reads.combined).toEqual([disc1, disc2]);
    const write = buildWrite(
      9,
      item,
      reads,
      results({
        hashes: new Map([
          [disc1, hashes('d1')],
          [disc2, null],
        ]),
        combined: hashes('all'),
      }),
    );
    if (write.type !== 'update') throw new Error('expected an update');
    expect(write.rom).toMatchObject({
      name: 'Game',
      regions: '["Japan"]',
      kind: 'multi',
      crc_hash: 'all-crc',
      md5_hash: 'all-md5',
      sha1_hash: 'all-sha1',
    });
    // Unchanged columns (the extension, the RA hash) are left out of the update.
    expect(write.rom).not.toHaveProperty('fs_extension');
    expect(write.rom).not.toHaveProperty('ra_hash');
    // A rehash drops what the worker did not return instead of keeping the stored hashes.
    expect(
      write.fileUpdates.map(({ id, fields }) => [id, fields.md5_hash, fields.ra_hash]),
    ).toEqual([
      [1, 'd1-md5', 'd1-md5'],
      [2, null, null],
    ]);
  });
});

describe('an unchanged ROM rehashed or reparsed', () => {
  it('becomes an update without a single change, whatever spacing the stored JSON has', () => {
    const file = walkedFile('Game (Europe) (En,Fr).gba', { size: 4096 });
    const item: PlannedRom = {
      walked: fileRom(file),
      stored: stored(
        [
          storedFile(7, file, {
            crc_hash: 'f-crc',
            md5_hash: 'f-md5',
            sha1_hash: 'f-sha1',
            ra_hash: 'f-md5',
          }),
        ],
        {
          fs_name: 'Game (Europe) (En,Fr).gba',
          fs_name_no_tags: 'Game',
          fs_name_no_ext: 'Game (Europe) (En,Fr)',
          fs_extension: 'gba',
          fs_size_bytes: 4096,
          // As PostgreSQL's jsonb gives lists back: spaced after commas.
          regions: '["Europe"]',
          languages: '["English", "French"]',
          search_text: 'game',
          name: 'Game',
          name_sort_key: 'game',
          crc_hash: 'f-crc',
          md5_hash: 'f-md5',
          sha1_hash: 'f-sha1',
          ra_hash: 'f-md5',
        },
      ),
      action: 'reparse',
    };
    const reads = planReads(GBA_RA_ID, item, false);
    const write = buildWrite(
      9,
      item,
      reads,
      results({ hashes: new Map([[file, hashes('f', null)]]) }),
    );
    expect(write).toEqual({
      type: 'update',
      romId: 1,
      rom: {},
      fileUpdates: [],
      fileInserts: [],
      missingFileIds: [],
    });
  });
});

describe('a loose disc sheet with its tracks', () => {
  it('hashes the sheet and its tracks together and stores a multi-file ROM named after the sheet', () => {
    const cue = walkedFile('Game (USA).cue', { filePath: 'roms/psx' });
    const track1 = walkedFile('Game (USA) (Track 1).bin', { filePath: 'roms/psx' });
    const track2 = walkedFile('Game (USA) (Track 2).bin', { filePath: 'roms/psx', size: 50 });
    // Stored before as a lone cue sheet; its tracks now fold into it.
    const item: PlannedRom = {
      walked: {
        fsName: cue.fileName,
        isFolder: false,
        fsPath: 'roms/psx',
        files: [cue, track1, track2],
      },
      stored: stored([storedFile(1, cue)], { kind: 'file' }),
      action: 'refresh',
    };
    const reads = planReads(null, item, false);
    expect(reads.combined).toEqual([cue, track1, track2]);
    expect(reads.single).toEqual([]);
    const write = buildWrite(
      4,
      item,
      reads,
      results({
        hashes: new Map([
          [cue, hashes('cue')],
          [track1, hashes('t1')],
          [track2, hashes('t2')],
        ]),
        combined: hashes('all'),
      }),
    );
    if (write.type !== 'update') throw new Error('expected an update');
    expect(write.rom).toMatchObject({
      fs_name: 'Game (USA).cue',
      fs_name_no_ext: 'Game (USA)',
      fs_extension: 'cue',
      fs_size_bytes: 250,
      kind: 'multi',
      md5_hash: 'all-md5',
    });
    expect(write.fileUpdates.map(({ id }) => id)).toEqual([1]);
    expect(write.fileInserts.map((file) => [file.file_name, file.md5_hash])).toEqual([
      ['Game (USA) (Track 1).bin', 't1-md5'],
      ['Game (USA) (Track 2).bin', 't2-md5'],
    ]);
  });
});

import type { RomFile } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import {
  discFileIds,
  discGameUrl,
  discNumber,
  listDiscs,
  pickDisc,
  sheetReferences,
} from './discs';
import { CHD_FILES, CUE_BIN_FILES, CUE_SHEETS, FF7, romFile } from './discs.fixtures';

const names = (files: readonly RomFile[]) => files.map((file) => file.file_name);

/** A sheet reader over `sheets` (by file id) that records what it read. */
function reader(sheets: Readonly<Record<number, string>>) {
  const read: number[] = [];
  const readText = (file: RomFile) => {
    read.push(file.id);
    const text = sheets[file.id];
    return text === undefined ? Promise.reject(new Error('not a sheet')) : Promise.resolve(text);
  };
  return { read, readText };
}

describe('listDiscs', () => {
  it('lists the cue sheets of a cue + bin folder, not their tracks, manual or DLC', () => {
    expect(names(listDiscs(CUE_BIN_FILES))).toEqual(['FF7 (Disc 1).cue', 'FF7 (Disc 2).cue']);
  });

  it('lists one .chd per disc, Disc 2 before Disc 10', () => {
    expect(names(listDiscs(CHD_FILES))).toEqual([
      'Game (Disc 1).chd',
      'Game (Disc 2).chd',
      'Game (Disc 10).chd',
    ]);
  });

  it('puts a playlist first and leaves out files missing from disk', () => {
    const files = [
      ...CUE_BIN_FILES,
      romFile(18, 'FF7.m3u'),
      romFile(19, 'FF7 (Disc 3).cue', { missing: true }),
    ];
    expect(names(listDiscs(files))).toEqual(['FF7.m3u', 'FF7 (Disc 1).cue', 'FF7 (Disc 2).cue']);
  });

  it('lists every top-level game file when none is a disc entry point', () => {
    const files = [
      romFile(31, 'Lemmings (Disk 2 of 2).adf'),
      romFile(32, 'Lemmings (Disk 1 of 2).adf'),
      romFile(33, 'extras/Lemmings.nfo'),
    ];
    expect(names(listDiscs(files))).toEqual([
      'Lemmings (Disk 1 of 2).adf',
      'Lemmings (Disk 2 of 2).adf',
    ]);
  });

  it('has a single entry for a single-file ROM', () => {
    const single = romFile(41, 'Crash Bandicoot (USA).chd', { folder: 'roms/psx', category: null });
    expect(listDiscs([single])).toEqual([single]);
  });
});

describe('pickDisc', () => {
  const discs = listDiscs(CUE_BIN_FILES);

  it('takes the remembered disc while it is still listed, else the first', () => {
    expect(pickDisc(discs, '15')?.id).toBe(15);
    expect(pickDisc(discs, '99')?.id).toBe(13);
    expect(pickDisc(discs, null)?.id).toBe(13);
  });

  it('boots the whole game (null) when there is only one disc', () => {
    expect(pickDisc(listDiscs([romFile(41, 'Game.chd')]), '41')).toBeNull();
    expect(pickDisc([], null)).toBeNull();
  });
});

describe('discNumber', () => {
  it('reads Disc, Disk and CD numbers', () => {
    expect(discNumber('FF7 (Disc 2).cue')).toBe(2);
    expect(discNumber('Lemmings (Disk 1 of 2).adf')).toBe(1);
    expect(discNumber('Myst (CD3).iso')).toBe(3);
    expect(discNumber('Game.chd')).toBeNull();
  });
});

describe('sheetReferences', () => {
  it('reads quoted and unquoted cue FILE lines', () => {
    expect(
      sheetReferences(
        'Game.CUE',
        'REM GENRE Game\r\nFILE "Game (Track 1).bin" BINARY\r\n  TRACK 01 MODE1/2352\r\nFILE Game Track 2.wav WAVE\r\n',
      ),
    ).toEqual(['Game (Track 1).bin', 'Game Track 2.wav']);
  });

  it('reads the track files of a GD-ROM sheet', () => {
    expect(
      sheetReferences(
        'Shenmue.gdi',
        '3\n1 0 4 2352 track01.bin 0\n2 756 0 2352 "track 02.raw" 0\n3 45000 4 2352 track03.bin 0\n',
      ),
    ).toEqual(['track01.bin', 'track 02.raw', 'track03.bin']);
  });

  it('reads a playlist without its comments and disc labels', () => {
    expect(
      sheetReferences('FF7.m3u', '#EXTM3U\nFF7 (Disc 1).cue|Disc one\n\nFF7 (Disc 2).cue\n'),
    ).toEqual(['FF7 (Disc 1).cue', 'FF7 (Disc 2).cue']);
  });
});

describe('discFileIds', () => {
  it('adds the tracks a cue sheet names, and not the other disc', async () => {
    const { read, readText } = reader(CUE_SHEETS);
    const disc = listDiscs(CUE_BIN_FILES)[0];
    if (disc === undefined) throw new Error('no disc');
    expect(await discFileIds(disc, CUE_BIN_FILES, readText)).toEqual([13, 11, 12]);
    expect(read).toEqual([13]);
  });

  it('follows a playlist to its cue sheets and their tracks', async () => {
    const playlist = romFile(18, 'FF7.m3u');
    const files = [...CUE_BIN_FILES, playlist];
    const { read, readText } = reader({
      ...CUE_SHEETS,
      18: 'FF7 (Disc 1).cue\nff7 (disc 2).CUE\nFF7 (Disc 3).cue\n',
    });
    expect(await discFileIds(playlist, files, readText)).toEqual([18, 13, 15, 11, 12, 14]);
    expect(read).toEqual([18, 13, 15]);
  });

  it('resolves sheet paths with either slash relative to the sheet', async () => {
    const files = [
      romFile(51, 'Sonic CD.cue'),
      romFile(52, 'tracks/Sonic CD 01.iso'),
      romFile(53, 'tracks/Sonic CD 02.wav'),
    ];
    const { readText } = reader({
      51: 'FILE "tracks\\Sonic CD 01.iso" BINARY\nFILE "./tracks/../tracks/Sonic CD 02.wav" WAVE\n',
    });
    const disc = files[0];
    if (disc === undefined) throw new Error('no disc');
    expect(await discFileIds(disc, files, readText)).toEqual([51, 52, 53]);
  });

  it('adds the .img and .sub of a CloneCD image without reading it', async () => {
    const files = [
      romFile(61, 'Game (Disc 1).ccd'),
      romFile(62, 'Game (Disc 1).img'),
      romFile(63, 'Game (Disc 1).sub'),
      romFile(64, 'Game (Disc 2).ccd'),
      romFile(65, 'Game (Disc 2).img'),
    ];
    const { read, readText } = reader({});
    const disc = files[0];
    if (disc === undefined) throw new Error('no disc');
    expect(await discFileIds(disc, files, readText)).toEqual([61, 62, 63]);
    expect(read).toEqual([]);
  });

  it('boots a .chd alone', async () => {
    const { read, readText } = reader({});
    const disc = CHD_FILES[1];
    if (disc === undefined) throw new Error('no disc');
    expect(await discFileIds(disc, CHD_FILES, readText)).toEqual([22]);
    expect(read).toEqual([]);
  });
});

describe('discGameUrl', () => {
  it('asks for the files of a disc; they arrive as one zip', () => {
    const disc = romFile(15, 'FF7 (Disc 2).cue');
    expect(discGameUrl(FF7, disc, [15, 14])).toBe(
      '/api/roms/7/content/Final%20Fantasy%20VII%20(USA)?file_ids=15,14',
    );
  });

  it('names a lone disc file after itself in the fragment EmulatorJS takes the name from', () => {
    const disc = romFile(22, 'Game (Disc 2).chd');
    expect(discGameUrl(FF7, disc, [22])).toBe(
      '/api/roms/7/content/Final%20Fantasy%20VII%20(USA)?file_ids=22#/Game%20(Disc%202).chd',
    );
  });
});

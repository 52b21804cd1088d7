import { describe, expect, it } from 'vitest';

import { isDiscSheet, sheetReferences, siblingName } from './disc-sheets.js';
import type { WalkedRom } from './walked-files.js';
import { foldSheetGroups } from './sheet-groups.js';

describe('sheetReferences', () => {
  it('reads cue FILE lines, quoted with spaces or bare, with CRLF and a byte order mark', () => {
    const cue =
      '\uFEFFREM GENRE Action\r\nFILE "Game (USA) (Track 1).bin" BINARY\r\n  TRACK 01 MODE2/2352\r\n' +
      '    INDEX 01 00:00:00\r\nfile track2.bin BINARY\r\nFILE Loose Name.wav WAVE\r\n';
    expect(sheetReferences('Game (USA).cue', cue)).toEqual([
      'Game (USA) (Track 1).bin',
      'track2.bin',
      'Loose Name.wav',
    ]);
  });

  it('reads gdi track lines after the track count, quoted names with spaces too', () => {
    const gdi =
      '3\n1 0 4 2352 track01.bin 0\n2 756 0 2352 "Track 02 (Audio).raw" 0\r\n3 45000 4 2352 track03.bin 0\n';
    expect(sheetReferences('Game.GDI', gdi)).toEqual([
      'track01.bin',
      'Track 02 (Audio).raw',
      'track03.bin',
    ]);
  });

  it('reads m3u entries without comments, blank lines or EmulatorJS labels', () => {
    const m3u =
      '\uFEFF#EXTM3U\r\nGame (Disc 1).cue\r\n\r\n# comment\r\nGame (Disc 2).chd|Disc Two\r\n';
    expect(sheetReferences('Game.m3u', m3u)).toEqual(['Game (Disc 1).cue', 'Game (Disc 2).chd']);
  });

  it('reads nothing from other files', () => {
    expect(sheetReferences('Game.bin', 'FILE "x.bin" BINARY')).toEqual([]);
    expect(isDiscSheet('a.CUE')).toBe(true);
    expect(isDiscSheet('a.bin')).toBe(false);
    expect(isDiscSheet('.cue')).toBe(false);
  });
});

describe('siblingName', () => {
  it('keeps names beside the sheet and ignores those that leave it or enter a subfolder', () => {
    expect(siblingName('Track 1.bin')).toBe('Track 1.bin');
    expect(siblingName('./Track 1.bin')).toBe('Track 1.bin');
    expect(siblingName('sub/../Track 1.bin')).toBe('Track 1.bin');
    expect(siblingName('..\\other\\x.bin')).toBeNull();
    expect(siblingName('../x.bin')).toBeNull();
    expect(siblingName('/etc/passwd')).toBeNull();
    expect(siblingName('C:\\games\\x.bin')).toBeNull();
    expect(siblingName('sub/x.bin')).toBeNull();
    expect(siblingName('')).toBeNull();
  });
});

function loose(name: string, size = 1): WalkedRom {
  const file = {
    fileName: name,
    filePath: 'roms/psx',
    absPath: `/lib/roms/psx/${name}`,
    size,
    mtimeMs: 1,
    isTopLevel: true,
    category: null,
  };
  return { fsName: name, isFolder: false, fsPath: 'roms/psx', files: [file] };
}

const shape = (roms: WalkedRom[]) =>
  roms.map((rom) => [rom.fsName, rom.files.map((file) => file.fileName)]);

describe('foldSheetGroups', () => {
  it('folds what sheets name into them; playlists take their cue sheets and those their tracks', async () => {
    const sheets: Record<string, string> = {
      'A.cue':
        'FILE "A (Track 1).bin" BINARY\nFILE "a (track 2).BIN" BINARY\nFILE "gone.bin" BINARY',
      'Multi.m3u': 'Multi (Disc 1).cue\nMulti (Disc 2).cue\n../escape.bin\n',
      'Multi (Disc 1).cue': 'FILE "Multi (Disc 1).bin" BINARY',
      'Multi (Disc 2).cue': 'FILE "Multi (Disc 2).bin" BINARY',
      'Lonely.cue': 'FILE "nothing.bin" BINARY',
      'Dream.gdi': '1\n1 0 4 2352 "Dream track.bin" 0',
    };
    const folder: WalkedRom = { fsName: 'Folder', isFolder: true, fsPath: 'roms/psx', files: [] };
    const roms = [
      'A (Track 1).bin',
      'A (Track 2).bin',
      'A.cue',
      'Dream track.bin',
      'Dream.gdi',
      'Lonely.cue',
      'Multi (Disc 1).bin',
      'Multi (Disc 1).cue',
      'Multi (Disc 2).bin',
      'Multi (Disc 2).cue',
      'Multi.m3u',
      'Stray.bin',
    ].map((name) => loose(name));
    const read: string[] = [];
    const folded = await foldSheetGroups([folder, ...roms], (file) => {
      read.push(file.fileName);
      return Promise.resolve(sheets[file.fileName] ?? null);
    });
    expect(shape(folded)).toEqual([
      ['Folder', []],
      ['A.cue', ['A (Track 1).bin', 'A (Track 2).bin', 'A.cue']],
      ['Dream.gdi', ['Dream track.bin', 'Dream.gdi']],
      ['Lonely.cue', ['Lonely.cue']],
      [
        'Multi.m3u',
        [
          'Multi (Disc 1).bin',
          'Multi (Disc 1).cue',
          'Multi (Disc 2).bin',
          'Multi (Disc 2).cue',
          'Multi.m3u',
        ],
      ],
      ['Stray.bin', ['Stray.bin']],
    ]);
    expect(read.sort()).toEqual(Object.keys(sheets).sort());
  });

  it('leaves a sheet alone when it cannot be read, and matches case only when unambiguous', async () => {
    const roms = ['G.cue', 'g.bin', 'G.BIN', 'H.cue', 'h.bin'].map((name) => loose(name));
    const folded = await foldSheetGroups(roms, (file) =>
      Promise.resolve(
        file.fileName === 'G.cue' ? 'FILE "g.Bin" BINARY' : file.fileName === 'H.cue' ? null : '',
      ),
    );
    expect(shape(folded)).toEqual([
      ['G.cue', ['G.cue']],
      ['g.bin', ['g.bin']],
      ['G.BIN', ['G.BIN']],
      ['H.cue', ['H.cue']],
      ['h.bin', ['h.bin']],
    ]);
    const single = await foldSheetGroups(
      ['G.cue', 'g.bin'].map((name) => loose(name)),
      () => Promise.resolve('FILE "G.BIN" BINARY'),
    );
    expect(shape(single)).toEqual([['G.cue', ['G.cue', 'g.bin']]]);
  });
});

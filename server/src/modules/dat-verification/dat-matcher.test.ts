import { describe, expect, it } from 'vitest';

import type { DatEntry, LibraryFile, LibraryRom } from './dat-matcher.js';
import { DatIndex, datFileName } from './dat-matcher.js';

const GAMES = [
  { id: 1, name: 'Tetris (World)' },
  { id: 2, name: 'Disc Game (USA)' },
  { id: 3, name: 'Tetris (Japan)' },
  { id: 4, name: 'Broken (USA)' },
];

const entry = (
  id: number,
  gameId: number,
  name: string,
  size: number,
  crc32: string,
  sha1: string | null = null,
  status: string | null = null,
): DatEntry => ({ id, gameId, name, size, crc32, md5: null, sha1, status });

const ENTRIES = [
  entry(10, 1, 'Tetris (World).gb', 32768, 'AAAA0001', 'a'.repeat(40)),
  entry(20, 2, 'Disc Game (USA).cue', 300, 'bbbb0001'),
  entry(21, 2, 'Disc Game (USA) (Track 1).bin', 5000, 'bbbb0002'),
  entry(22, 2, 'Disc Game (USA) (Track 2).bin', 7000, 'bbbb0003'),
  // The same dump in two games: the one named like the file wins.
  entry(30, 3, 'Tetris (Japan).gb', 32768, 'aaaa0001', 'a'.repeat(40)),
  entry(40, 4, 'Broken (USA).gb', 100, 'cccc0001'),
  entry(41, 4, 'Broken (USA) (Missing).gb', 0, 'dddd0001', null, 'nodump'),
];

const index = new DatIndex(GAMES, ENTRIES);

const file = (
  id: number,
  fileName: string,
  size: number,
  crc: string,
  more: Partial<LibraryFile> = {},
): LibraryFile => ({
  id,
  fileName,
  size,
  crc,
  md5: null,
  sha1: null,
  members: null,
  ...more,
});

const rom = (fsName: string, files: LibraryFile[], isFolder = false): LibraryRom => ({
  id: 7,
  fsName,
  isFolder,
  files,
});

describe('DatIndex.verify', () => {
  it('verifies a file whose hash, size and name match an entry', () => {
    const verdict = index.verify(
      rom('Tetris (World).gb', [
        file(1, 'Tetris (World).gb', 32768, 'aaaa0001', { sha1: 'A'.repeat(40) }),
      ]),
    );
    expect(verdict).toEqual({
      romId: 7,
      datGameId: 1,
      status: 'verified',
      files: [{ fileId: 1, datRomId: 10, verdict: 'verified' }],
    });
  });

  it('calls a matching file under another name renamed, preferring the game it is named like', () => {
    expect(index.verify(rom('tetris.gb', [file(1, 'tetris.gb', 32768, 'aaaa0001')]))).toEqual({
      romId: 7,
      datGameId: 1,
      status: 'renamed',
      files: [{ fileId: 1, datRomId: 10, verdict: 'renamed' }],
    });
    expect(
      index.verify(rom('Tetris (Japan).gb', [file(1, 'Tetris (Japan).gb', 32768, 'aaaa0001')])),
    ).toEqual({
      romId: 7,
      datGameId: 3,
      status: 'verified',
      files: [{ fileId: 1, datRomId: 30, verdict: 'verified' }],
    });
  });

  it('leaves a file unknown when its size or a stronger hash differs (a crc32 collision)', () => {
    const wrongSize = index.verify(rom('a.gb', [file(1, 'a.gb', 32767, 'aaaa0001')]));
    expect(wrongSize).toEqual({
      romId: 7,
      datGameId: null,
      status: 'unknown',
      files: [{ fileId: 1, datRomId: null, verdict: 'unknown' }],
    });
    const collision = index.verify(
      rom('a.gb', [file(1, 'a.gb', 32768, 'aaaa0001', { sha1: 'b'.repeat(40) })]),
    );
    expect(collision.status).toBe('unknown');
  });

  it('matches a disc per track: a missing or bad track makes the game incomplete', () => {
    const complete = index.verify(
      rom(
        'Disc Game (USA)',
        [
          file(1, 'Disc Game (USA).cue', 300, 'bbbb0001'),
          file(2, 'Disc Game (USA) (Track 1).bin', 5000, 'bbbb0002'),
          file(3, 'Disc Game (USA) (Track 2).bin', 7000, 'bbbb0003'),
        ],
        true,
      ),
    );
    expect(complete.status).toBe('verified');
    expect(complete.datGameId).toBe(2);
    const badTrack = index.verify(
      rom(
        'Disc Game (USA)',
        [
          file(1, 'Disc Game (USA).cue', 300, 'bbbb0001'),
          file(2, 'Disc Game (USA) (Track 1).bin', 5000, 'bbbb0002'),
          file(3, 'Disc Game (USA) (Track 2).bin', 7000, 'ffff0003'),
        ],
        true,
      ),
    );
    expect(badTrack).toEqual({
      romId: 7,
      datGameId: 2,
      status: 'incomplete',
      files: [
        { fileId: 1, datRomId: 20, verdict: 'verified' },
        { fileId: 2, datRomId: 21, verdict: 'verified' },
        { fileId: 3, datRomId: null, verdict: 'unknown' },
      ],
    });
  });

  it('calls a complete disc in a folder of another name renamed', () => {
    const verdict = index.verify(
      rom(
        'disc game',
        [
          file(1, 'Disc Game (USA).cue', 300, 'bbbb0001'),
          file(2, 'Disc Game (USA) (Track 1).bin', 5000, 'bbbb0002'),
          file(3, 'Disc Game (USA) (Track 2).bin', 7000, 'bbbb0003'),
        ],
        true,
      ),
    );
    expect(verdict.status).toBe('renamed');
    expect(verdict.files.map((match) => match.verdict)).toEqual([
      'verified',
      'verified',
      'verified',
    ]);
  });

  it('verifies a zip by its members’ crc32s, named after its game', () => {
    const members = [{ name: 'Tetris (World).gb', size: 32768, crc: 'aaaa0001' }];
    const named = index.verify(
      rom('Tetris (World).zip', [file(1, 'Tetris (World).zip', 20000, '12345678', { members })]),
    );
    expect(named.status).toBe('verified');
    expect(named.files).toEqual([{ fileId: 1, datRomId: 10, verdict: 'verified' }]);
    const other = index.verify(rom('t.zip', [file(1, 't.zip', 20000, '12345678', { members })]));
    expect(other.status).toBe('renamed');
    const disc = index.verify(
      rom('Disc Game (USA).zip', [
        file(1, 'Disc Game (USA).zip', 9000, '0badf00d', {
          members: [
            { name: 'Disc Game (USA).cue', size: 300, crc: 'bbbb0001' },
            { name: 'Disc Game (USA) (Track 1).bin', size: 5000, crc: 'bbbb0002' },
          ],
        }),
      ]),
    );
    expect(disc).toEqual({
      romId: 7,
      datGameId: 2,
      status: 'incomplete',
      files: [{ fileId: 1, datRomId: 20, verdict: 'verified' }],
    });
  });

  it('never requires an entry the DAT marks nodump', () => {
    expect(
      index.verify(rom('Broken (USA).gb', [file(1, 'Broken (USA).gb', 100, 'cccc0001')])).status,
    ).toBe('verified');
  });
});

describe('datFileName', () => {
  it('names a zip after its game and any other file after its entry', () => {
    expect(datFileName(true, 'Tetris (World).gb', 'Tetris (World)')).toBe('Tetris (World).zip');
    expect(datFileName(false, 'Disc 1\\Game (Track 1).bin', 'Game')).toBe('Game (Track 1).bin');
  });
});

import { describe, expect, it } from 'vitest';

import { zipPlaylist } from './disc-playlist.js';

describe('zipPlaylist', () => {
  it('lists the cue sheets of a disc game, not their tracks', () => {
    expect(
      zipPlaylist([
        'Game (Disc 1).bin',
        'Game (Disc 1).cue',
        'Game (Disc 2).bin',
        'Game (Disc 2).cue',
      ]),
    ).toEqual(['Game (Disc 1).cue', 'Game (Disc 2).cue']);
    expect(zipPlaylist(['Game.cue', 'Game (Track 01).bin', 'Game (Track 02).bin'])).toEqual([
      'Game.cue',
    ]);
  });

  it('lists a CloneCD or GD-ROM sheet rather than its tracks', () => {
    expect(zipPlaylist(['Game.ccd', 'Game.img', 'Game.sub'])).toEqual(['Game.ccd']);
    expect(zipPlaylist(['Game.gdi', 'track01.bin', 'track02.raw'])).toEqual(['Game.gdi']);
  });

  it('lists every file when there is no sheet, as RomM does', () => {
    expect(zipPlaylist(['Game (Disc 1).chd', 'Game (Disc 2).chd', 'readme.txt'])).toEqual([
      'Game (Disc 1).chd',
      'Game (Disc 2).chd',
      'readme.txt',
    ]);
  });

  it('keeps a playlist the game already has', () => {
    expect(zipPlaylist(['Game.m3u', 'Game (Disc 1).chd', 'Game (Disc 2).chd'])).toBeNull();
    expect(zipPlaylist(['Game.M3U', 'Game.cue'])).toBeNull();
  });
});

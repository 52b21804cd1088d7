import { describe, expect, it } from 'vitest';

import { discPlaylist } from './disc-playlist.js';

describe('discPlaylist', () => {
  it('lists the cue sheets of a multi-disc game, not their tracks', () => {
    expect(
      discPlaylist([
        'Game (Disc 1).bin',
        'Game (Disc 1).cue',
        'Game (Disc 2).bin',
        'Game (Disc 2).cue',
      ]),
    ).toEqual(['Game (Disc 1).cue', 'Game (Disc 2).cue']);
  });

  it('makes no playlist for one disc whose tracks carry the disc number', () => {
    expect(
      discPlaylist([
        'Game (Disc 1).cue',
        'Game (Disc 1) (Track 01).bin',
        'Game (Disc 1) (Track 02).bin',
      ]),
    ).toBeNull();
  });

  it('lists disc images named (Disc N) when there is no cue sheet', () => {
    expect(discPlaylist(['Game (Disc 1).chd', 'Game (Disc 2).chd', 'readme.txt'])).toEqual([
      'Game (Disc 1).chd',
      'Game (Disc 2).chd',
    ]);
  });

  it('keeps a playlist the game already has, and makes none for a single disc', () => {
    expect(discPlaylist(['Game.m3u', 'Game (Disc 1).chd', 'Game (Disc 2).chd'])).toBeNull();
    expect(discPlaylist(['Game (Disc 1).chd'])).toBeNull();
  });
});

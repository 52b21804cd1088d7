import { describe, expect, it } from 'vitest';

import type { TestDatGame } from '../../../test/dat-fixtures.js';
import { clrMameProDat, logiqxDat } from '../../../test/dat-fixtures.js';
import { clrMameProParser } from './clrmamepro-parser.js';
import type { DatGameEntry, DatHeader, DatParser, DatSink } from './dat-entries.js';
import { logiqxParser } from './logiqx-parser.js';

const GAMES: TestDatGame[] = [
  {
    name: 'Quote "Quest" & Co (USA)',
    roms: [
      { name: 'Quote "Quest" & Co (USA).gba', size: 4, crc: 'ABCD0123', sha1: 'F'.repeat(40) },
    ],
  },
  {
    name: 'Disc (Europe)',
    cloneOf: 'Quote "Quest" & Co (USA)',
    roms: [
      { name: 'Disc (Europe).cue', size: 120, crc: '1' },
      { name: 'Disc (Europe) (Track 1).bin', size: 2352, md5: 'a'.repeat(32), status: 'verified' },
    ],
  },
];

/** Feeds `text` in chunks of `size` characters; what the sink heard. */
function parsed(make: (sink: DatSink) => DatParser, text: string, size: number) {
  const heard: { header: DatHeader | null; games: DatGameEntry[] } = { header: null, games: [] };
  const parser = make({
    header: (header) => {
      heard.header = header;
    },
    game: (game) => heard.games.push(game),
  });
  for (let start = 0; start < text.length; start += size)
    parser.write(text.slice(start, start + size));
  parser.close();
  return heard;
}

const EXPECTED_GAMES: DatGameEntry[] = [
  {
    name: 'Quote "Quest" & Co (USA)',
    description: 'Quote "Quest" & Co (USA)',
    cloneOf: null,
    romOf: null,
    isBios: false,
    category: null,
    roms: [
      {
        name: 'Quote "Quest" & Co (USA).gba',
        size: 4,
        crc32: 'abcd0123',
        md5: null,
        sha1: 'f'.repeat(40),
        status: null,
      },
    ],
  },
  {
    name: 'Disc (Europe)',
    description: 'Disc (Europe)',
    cloneOf: 'Quote "Quest" & Co (USA)',
    romOf: null,
    isBios: false,
    category: null,
    roms: [
      {
        name: 'Disc (Europe).cue',
        size: 120,
        crc32: '00000001',
        md5: null,
        sha1: null,
        status: null,
      },
      {
        name: 'Disc (Europe) (Track 1).bin',
        size: 2352,
        crc32: null,
        md5: 'a'.repeat(32),
        sha1: null,
        status: 'verified',
      },
    ],
  },
];

describe.each([
  ['Logiqx', logiqxParser, logiqxDat],
  ['ClrMamePro', clrMameProParser, clrMameProDat],
] as const)('the %s parser', (_format, make, write) => {
  const text = write({ name: 'Test - Set', description: 'Test - Set (2026)', version: '7' }, GAMES);

  it.each([1, 7, 64, 1 << 20])('reads the same DAT in chunks of %i characters', (size) => {
    expect(parsed(make, text, size)).toEqual({
      header: {
        name: 'Test - Set',
        description: 'Test - Set (2026)',
        version: '7',
        author: 'Tester',
        homepage: make === logiqxParser ? 'No-Intro' : null,
      },
      games: EXPECTED_GAMES,
    });
  });

  it('refuses a file cut short', () => {
    expect(() => parsed(make, text.slice(0, text.length - 12), 64)).toThrow(/^Not a/);
  });
});

import { Readable } from 'node:stream';

import { describe, expect, it } from 'vitest';

import { launchboxXml } from '../../../../../test/fakes/launchbox.js';
import { foldLaunchboxName } from './launchbox.index.js';
import { streamXmlRecords } from './launchbox.parser.js';

describe('LaunchBox XML streaming', () => {
  it('yields flat records across arbitrary chunk boundaries, entities decoded', async () => {
    const xml = launchboxXml([
      {
        id: 1,
        name: 'Super Metroid',
        platform: 'Super Nintendo Entertainment System',
        alternateNames: ['Metroid 3'],
        cover: 'a.png',
      },
      { id: 2, name: 'Ghosts & Goblins', platform: 'Nintendo Entertainment System' },
    ]);
    const bytes = Buffer.from(xml);
    const chunks: Buffer[] = [];
    for (let start = 0; start < bytes.length; start += 7)
      chunks.push(bytes.subarray(start, start + 7));
    const records = [];
    for await (const record of streamXmlRecords(Readable.from(chunks), [
      'Game',
      'GameAlternateName',
      'GameImage',
    ])) {
      records.push(record);
    }
    expect(records.map((record) => record.tag)).toEqual([
      'Game',
      'GameAlternateName',
      'GameImage',
      'GameImage',
      'Game',
    ]);
    expect(records[0]?.fields).toMatchObject({
      Name: 'Super Metroid',
      DatabaseID: '1',
      Developer: 'Nintendo R&D1',
      Empty: '',
    });
    expect(records[4]?.fields.Name).toBe('Ghosts & Goblins');
  });

  it('folds names for the folded index', () => {
    expect(foldLaunchboxName('Pokémon: Edición Roja!')).toBe('pokemonedicionroja');
  });
});

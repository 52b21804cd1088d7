import type { RomListPage } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { buildTestApp, createFirstAdmin, login } from '../../../../test/build-test-app.js';
import { scanLibrary, writeTree } from '../../../../test/library-fixtures.js';

const NES = [
  'Kid Icarus (USA, Europe).nes',
  "Kirby's Adventure (USA) (Rev 1).nes",
  'Ski or Die (USA).nes',
  'World Cup Soccer (Europe).nes',
  'Super Mario Bros. (World).nes',
  'Pokémon Puzzle (Japan).nes',
  'Über Racer (Europe) (Beta).nes',
  'Metroid (USA).nes',
  'Castlevania (USA).nes',
];

async function setup() {
  const test = await buildTestApp();
  await createFirstAdmin(test.app);
  const session = await login(test.app);
  writeTree(
    test.config.libraryDir,
    Object.fromEntries(NES.map((name) => [`roms/nes/${name}`, name])),
  );
  await scanLibrary(test.app, session);
  const search = async (term: string, extra = ''): Promise<RomListPage> => {
    const response = await test.app.inject({
      url: `/api/roms?search_term=${encodeURIComponent(term)}${extra}`,
      headers: { cookie: session.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RomListPage>();
  };
  const names = async (term: string, extra = '') =>
    (await search(term, extra)).items.map((rom) => rom.name);
  return { ...test, session, search, names };
}

describe('GET /api/roms?search_term', () => {
  it('finds 1-2-letter words at the start of a word only, in list order', async () => {
    const { search, names } = await setup();
    expect(await names('ki')).toEqual(['Kid Icarus', "Kirby's Adventure"]);
    expect(await names('KI', '&order_dir=desc')).toEqual(["Kirby's Adventure", 'Kid Icarus']);
    expect(await names('k')).toEqual(['Kid Icarus', "Kirby's Adventure"]);
    expect(await names('s')).toEqual(['Ski or Die', 'Super Mario Bros.', 'World Cup Soccer']);
    expect(await names('or')).toEqual(['Ski or Die']);
    expect(await names('ki ad')).toEqual(["Kirby's Adventure"]);
    expect(await search('ki')).toMatchObject({ total: 2, char_index: { k: 0 } });
  });

  it('finds longer words anywhere, folding case and accents', async () => {
    const { names } = await setup();
    expect(await names('ario')).toEqual(['Super Mario Bros.']);
    expect(await names('POKEMON')).toEqual(['Pokémon Puzzle']);
    expect(await names('pokémon pu')).toEqual(['Pokémon Puzzle']);
    expect(await names('üb')).toEqual(['Über Racer']);
    expect(await names('UBER')).toEqual(['Über Racer']);
    expect(await names("kirby's")).toEqual(["Kirby's Adventure"]);
    expect(await names('mario bros.|kid')).toEqual(['Kid Icarus', 'Super Mario Bros.']);
  });

  it("finds a term of 3+ letters inside words, as RomM's LIKE %term% does", async () => {
    const { names } = await setup();
    expect(await names('troid')).toEqual(['Metroid']);
    expect(await names('TROID')).toEqual(['Metroid']);
    expect(await names('astlev')).toEqual(['Castlevania']);
    expect(await names('vania tro')).toEqual([]);
    expect(await names('tle ania')).toEqual(['Castlevania']);
    expect(await names('ros')).toEqual(['Super Mario Bros.']);
    expect(await names('ccer')).toEqual(['World Cup Soccer']);
    expect(await names('okémon')).toEqual(['Pokémon Puzzle']);
    // 1–2 letters stay word prefixes: "et" is inside Metroid but starts no word.
    expect(await names('et')).toEqual([]);
    expect(await names('troid|ccer')).toEqual(['Metroid', 'World Cup Soccer']);
  });

  it('does not search file-name tags or extensions, which stay filter values of the search', async () => {
    const { search, names } = await setup();
    expect(await names('world')).toEqual(['World Cup Soccer']);
    for (const tag of ['usa', 'europe', 'japan', 'rev', 'beta', 'nes']) {
      expect(await names(tag), tag).toEqual([]);
    }
    expect(await names('Super Mario Bros. (World)')).toEqual(['Super Mario Bros.']);
    // filter_values cover the search scope (RomM): only the regions of the games found.
    const { filter_values } = await search('super', '&with_filter_values=true');
    expect(filter_values.regions).toEqual(['World']);
    const everything = await search('|', '&with_filter_values=true');
    expect(everything.filter_values.regions).toEqual(['Europe', 'Japan', 'USA', 'World']);
  });
});

import { describe, expect, it } from 'vitest';

import { getCoresForPlatform } from '../emulation/emulator-cores.js';
import {
  IGDB_PLATFORM_VERSIONS,
  PLATFORM_CATALOG,
  getIgdbPlatformVersion,
  getKnownFolderAliases,
  getPlatformBySlug,
  getRegionalTwin,
  getSlugsForProviderId,
  isKnownPlatformSlug,
  resolvePlatformFolder,
} from './platforms.js';

describe('platform catalog data', () => {
  it('holds the 460 slugs of the reference, unique and sorted', () => {
    expect(PLATFORM_CATALOG).toHaveLength(460);
    const slugs = PLATFORM_CATALOG.map((entry) => entry.slug);
    expect(new Set(slugs).size).toBe(460);
    expect(slugs).toEqual([...slugs].sort());
  });

  it('has clean display names and slugs', () => {
    for (const entry of PLATFORM_CATALOG) {
      expect(entry.name.trim()).toBe(entry.name);
      expect(entry.name).not.toMatch(/<|>|†/);
      expect(entry.name.length).toBeGreaterThan(0);
      expect(entry.slug).toMatch(/^[a-z0-9][a-z0-9-]*$/);
    }
  });

  it('has the provider table sizes the reference states', () => {
    const count = (pick: (entry: (typeof PLATFORM_CATALOG)[number]) => unknown) =>
      PLATFORM_CATALOG.filter((entry) => pick(entry) !== null).length;
    expect(count((e) => e.igdb_id)).toBe(220);
    expect(count((e) => e.moby_id)).toBe(327);
    expect(count((e) => e.ss_id)).toBe(171);
    expect(count((e) => e.launchbox_id)).toBe(180);
    expect(count((e) => e.tgdb_id)).toBe(147);
    expect(count((e) => e.hasheous_id)).toBe(136);
    expect(count((e) => e.hltb_slug)).toBe(100);
    expect(count((e) => e.libretro_slug)).toBe(72);
    expect(count((e) => e.flashpoint_id)).toBe(1);
    expect(PLATFORM_CATALOG.filter((e) => e.ra_id !== null && !e.ra_id_from_hasheous)).toHaveLength(
      61,
    );
    expect(PLATFORM_CATALOG.filter((e) => e.ra_id_from_hasheous)).toHaveLength(8);
  });

  it('has IGDB category data only for IGDB platforms', () => {
    for (const entry of PLATFORM_CATALOG) {
      if (entry.igdb_id === null) {
        expect([entry.category, entry.generation, entry.family_name]).toEqual([null, null, null]);
      }
    }
  });

  it('matches the reference row of 3ds', () => {
    expect(getPlatformBySlug('3ds')).toEqual({
      slug: '3ds',
      name: 'Nintendo 3DS',
      name_source: 'igdb',
      igdb_id: 37,
      moby_id: 101,
      ss_id: 17,
      ra_id: 62,
      ra_id_from_hasheous: true,
      launchbox_name: 'Nintendo 3DS',
      launchbox_id: 24,
      tgdb_id: 4912,
      hasheous_id: 62,
      hltb_slug: 'nintendo-3ds',
      libretro_slug: 'Nintendo - Nintendo 3DS',
      flashpoint_id: null,
      category: 'Portable Console',
      generation: 8,
      family_name: 'Nintendo',
    });
  });

  it('spot-checks other rows', () => {
    expect(getPlatformBySlug('arcade')).toMatchObject({
      name: 'Arcade',
      igdb_id: 52,
      moby_id: 143,
      ss_id: 75,
      ra_id: 27,
      launchbox_id: 5,
      category: 'Arcade',
      generation: null,
      family_name: null,
    });
    expect(getPlatformBySlug('atari2600')).toMatchObject({
      name: 'Atari 2600',
      igdb_id: 59,
      ra_id: 25,
      ra_id_from_hasheous: false,
      hasheous_id: 12,
      hltb_slug: 'atari-2600',
      libretro_slug: 'Atari - 2600',
      generation: 2,
      family_name: 'Atari',
    });
    expect(getPlatformBySlug('c128')).toMatchObject({ name: 'Commodore 64', name_source: 'ss' });
    expect(getPlatformBySlug('pico')).toMatchObject({ name: 'Pico-8', launchbox_id: 220 });
    expect(getPlatformBySlug('steam')).toMatchObject({ name: 'Steam', name_source: 'slug' });
    expect(getPlatformBySlug('browser')).toMatchObject({
      name: 'Browser (Flash/HTML5)',
      flashpoint_id: 1,
      launchbox_name: 'Web Browser',
      launchbox_id: 85,
    });
    expect(getPlatformBySlug('06c')).toMatchObject({
      name: 'Vector-06C',
      name_source: 'launchbox',
    });
    // Data quirk kept as RomM holds it: MobyGames id -1 for switch-2.
    expect(getPlatformBySlug('switch-2')).toMatchObject({ moby_id: -1, igdb_id: 508 });
    expect(getPlatformBySlug('famicom')?.igdb_id).toBe(99);
    expect(getPlatformBySlug('NES')).toBeUndefined();
    expect(isKnownPlatformSlug('ngc')).toBe(true);
    expect(isKnownPlatformSlug('gamecube')).toBe(false);
  });

  it('has the versions, twins and shared ids of the reference', () => {
    expect(IGDB_PLATFORM_VERSIONS).toHaveLength(240);
    expect(getIgdbPlatformVersion('naomi')).toEqual({
      key: 'naomi',
      parent: 'arcade',
      igdb_version_id: 637,
    });
    expect(getIgdbPlatformVersion('super-famicom-shvc-001')?.parent).toBe('snes');
    expect(getRegionalTwin('nes')).toBe('famicom');
    expect(getRegionalTwin('sfam')).toBe('snes');
    expect(getRegionalTwin('n64')).toBeUndefined();
    expect(getSlugsForProviderId('ss', 43)).toEqual(['atari-xegs', 'atari800', 'atari8bit']);
    expect(getSlugsForProviderId('igdb', 18)).toEqual(['nes']);
    expect(getSlugsForProviderId('moby', 9999)).toEqual([]);
    for (const version of IGDB_PLATFORM_VERSIONS) {
      expect(isKnownPlatformSlug(version.parent)).toBe(true);
    }
  });

  it('builds folder aliases from the reference, all pointing at catalog or playable slugs', () => {
    const aliases = getKnownFolderAliases();
    expect(aliases.get('gc')).toBe('ngc');
    expect(aliases.get('ps1')).toBe('psx');
    expect(aliases.get('megadrive')).toBe('genesis');
    expect(aliases.get('gamecube')).toBe('ngc');
    expect(aliases.get('playstation')).toBe('psx');
    // The sample configs disagree (odyssey vs a non-slug target): left out.
    expect(aliases.has('odyssey2')).toBe(false);
    // Targets that are neither catalog slugs nor playable are left out.
    expect(aliases.has('easyrpg')).toBe(false);
    expect(aliases.get('gzdoom')).toBe('doom');
    for (const slug of aliases.values()) {
      expect(isKnownPlatformSlug(slug) || slug === 'doom', slug).toBe(true);
    }
  });
});

describe('resolvePlatformFolder', () => {
  it('uses a system.platforms binding first', () => {
    expect(resolvePlatformFolder('Nintendo-64', { bindings: { 'Nintendo-64': 'n64' } })).toEqual({
      slug: 'n64',
      name: 'Nintendo 64',
      fsSlug: 'Nintendo-64',
      matchedBy: 'binding',
      entry: getPlatformBySlug('n64'),
    });
    // A binding beats an exact slug and an alias.
    expect(resolvePlatformFolder('gb', { bindings: { gb: 'gbc' } })).toMatchObject({
      slug: 'gbc',
      name: 'Game Boy Color',
      fsSlug: 'gb',
      matchedBy: 'binding',
    });
    expect(resolvePlatformFolder('gc', { bindings: { gc: 'wii' } }).slug).toBe('wii');
  });

  it('keeps a binding to a slug outside the catalog', () => {
    expect(resolvePlatformFolder('wads', { bindings: { wads: 'doom' } })).toEqual({
      slug: 'doom',
      name: 'Doom',
      fsSlug: 'wads',
      matchedBy: 'binding',
      entry: null,
    });
  });

  it('uses a system.versions entry: parent slug and metadata, folder kept', () => {
    expect(resolvePlatformFolder('naomi', { versions: { naomi: 'arcade' } })).toEqual({
      slug: 'arcade',
      name: 'Arcade',
      fsSlug: 'naomi',
      versionOf: 'arcade',
      matchedBy: 'version',
      entry: getPlatformBySlug('arcade'),
    });
    expect(
      resolvePlatformFolder('fbneo', {
        bindings: { fbneo: 'neogeoaes' },
        versions: { fbneo: 'arcade' },
      }).matchedBy,
    ).toBe('binding');
  });

  it('matches a catalog slug exactly', () => {
    expect(resolvePlatformFolder('snes')).toEqual({
      slug: 'snes',
      name: 'Super Nintendo Entertainment System',
      fsSlug: 'snes',
      matchedBy: 'slug',
      entry: getPlatformBySlug('snes'),
    });
    // An exact slug wins over an alias some frontends use for another system.
    expect(resolvePlatformFolder('pico')).toMatchObject({ slug: 'pico', name: 'Pico-8' });
    expect(resolvePlatformFolder('model2')).toMatchObject({ slug: 'model2', matchedBy: 'slug' });
  });

  it('plays Doom from the usual folder names (prboom, gzdoom, doom)', () => {
    for (const folder of ['prboom', 'gzdoom', 'doom', 'PrBoom', 'GZDoom']) {
      const resolved = resolvePlatformFolder(folder);
      expect({ slug: resolved.slug, name: resolved.name }, folder).toEqual({
        slug: 'doom',
        name: 'Doom',
      });
      expect(getCoresForPlatform(resolved.slug), folder).toEqual(['prboom']);
    }
  });

  it('matches a known alias', () => {
    expect(resolvePlatformFolder('gc')).toEqual({
      slug: 'ngc',
      name: 'Nintendo GameCube',
      fsSlug: 'gc',
      matchedBy: 'alias',
      entry: getPlatformBySlug('ngc'),
    });
    expect(resolvePlatformFolder('megadrive')).toMatchObject({
      slug: 'genesis',
      fsSlug: 'megadrive',
    });
    expect(resolvePlatformFolder('dreamcast')).toMatchObject({ slug: 'dc', matchedBy: 'alias' });
    expect(resolvePlatformFolder('naomi')).toMatchObject({ slug: 'arcade', matchedBy: 'alias' });
  });

  it('falls back to the lower-cased folder name for slugs and aliases', () => {
    expect(resolvePlatformFolder('NES')).toMatchObject({
      slug: 'nes',
      name: 'Nintendo Entertainment System',
      fsSlug: 'NES',
      matchedBy: 'slug',
    });
    expect(resolvePlatformFolder('MegaDrive')).toMatchObject({
      slug: 'genesis',
      fsSlug: 'MegaDrive',
      matchedBy: 'alias',
    });
  });

  it('treats an IGDB version key as a version of its parent', () => {
    expect(resolvePlatformFolder('atari-2600-plus')).toEqual({
      slug: 'atari-2600-plus',
      name: 'atari-2600-plus',
      fsSlug: 'atari-2600-plus',
      versionOf: 'atari2600',
      matchedBy: 'igdb-version',
      entry: getPlatformBySlug('atari2600'),
    });
  });

  it('names an unknown folder after itself', () => {
    expect(resolvePlatformFolder('My Homebrew')).toEqual({
      slug: 'my homebrew',
      name: 'My Homebrew',
      fsSlug: 'My Homebrew',
      matchedBy: 'unknown',
      entry: null,
    });
    expect(resolvePlatformFolder('odyssey2')).toMatchObject({
      slug: 'odyssey2',
      matchedBy: 'unknown',
    });
  });

  it('ignores inherited object keys in the config and as folder names', () => {
    expect(resolvePlatformFolder('constructor', { bindings: {} })).toMatchObject({
      slug: 'constructor',
      matchedBy: 'unknown',
    });
    expect(resolvePlatformFolder('__proto__').matchedBy).toBe('unknown');
  });
});

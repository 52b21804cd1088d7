import { readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { REPO_ROOT } from '../../../config/paths.js';
import { parseRomFileName, regionProviderCode } from './rom-filename.js';

/** 3,572 real file names from No-Intro's DATs (every 12th game of 24 platforms). */
const NAMES_FILE = path.join(REPO_ROOT, 'server', 'test', 'fixtures', 'nointro-names-sample.tsv');

/** The DAT's country names that RomM spells otherwise. */
const ROMM_NAMES: Readonly<Record<string, string>> = { 'United Kingdom': 'England' };

interface NamedRow {
  fileName: string;
  datRegion: string;
}

function readRows(): NamedRow[] {
  const [header, ...lines] = readFileSync(NAMES_FILE, 'utf8').trimEnd().split('\n');
  expect(header).toBe('platform\tfile_name\tdat_region');
  return lines.map((line) => {
    const [, fileName = '', datRegion = ''] = line.split('\t');
    return { fileName, datRegion };
  });
}

describe('regions of real No-Intro names', () => {
  it('finds the DAT region as the first region of at least 99.95 % of the names', () => {
    const rows = readRows();
    expect(rows).toHaveLength(3572);
    const withRegion = rows.filter((row) => row.datRegion !== '');
    const misses = withRegion.filter((row) => {
      const expected = ROMM_NAMES[row.datRegion] ?? row.datRegion;
      return parseRomFileName(row.fileName).regions[0] !== expected;
    });
    const accuracy = 1 - misses.length / withRegion.length;
    // The one miss: `(E)` is part of this title, and reads as the region code E (Europe).
    expect(misses.map((row) => `${row.fileName} → ${row.datRegion}`)).toEqual([
      '3 in 1 - The Best Game Collection (E) (Korea) (En) (Unl).sms → Korea',
    ]);
    expect(withRegion).toHaveLength(3000);
    expect(accuracy).toBeGreaterThanOrEqual(0.9995);
  });

  it('reads World for the names whose DAT gives no single country', () => {
    const worldNames = readRows().filter((row) => row.fileName.includes('(World)'));
    expect(worldNames.length).toBeGreaterThan(500);
    for (const row of worldNames) {
      expect(parseRomFileName(row.fileName).regions, row.fileName).toContain('World');
    }
  });
});

describe('No-Intro countries', () => {
  const cases: [string, string[]][] = [
    ['Up (United Kingdom).nds', ['England']],
    ['Game (UK).gba', ['England']],
    ['Pixeline - Skole-Hjaelp (Denmark).nds', ['Denmark']],
    ['Game (DK) (Da).gba', ['Denmark']],
    ['Super Descentralizado 1995 (Peru) (Es) (Pirate).sfc', ['Peru']],
    ['Mi Experto en Vocabulario (Mexico).nds', ['Mexico']],
    ['Cricket (India).nds', ['India']],
    ['Futbol (Argentina) (Es).gba', ['Argentina']],
    ['Game (Latin America) (Es,Pt).nds', ['Latin America']],
    ['Game (Scandinavia) (Sv,No,Da,Fi).nds', ['Scandinavia']],
    ['Game (Australia, New Zealand).nds', ['Australia', 'New Zealand']],
    ['Game (Austria, Switzerland) (De).nds', ['Austria', 'Switzerland']],
    ['Game (Belgium, Netherlands) (Fr,Nl).nds', ['Belgium', 'Netherlands']],
    ['Game (Poland) (Pl).nds', ['Poland']],
    ['Game (Portugal) (Pt).nds', ['Portugal']],
    ['Game (Ireland).nds', ['Ireland']],
    ['Game (Israel) (En).nds', ['Israel']],
    ['Game (Croatia).nds', ['Croatia']],
    ['Game (Turkey).nds', ['Turkey']],
    ['Game (South Africa).nds', ['South Africa']],
    ['Game (Singapore) (En,Zh).nds', ['Singapore']],
    ['Game (united kingdom, usa).nds', ['England', 'USA']],
    ['Game (Europe, Asia).nds', ['Europe', 'Asia']],
  ];
  it.each(cases)('%s → %j', (fileName, regions) => {
    expect(parseRomFileName(fileName).regions).toEqual(regions);
  });

  it('keeps language codes as languages and other words as tags', () => {
    const parsed = parseRomFileName('Game (Denmark) (Da) (Peru Edition).nds');
    expect(parsed.regions).toEqual(['Denmark']);
    expect(parsed.languages).toEqual(['Danish']);
    expect(parsed.tags).toEqual(['Peru Edition']);
  });

  it('gives United Kingdom the provider code of RomM’s England', () => {
    const [region] = parseRomFileName('Up (United Kingdom).nds').regions;
    expect(regionProviderCode(region ?? '')).toBe('uk');
  });
});

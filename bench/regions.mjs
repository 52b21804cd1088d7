// @ts-check
/**
 * Region parsing accuracy over real No-Intro file names: the first region parsed from each name
 * whose DAT gives a region, against that region (RomM's spelling: United Kingdom is England).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { parseRomFileName } from '../server/dist/modules/roms/names/rom-filename.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NAMES_FILE = path.join(repoRoot, 'server', 'test', 'fixtures', 'nointro-names-sample.tsv');
/** @type {Readonly<Record<string, string>>} */
const ROMM_NAMES = { 'United Kingdom': 'England' };
const TARGET = 0.9995;

/** @returns {[string, string][]} */
export function regionFigures() {
  const [, ...lines] = fs.readFileSync(NAMES_FILE, 'utf8').trimEnd().split('\n');
  let compared = 0;
  /** @type {Map<string, number>} */
  const missesByRegion = new Map();
  for (const line of lines) {
    const [, fileName = '', datRegion = ''] = line.split('\t');
    if (datRegion === '') continue;
    compared += 1;
    const expected = ROMM_NAMES[datRegion] ?? datRegion;
    if (parseRomFileName(fileName).regions[0] !== expected) {
      missesByRegion.set(datRegion, (missesByRegion.get(datRegion) ?? 0) + 1);
    }
  }
  const misses = [...missesByRegion.values()].reduce((sum, count) => sum + count, 0);
  const accuracy = 1 - misses / compared;
  const missList = [...missesByRegion].map(([region, count]) => `${region} ${count}`).join(', ');
  return [
    [
      `region parsing, ${compared} real No-Intro names with a DAT region (of ${lines.length})`,
      `${(accuracy * 100).toFixed(2)} % (${misses} misses${missList === '' ? '' : `: ${missList}`}; target >= ${(TARGET * 100).toFixed(2)} %)`,
    ],
  ];
}

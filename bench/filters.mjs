// @ts-check
/**
 * Gallery filter figures: each filter alone, three filters plus a search term, and
 * `filter_values` for the whole library, through HTTP. The generated library is not
 * identified, so identification results are written first (as the metadata writer would:
 * one UPDATE per ROM, the facet trigger re-indexing it), deterministically.
 */
import path from 'node:path';

import Database from 'better-sqlite3';

import { coldRows } from './cold.mjs';
import { measureGets, timeOnce } from './library.mjs';

const requests = Number(process.env.BENCH_FILTER_REQUESTS ?? 100);
const GENRES = ['Action', 'Adventure', 'Platform', 'Puzzle', 'Racing', 'RPG', 'Shooter', 'Sports'];
const COMPANIES = ['Capcom', 'Konami', 'Nintendo', 'Sega', 'Square', 'Taito'];

/**
 * Two thirds of the ROMs get an igdb id (shared by neighbours, so some are duplicates) and
 * metadata: two genres, a company, a franchise for every tenth, a player count.
 * @param {string} dataDir
 */
export function identifyLibrary(dataDir) {
  const db = new Database(path.join(dataDir, 'romshelf.db'));
  db.pragma('busy_timeout = 5000');
  const ids = /** @type {{ id: number }[]} */ (db.prepare('SELECT id FROM rom ORDER BY id').all());
  const update = db.prepare('UPDATE rom SET igdb_id = ?, metadatum = ? WHERE id = ?');
  db.transaction(() => {
    for (const { id } of ids) {
      if (id % 3 === 0) continue;
      const metadatum = {
        genres: [GENRES[id % GENRES.length], GENRES[(id * 7) % GENRES.length]],
        companies: [COMPANIES[id % COMPANIES.length]],
        franchises: id % 10 === 1 ? ['Saga'] : [],
        player_count: String(1 + (id % 4)),
      };
      update.run(Math.floor(id / 2), JSON.stringify(metadatum), id);
    }
  })();
  db.close();
  return ids.length - Math.floor(ids.length / 3);
}

/**
 * The server keeps ROM texts and filter values until ROM or platform rows change, which direct
 * writes to the database do not tell it: a platform renamed and named back through the API does.
 * @param {import('./library.mjs').BenchContext} ctx
 */
async function renamePlatform(ctx) {
  for (const customName of ['Bench', '']) {
    const renamed = await fetch(`${ctx.baseUrl}/api/platforms/${String(ctx.biggestPlatform.id)}`, {
      method: 'PUT',
      headers: { authorization: ctx.basic, 'content-type': 'application/json' },
      body: JSON.stringify({ custom_name: customName }),
    });
    if (!renamed.ok) throw new Error(`platform rename: HTTP ${renamed.status}`);
  }
}

/**
 * @param {import('./library.mjs').BenchContext} ctx
 * @returns {Promise<[string, string][]>}
 */
export async function filterFigures(ctx) {
  const identified = identifyLibrary(ctx.dataDir);
  await renamePlatform(ctx);

  const size = `${ctx.romCount.toLocaleString('en')} ROMs, ${identified.toLocaleString('en')} identified`;
  const url = (/** @type {string} */ query) =>
    `${ctx.baseUrl}/api/roms?limit=72&with_filter_values=false&${query}`;
  const single = [
    'genres=RPG',
    'genres=RPG&genres=Racing&genres_logic=all',
    'genres=Action&genres_logic=none',
    'companies=Nintendo',
    'regions=Japan',
    'languages=French',
    'player_counts=2',
    'statuses=finished',
    'matched=true',
    'matched=false',
    'duplicate=true',
    'playable=true',
    'favorite=true',
    'has_ra=false',
    'verified=true',
    'missing=false',
    'metadata_providers=igdb',
  ];
  /** @type {[string, string][]} */
  const rows = [];
  // Kept nothing of these yet: filter values of the library and a platform, then each filter.
  const valuesQuery = 'limit=1&with_char_index=false';
  const coldPaths = [
    `/api/roms?${valuesQuery}`,
    `/api/roms?${valuesQuery}&platform_id=${String(ctx.biggestPlatform.id)}`,
    ...single.map((query) => `/api/roms?limit=72&with_filter_values=false&${query}`),
  ];
  rows.push(
    ...(await coldRows(
      ctx,
      `GET /api/roms filter values and ${single.length} filters (${size})`,
      coldPaths,
      'filters',
    )),
  );
  await renamePlatform(ctx);
  rows.push([
    `GET /api/roms filter_values, whole library, first request after a write (${size})`,
    `${(await timeOnce(`${ctx.baseUrl}/api/roms?${valuesQuery}`, ctx.cookie)).toFixed(1)} ms`,
  ]);
  rows.push(
    await measureGets(
      `GET /api/roms filter_values, whole library (${size})`,
      [`${ctx.baseUrl}/api/roms?limit=1&with_char_index=false`],
      ctx.cookie,
      requests,
      '50 ms',
    ),
  );
  for (const query of single) {
    rows.push(
      await measureGets(
        `GET /api/roms?${query} (${size})`,
        [url(query)],
        ctx.cookie,
        requests,
        '25 ms',
      ),
    );
  }
  const combined = [
    'genres=RPG&regions=USA&matched=true&search_term=super',
    'genres=Action&companies=Konami&playable=true&search_term=the',
    'player_counts=2&regions=Europe&duplicate=false&search_term=ma',
  ];
  rows.push(
    await measureGets(
      `GET /api/roms three filters + search term (${size})`,
      combined.map(url),
      ctx.cookie,
      requests,
      '25 ms',
    ),
  );
  return rows;
}

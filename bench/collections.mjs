// @ts-check
/**
 * Collection figures: a manual collection of 10,000 ROMs is made over HTTP, then its gallery
 * pages (`GET /api/roms?collection_id=`, as the web gallery asks them: 72 ROMs with the A–Z
 * index) are timed at several depths; and adding 5,000 ROMs to a collection in one
 * `POST /api/collections/{id}/roms` is timed (three fresh collections, the slowest reported).
 */
import { performance } from 'node:perf_hooks';

import { measureGets } from './library.mjs';

const requests = Number(process.env.BENCH_COLLECTIONS_REQUESTS ?? 300);
const GALLERY_ROMS = 10_000;
const ADDED_ROMS = 5_000;

/**
 * A JSON request on the session, with the CSRF token a cookie session needs.
 * @param {import('./library.mjs').BenchContext} ctx @param {string} method @param {string} url
 * @param {unknown} body
 */
async function send(ctx, method, url, body) {
  const token = ctx.csrfToken ?? '';
  const response = await fetch(`${ctx.baseUrl}${url}`, {
    method,
    headers: {
      cookie: `${ctx.cookie}; romm_csrftoken=${token}`,
      'x-csrftoken': token,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  const answer = /** @type {{ id: number, rom_count: number }} */ (await response.json());
  if (!response.ok) throw new Error(`${method} ${url}: HTTP ${response.status}`);
  return answer;
}

/**
 * @param {import('./library.mjs').BenchContext} ctx
 * @returns {Promise<[string, string][]>}
 */
export async function collectionFigures(ctx) {
  const ids = /** @type {number[]} */ (
    await (
      await fetch(`${ctx.baseUrl}/api/roms/identifiers`, { headers: { cookie: ctx.cookie } })
    ).json()
  );
  if (ids.length < GALLERY_ROMS) {
    return [['collections figures', `need ${GALLERY_ROMS} ROMs, the library has ${ids.length}`]];
  }
  // Every third ROM: members spread over the whole library and its sort order.
  const members = ids.filter((_, index) => index % 3 === 0).slice(0, GALLERY_ROMS);
  const spread = members.length < GALLERY_ROMS ? ids.slice(0, GALLERY_ROMS) : members;
  /** @type {[string, string][]} */
  const rows = [];

  const addTimes = [];
  for (let run = 0; run < 3; run += 1) {
    const made = await send(ctx, 'POST', '/api/collections', { name: `Bench add ${run}` });
    const started = performance.now();
    const filled = await send(ctx, 'POST', `/api/collections/${made.id}/roms`, {
      rom_ids: spread.slice(run * 1000, run * 1000 + ADDED_ROMS),
    });
    addTimes.push(performance.now() - started);
    if (filled.rom_count !== ADDED_ROMS) throw new Error(`added ${filled.rom_count} ROMs`);
  }
  rows.push([
    `POST /api/collections/{id}/roms with ${ADDED_ROMS.toLocaleString('en')} ROMs (${ctx.romCount.toLocaleString('en')}-ROM library)`,
    `${addTimes.map((ms) => ms.toFixed(0)).join(' / ')} ms (slowest ${Math.max(...addTimes).toFixed(0)} ms; target < 1 s)`,
  ]);

  const gallery = await send(ctx, 'POST', '/api/collections', { name: 'Bench gallery' });
  for (let start = 0; start < spread.length; start += ADDED_ROMS) {
    await send(ctx, 'POST', `/api/collections/${gallery.id}/roms`, {
      rom_ids: spread.slice(start, start + ADDED_ROMS),
    });
  }
  const page = (/** @type {number} */ offset) =>
    `${ctx.baseUrl}/api/roms?collection_id=${gallery.id}&limit=72&offset=${offset}` +
    '&order_by=name&order_dir=asc&with_char_index=true&with_filter_values=false';
  rows.push(
    await measureGets(
      `GET /api/roms?collection_id= (${GALLERY_ROMS.toLocaleString('en')}-ROM collection, ${ctx.romCount.toLocaleString('en')}-ROM library, pages at 0 / 25 / 50 / 75 / 99 %)`,
      [0, 2_500, 5_000, 7_500, 9_900].map(page),
      ctx.cookie,
      requests,
      '15 ms',
    ),
  );
  return rows;
}

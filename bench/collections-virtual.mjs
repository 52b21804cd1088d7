// @ts-check
/**
 * Virtual and smart collection figures through HTTP: the virtual collection list (first read
 * after a change, then repeated reads), a virtual collection's gallery page, and a smart
 * collection's answer and gallery page. Uses the identification results bench/filters.mjs
 * writes (written here when that module has not run).
 */
import { identifyLibrary } from './filters.mjs';
import { measureGets, timeOnce } from './library.mjs';

const requests = Number(process.env.BENCH_COLLECTION_REQUESTS ?? 50);

/**
 * A write through the API moves the server's data version on, so the next read recomputes
 * (direct database writes do not).
 * @param {import('./library.mjs').BenchContext} ctx @param {number} rating
 */
async function bumpDataVersion(ctx, rating) {
  const response = await fetch(`${ctx.baseUrl}/api/roms/1/props`, {
    method: 'PUT',
    headers: { authorization: ctx.basic, 'content-type': 'application/json' },
    body: JSON.stringify({ data: { rating } }),
  });
  if (!response.ok) throw new Error(`props: HTTP ${response.status}`);
}

/** @param {import('./library.mjs').BenchContext} ctx @param {string} path */
async function getJson(ctx, path) {
  const response = await fetch(`${ctx.baseUrl}${path}`, { headers: { cookie: ctx.cookie } });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.json();
}

/**
 * @param {import('./library.mjs').BenchContext} ctx
 * @returns {Promise<[string, string][]>}
 */
export async function virtualCollectionFigures(ctx) {
  const filters = /** @type {{ genres: string[] }} */ (await getJson(ctx, '/api/roms/filters'));
  if (filters.genres.length === 0) identifyLibrary(ctx.dataDir);
  await bumpDataVersion(ctx, 2);

  const size = `${ctx.romCount.toLocaleString('en')} ROMs`;
  const listUrl = `${ctx.baseUrl}/api/collections/virtual?type=all`;
  /** @type {[string, string][]} */
  const rows = [];
  const cold = await timeOnce(listUrl, ctx.cookie);
  const all = /** @type {{ id: string, type: string, rom_count: number }[]} */ (
    await getJson(ctx, '/api/collections/virtual?type=all')
  );
  const members = all.reduce((sum, collection) => sum + collection.rom_count, 0);
  rows.push([
    `GET /api/collections/virtual?type=all, first read after a change (${size})`,
    `${cold.toFixed(1)} ms (${all.length} collections, ${members.toLocaleString('en')} memberships)`,
  ]);
  rows.push(
    await measureGets(
      `GET /api/collections/virtual?type=all (${size})`,
      [listUrl],
      ctx.cookie,
      requests,
      '100 ms',
    ),
  );
  rows.push(
    await measureGets(
      `GET /api/collections/virtual?type=genre (${size})`,
      [`${ctx.baseUrl}/api/collections/virtual?type=genre`],
      ctx.cookie,
      requests,
      '100 ms',
    ),
  );
  const biggest = [...all].sort((a, b) => b.rom_count - a.rom_count)[0];
  if (biggest !== undefined) {
    rows.push(
      await measureGets(
        `GET /api/roms?virtual_collection_id (${biggest.rom_count.toLocaleString('en')}-ROM ${biggest.type}, ${size})`,
        [`${ctx.baseUrl}/api/roms?limit=72&with_filter_values=false&virtual_collection_id=${biggest.id}`],
        ctx.cookie,
        requests,
        '25 ms',
      ),
    );
  }
  rows.push(...(await smartCollectionFigures(ctx, size)));
  return rows;
}

/** @param {import('./library.mjs').BenchContext} ctx @param {string} size */
async function smartCollectionFigures(ctx, size) {
  const form = new FormData();
  form.set('name', 'Bench RPG Europe');
  form.set('filter_criteria', JSON.stringify({ genres: ['RPG'], regions: ['Europe'] }));
  const created = await fetch(`${ctx.baseUrl}/api/collections/smart`, {
    method: 'POST',
    headers: { authorization: ctx.basic },
    body: form,
  });
  if (!created.ok) throw new Error(`smart collection: HTTP ${created.status}`);
  const smart = /** @type {{ id: number, rom_count: number }} */ (await created.json());
  const label = `${smart.rom_count.toLocaleString('en')}-ROM smart collection, ${size}`;
  /** @type {[string, string][]} */
  const rows = [];
  try {
    rows.push(
      await measureGets(
        `GET /api/collections/smart/{id} (${label})`,
        [`${ctx.baseUrl}/api/collections/smart/${smart.id}`],
        ctx.cookie,
        requests,
        '100 ms',
      ),
    );
    rows.push(
      await measureGets(
        `GET /api/roms?smart_collection_id (${label})`,
        [`${ctx.baseUrl}/api/roms?limit=72&with_filter_values=false&smart_collection_id=${smart.id}`],
        ctx.cookie,
        requests,
        '25 ms',
      ),
    );
  } finally {
    await fetch(`${ctx.baseUrl}/api/collections/smart/${smart.id}`, {
      method: 'DELETE',
      headers: { authorization: ctx.basic },
    });
  }
  return rows;
}

// @ts-check
/**
 * Versions figures: `GET /api/roms?group_by_meta_id=true` (one card per game). The bench
 * library is scanned without metadata, so every version of a title (same platform, same
 * tag-free file name: regions, revisions, betas) is first given a shared IGDB id in the
 * database; then grouped pages are timed over HTTP. Run last: it changes the stored ids.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';

import Database from 'better-sqlite3';

import { coldRows } from './cold.mjs';
import { httpGet } from './http-get.mjs';

const PAGE = 72;
const requests = Number(process.env.BENCH_VERSIONS_REQUESTS ?? 200);
const TARGET_MS = 25;

/** @param {number[]} samples @param {number} fraction */
function percentile(samples, fraction) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? NaN;
}

/**
 * Gives the versions of each title one id; returns the ROM and group counts.
 * @param {string} dataDir
 */
function groupVersions(dataDir) {
  const db = new Database(path.join(dataDir, 'romshelf.db'));
  db.pragma('busy_timeout = 10000');
  try {
    const rows = /** @type {{ id: number, platform_id: number, fs_name_no_tags: string }[]} */ (
      db.prepare('SELECT id, platform_id, fs_name_no_tags FROM rom').all()
    );
    /** @type {Map<string, number>} */
    const ids = new Map();
    const update = db.prepare('UPDATE rom SET igdb_id = ? WHERE id = ?');
    db.transaction(() => {
      for (const row of rows) {
        const key = `${row.platform_id}\u0000${row.fs_name_no_tags.toLowerCase()}`;
        const id = ids.get(key) ?? ids.size + 1;
        ids.set(key, id);
        update.run(id, row.id);
      }
    })();
    return { roms: rows.length, groups: ids.size };
  } finally {
    db.close();
  }
}

/** @param {string} url @param {string} cookie */
async function timedGet(url, cookie) {
  const started = performance.now();
  const response = await httpGet(url, { cookie });
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
  const ms = performance.now() - started;
  const body = /** @type {{ total: number | null }} */ (JSON.parse(response.body.toString('utf8')));
  return { ms, body };
}

/** @param {string} baseUrl @param {Record<string, string>} query */
function groupedUrl(baseUrl, query) {
  const params = { limit: String(PAGE), order_by: 'name', group_by_meta_id: 'true', ...query };
  return `${baseUrl}/api/roms?${new URLSearchParams(params).toString()}`;
}

/**
 * @param {import('./library.mjs').BenchContext} ctx
 * @returns {Promise<[string, string][]>}
 */
export async function versionFigures(ctx) {
  /** @type {[string, string][]} */
  const rows = [];
  const { roms, groups } = groupVersions(ctx.dataDir);
  rows.push([
    'versions: ROMs given a shared IGDB id per title',
    `${roms.toLocaleString('en')} ROMs in ${groups.toLocaleString('en')} games`,
  ]);
  const biggest = ctx.biggestPlatform;
  const deep = String(Math.max(0, Math.floor((groups * 0.7) / PAGE) * PAGE));
  const pages = [
    ['all, first page', groupedUrl(ctx.baseUrl, {})],
    ['all, deep page', groupedUrl(ctx.baseUrl, { offset: deep })],
    [`${biggest.slug}, first page`, groupedUrl(ctx.baseUrl, { platform_id: String(biggest.id) })],
  ];
  // Kept nothing of these yet: page 1 of the library, of a platform and of a filtered list.
  const coldPaths = [
    ...pages.filter(([label]) => label !== 'all, deep page').map(([, url]) => url),
    groupedUrl(ctx.baseUrl, { regions: 'Japan' }),
  ].map((url) => url.slice(ctx.baseUrl.length));
  rows.push(
    ...(await coldRows(
      ctx,
      `GET /api/roms grouped page 1 (${roms.toLocaleString('en')} ROMs in ${groups.toLocaleString('en')} games)`,
      coldPaths,
      'versions',
    )),
  );
  for (const [label, url] of pages) {
    await timedGet(url, ctx.cookie);
    const samples = [];
    for (let index = 0; index < requests; index += 1) {
      samples.push((await timedGet(url, ctx.cookie)).ms);
    }
    const p95 = percentile(samples, 0.95);
    rows.push([
      `GET /api/roms ${PAGE} grouped by metadata id, ${label}`,
      `p50 ${percentile(samples, 0.5).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms ` +
        `(target p95 < ${TARGET_MS} ms${p95 < TARGET_MS ? '' : ', MISSED'}; ${requests} requests)`,
    ]);
  }
  return rows;
}

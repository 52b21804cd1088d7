// @ts-check
/**
 * One game, one ROM (issue 38): `GET /api/roms?preferred_version_only=true`, the gallery's
 * "preferred version only", on SQLite and on a PostgreSQL copy (BENCH_DATABASE_URL). Run after
 * the DAT import figures, the games are then the DATs' where verification matched a ROM and the
 * version groups elsewhere. First pages cold (each URL once on a server that kept nothing of
 * it), then warm (p50/p95 after a warm-up), beside the list targets.
 */
import fs from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';

import { httpGet } from './http-get.mjs';
import { startPostgresTwin } from './postgres-twin.mjs';

const PAGE = 72;
const COLD_TARGET_MS = 300;
const WARM_TARGET_MS = 10;
const WARM_UP = 20;
const requests = Number(process.env.BENCH_PREFERRED_REQUESTS ?? 100);

/** @param {number[]} samples @param {number} fraction */
function percentile(samples, fraction) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? NaN;
}

/** CPU time (user + system) of a process so far, in ms. @param {number} pid */
function processCpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');

/** @param {string} baseUrl @param {string} path @param {string} cookie */
async function timedGet(baseUrl, path, cookie) {
  const started = performance.now();
  const response = await httpGet(`${baseUrl}${path}`, { cookie });
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${path}`);
  return performance.now() - started;
}

/** The verification the DAT imports started has ended (its verdicts group the games). */
async function verificationEnded(/** @type {import('./library.mjs').BenchContext} */ ctx) {
  for (;;) {
    const response = await fetch(`${ctx.baseUrl}/api/tasks/status`, {
      headers: { cookie: ctx.cookie },
    });
    const runs = /** @type {{ task_key: string, ended_at: string | null }[]} */ (
      await response.json()
    );
    if (!runs.some((run) => run.task_key === 'verify_dats' && run.ended_at === null)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** @param {Record<string, string>} query */
function preferredPath(query) {
  const params = {
    preferred_version_only: 'true',
    region_priority: 'USA,World,Europe,Japan',
    language_priority: 'En,Ja',
    limit: String(PAGE),
    order_by: 'name',
    ...query,
  };
  return `/api/roms?${new URLSearchParams(params).toString()}`;
}

/**
 * Cold then warm figures of `paths` on one server.
 * @param {string} engine @param {string} baseUrl @param {number} pid @param {string[][]} paths
 * label and path @param {string} cookie @returns {Promise<[string, string][]>}
 */
async function engineRows(engine, baseUrl, pid, paths, cookie) {
  /** @type {[string, string][]} */
  const rows = [];
  for (const [label, path] of paths) {
    const cpuBefore = processCpuMs(pid);
    const ms = await timedGet(baseUrl, path ?? '', cookie);
    const cpu = processCpuMs(pid) - cpuBefore;
    rows.push([
      `1G1R preferred only, ${label}, first (cold) request, ${engine}`,
      `${ms.toFixed(0)} ms, server CPU ${cpu.toFixed(0)} ms (target < ${String(COLD_TARGET_MS)} ms${ms < COLD_TARGET_MS ? '' : ', MISSED'}; load ${loadAverage()})`,
    ]);
  }
  for (const [label, path] of paths) {
    for (let index = 0; index < WARM_UP; index += 1) await timedGet(baseUrl, path ?? '', cookie);
    const samples = [];
    for (let index = 0; index < requests; index += 1) {
      samples.push(await timedGet(baseUrl, path ?? '', cookie));
    }
    const p95 = percentile(samples, 0.95);
    rows.push([
      `1G1R preferred only, ${label}, warm, ${engine}`,
      `p50 ${percentile(samples, 0.5).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (target p95 < ${String(WARM_TARGET_MS)} ms${p95 < WARM_TARGET_MS ? '' : ', MISSED'}; ${String(requests)} requests; load ${loadAverage()})`,
    ]);
  }
  return rows;
}

/**
 * @param {import('./library.mjs').BenchContext} ctx
 * @returns {Promise<[string, string][]>}
 */
export async function preferredFigures(ctx) {
  await verificationEnded(ctx);
  const biggest = ctx.biggestPlatform;
  const paths = [
    [`all ${ctx.romCount.toLocaleString('en')} ROMs, page 1`, preferredPath({})],
    [`${biggest.slug}, page 1`, preferredPath({ platform_id: String(biggest.id) })],
  ];
  const rows = await engineRows('SQLite', ctx.baseUrl, ctx.serverPid, paths, ctx.cookie);
  const twin = await startPostgresTwin(ctx, 'preferred');
  if (twin === null) {
    rows.push(['1G1R preferred only, PostgreSQL', 'skipped: BENCH_DATABASE_URL is not set']);
    return rows;
  }
  try {
    // The twin's first request of all pays for its start (routes compiled, statements planned).
    await httpGet(`${twin.baseUrl}/api/users/me`, { cookie: ctx.cookie });
    rows.push(...(await engineRows('PostgreSQL', twin.baseUrl, twin.pid, paths, ctx.cookie)));
  } finally {
    await twin.stop();
  }
  return rows;
}

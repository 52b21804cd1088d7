// @ts-check
/**
 * First (cold) requests, per engine: each URL asked once on a server that has kept nothing of
 * it (no page, order, count or answer), timed, with the server's CPU time for it. The CPU time
 * tells the server's own cost apart from waiting on a busy machine (printed with the load).
 */
import fs from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';

import { httpGet } from './http-get.mjs';
import { startPostgresTwin } from './postgres-twin.mjs';

export const COLD_TARGET_MS = 300;

/** CPU time (user + system) of a process so far, in ms, from its clock ticks of 10 ms. @param {number} pid */
function processCpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/**
 * Asks each path once on `baseUrl`; the slowest and the median, with the slowest one's CPU.
 * @param {string} baseUrl @param {number} pid @param {string[]} paths @param {string} cookie
 */
async function coldRun(baseUrl, pid, paths, cookie) {
  /** @type {{ path: string, ms: number, cpu: number }[]} */
  const runs = [];
  for (const path of paths) {
    const cpuBefore = processCpuMs(pid);
    const started = performance.now();
    const response = await httpGet(`${baseUrl}${path}`, { cookie });
    const ms = performance.now() - started;
    if (!response.ok) throw new Error(`HTTP ${response.status} for ${path}`);
    runs.push({ path, ms, cpu: processCpuMs(pid) - cpuBefore });
  }
  const slowest = runs.reduce((worst, run) => (run.ms > worst.ms ? run : worst));
  const missed = slowest.ms >= COLD_TARGET_MS ? ', MISSED' : '';
  return (
    `slowest ${slowest.ms.toFixed(0)} ms (${slowest.path}; server CPU ${slowest.cpu.toFixed(0)} ms), ` +
    `median ${median(runs.map((run) => run.ms)).toFixed(0)} ms ` +
    `(target < ${COLD_TARGET_MS} ms${missed}; ${runs.length} URLs; load ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')})`
  );
}

/**
 * One row per engine of the cold first requests of `paths` (the SQLite server's must not have
 * been asked yet; the PostgreSQL twin, started here on a copy, has kept nothing at all).
 * @param {import('./library.mjs').BenchContext} ctx @param {string} label @param {string[]} paths
 * @param {string} twinName
 * @returns {Promise<[string, string][]>}
 */
export async function coldRows(ctx, label, paths, twinName) {
  /** @type {[string, string][]} */
  const rows = [
    [
      `${label}, first (cold) request, SQLite`,
      await coldRun(ctx.baseUrl, ctx.serverPid, paths, ctx.cookie),
    ],
  ];
  const twin = await startPostgresTwin(ctx, twinName);
  if (twin === null) {
    rows.push([
      `${label}, first (cold) request, PostgreSQL`,
      'skipped: BENCH_DATABASE_URL is not set',
    ]);
    return rows;
  }
  try {
    // The twin's first request of all pays for its start (routes compiled, statements planned).
    await httpGet(`${twin.baseUrl}/api/users/me`, { cookie: ctx.cookie });
    rows.push([
      `${label}, first (cold) request, PostgreSQL`,
      await coldRun(twin.baseUrl, twin.pid, paths, ctx.cookie),
    ]);
  } finally {
    await twin.stop();
  }
  return rows;
}

// @ts-check
/**
 * Whole-platform zip figures: `GET /api/roms/download?platform_id=…` for the biggest platform
 * (23,079 Nintendo DS games in the 100,000-ROM library): how long until the response starts
 * (headers with the exact Content-Length, then the first bytes), how fast it streams, and the
 * server's resident memory sampled while it streams (flat: it must not grow with the bytes sent).
 */
import fs from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** Issue target: a 20,000-game platform's zip starts within 2 s. */
const START_TARGET_MS = 2000;

/** @param {number} pid @returns {number} bytes, from /proc/<pid>/status */
function rssOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? NaN) * 1024;
}

/** @param {number} bytes */
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Streams one URL to nowhere, timing the headers and the first body bytes and sampling the
 * server's memory every 50 ms until the end.
 * @param {string} url @param {string} cookie @param {number} pid
 */
function streamZip(url, cookie, pid) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    /** @type {number[]} */
    const samples = [rssOf(pid)];
    const sampler = setInterval(() => samples.push(rssOf(pid)), 50);
    const request = http.get(url, { headers: { cookie } }, (response) => {
      const headersMs = performance.now() - started;
      let firstByteMs = NaN;
      let bytes = 0;
      response.on('data', (chunk) => {
        if (bytes === 0) firstByteMs = performance.now() - started;
        bytes += chunk.length;
      });
      response.on('error', reject);
      response.on('end', () => {
        clearInterval(sampler);
        samples.push(rssOf(pid));
        resolve({
          status: response.statusCode ?? 0,
          announced: Number(response.headers['content-length'] ?? NaN),
          headersMs,
          firstByteMs,
          totalMs: performance.now() - started,
          bytes,
          samples,
        });
      });
    });
    request.on('error', (error) => {
      clearInterval(sampler);
      reject(error);
    });
  });
}

/**
 * @param {import('./library.mjs').BenchContext} context
 * @returns {Promise<[string, string][]>}
 */
export async function zipFigures(context) {
  const { baseUrl, cookie, serverPid, biggestPlatform } = context;
  const url = `${baseUrl}/api/roms/download?platform_id=${biggestPlatform.id}`;
  const run = await streamZip(url, cookie, serverPid);
  if (run.status !== 200) return [['platform zip', `HTTP ${run.status}`]];
  const { samples } = run;
  const quarter = Math.max(1, Math.floor(samples.length / 4));
  const early = Math.max(...samples.slice(0, quarter));
  const late = Math.max(...samples.slice(-quarter));
  const label = `platform zip, ${biggestPlatform.rom_count} games (${biggestPlatform.slug})`;
  return [
    [
      `${label}: start`,
      `headers ${run.headersMs.toFixed(0)} ms, first bytes ${run.firstByteMs.toFixed(0)} ms ` +
        `(target < ${START_TARGET_MS} ms)`,
    ],
    [
      `${label}: stream`,
      `${mib(run.bytes)} in ${(run.totalMs / 1000).toFixed(1)} s ` +
        `(${mib(run.bytes / (run.totalMs / 1000))}/s), Content-Length ` +
        `${run.announced === run.bytes ? 'exact' : `${run.announced} announced`}`,
    ],
    [
      `${label}: server RSS while streaming`,
      `before ${mib(samples[0] ?? NaN)}, peak of the first quarter ${mib(early)}, ` +
        `of the last quarter ${mib(late)} (target: flat, last <= first + 10%)`,
    ],
  ];
}

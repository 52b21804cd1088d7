// @ts-check
/**
 * Worker thread of the stall figures (stalls.mjs): asks the server's `GET /api/heartbeat` every
 * 50 ms, one request at a time, until told to stop, then posts every answer's time, latency and the
 * CPU time the server's main thread used meanwhile (Linux /proc, 10 ms ticks; null elsewhere).
 * On a loaded machine a heartbeat also waits for the processor: the CPU time tells what of a
 * stall was the server's own work. A thread of its own, so the bench's main thread (receiving
 * a scan's socket events) does not delay it.
 */
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';

import { httpGet } from './http-get.mjs';

const INTERVAL_MS = 50;
const { baseUrl, serverPid } = /** @type {{ baseUrl: string, serverPid: number }} */ (workerData);
const url = `${baseUrl}/api/heartbeat`;
/** Milliseconds per clock tick of /proc (USER_HZ, 100 on Linux). */
const TICK_MS = 10;

/** CPU milliseconds the server's main thread used so far, or null without /proc. */
function mainThreadCpuMs() {
  try {
    const stat = fs.readFileSync(`/proc/${serverPid}/task/${serverPid}/stat`, 'utf8');
    // Fields after the command name (in parentheses): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

/** @type {{ at: number, latency: number, cpu: number | null }[]} */
const heartbeats = [];
let running = true;

parentPort?.on('message', () => {
  running = false;
});

while (running) {
  const cpuBefore = mainThreadCpuMs();
  const started = performance.now();
  const response = await httpGet(url);
  if (!response.ok) throw new Error(`heartbeat: HTTP ${response.status}`);
  const latency = performance.now() - started;
  const cpuAfter = mainThreadCpuMs();
  heartbeats.push({
    at: Date.now(),
    latency,
    cpu: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
  });
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, INTERVAL_MS - latency)));
}
parentPort?.postMessage(heartbeats);

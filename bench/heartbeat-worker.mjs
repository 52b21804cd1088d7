// @ts-check
/**
 * Worker thread of the stall figures (stalls.mjs): asks the server's `GET /api/heartbeat` every
 * 50 ms, one request at a time, until told to stop, then posts every answer's latency. A thread
 * of its own, so the bench's main thread (receiving a scan's socket events) does not delay it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';

import { httpGet } from './http-get.mjs';

const INTERVAL_MS = 50;
const url = `${/** @type {{ baseUrl: string }} */ (workerData).baseUrl}/api/heartbeat`;
/** @type {number[]} */
const latencies = [];
let running = true;

parentPort?.on('message', () => {
  running = false;
});

while (running) {
  const started = performance.now();
  const response = await httpGet(url);
  if (!response.ok) throw new Error(`heartbeat: HTTP ${response.status}`);
  const latency = performance.now() - started;
  latencies.push(latency);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, INTERVAL_MS - latency)));
}
parentPort?.postMessage(latencies);

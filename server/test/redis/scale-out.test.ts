import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { ScanStats, TaskStatus } from '@romshelf/contract';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { Socket } from 'socket.io-client';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { REPO_ROOT } from '../../src/config/paths.js';
import { SCAN_QUEUE } from '../../src/modules/jobs/job-queues.js';
import { ADMIN, basic } from '../build-test-app.js';
import type { ReceivedEvent } from '../library-fixtures.js';
import { writeTree } from '../library-fixtures.js';

/**
 * Two real API processes and a worker on loopback, sharing one SQLite data folder and one real
 * Redis (ROMSHELF_TEST_REDIS_URL, started by .ci/run), as a scaled-out install runs them.
 */
const REDIS_URL = process.env.ROMSHELF_TEST_REDIS_URL;
const PORT_A = 4601;
const PORT_B = 4602;
const PLATFORMS = ['nes', 'snes', 'gba'];
const ROMS_PER_PLATFORM = 150;

interface Running {
  child: ChildProcessWithoutNullStreams;
  output: () => string;
}

const children: Running[] = [];
let root = '';
let dataDir = '';

/** Starts a built entry point and resolves once a line of its output matches `ready`. */
function startProcess(script: string, env: Record<string, string>, ready: RegExp) {
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'server', 'dist', script)], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      ROMSHELF_DATA_DIR: dataDir,
      REDIS_URL: REDIS_URL ?? '',
      HOST: '127.0.0.1',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
      SCAN_WORKERS: '1',
      ...env,
    },
  });
  let output = '';
  const running: Running = { child, output: () => output };
  children.push(running);
  return new Promise<Running>((resolve, reject) => {
    const seen = (chunk: string) => {
      output += chunk;
      if (ready.test(output)) resolve(running);
    };
    child.stdout.setEncoding('utf8').on('data', seen);
    child.stderr.setEncoding('utf8').on('data', seen);
    child.once('exit', (code) => {
      reject(new Error(`${script} exited (${String(code)}): ${output}`));
    });
  });
}

const startApi = (port: number) =>
  startProcess('main.js', { PORT: String(port) }, /RomShelf is running/);
const startWorker = (env: Record<string, string> = {}) =>
  startProcess('worker.js', env, /"msg":"worker ready"/);

const url = (port: number, route: string) => `http://127.0.0.1:${String(port)}${route}`;

/** Signs in on one process: the session cookie it sets works on every process. */
async function signIn(port: number): Promise<string> {
  const response = await fetch(url(port, '/api/login'), {
    method: 'POST',
    headers: { authorization: basic(ADMIN.username, ADMIN.password) },
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

const sockets: Socket[] = [];

async function connect(port: number, cookie: string): Promise<Socket> {
  const socket = io(url(port, ''), {
    path: '/ws/socket.io/',
    transports: ['websocket'],
    extraHeaders: { cookie },
    reconnection: false,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Every event a socket receives, in order. */
function record(socket: Socket): ReceivedEvent[] {
  const events: ReceivedEvent[] = [];
  socket.onAny((name: string, payload: unknown) => {
    events.push({ name, payload, at: Date.now() });
  });
  return events;
}

/** Resolves with the first event after now whose name is one of `names`. */
function next(socket: Socket, names: string[], timeoutMs: number): Promise<ReceivedEvent> {
  return new Promise((resolve, reject) => {
    const deadline = AbortSignal.timeout(timeoutMs);
    const onTimeout = () => {
      socket.offAny(listener);
      reject(new Error(`none of ${names.join(', ')} within ${String(timeoutMs)} ms`));
    };
    const listener = (name: string, payload: unknown) => {
      if (!names.includes(name)) return;
      deadline.removeEventListener('abort', onTimeout);
      socket.offAny(listener);
      resolve({ name, payload, at: Date.now() });
    };
    deadline.addEventListener('abort', onTimeout);
    socket.onAny(listener);
  });
}

function library(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const platform of PLATFORMS) {
    for (let index = 0; index < ROMS_PER_PLATFORM; index += 1) {
      files[`roms/${platform}/Game ${String(index)} (USA).bin`] = `${platform}-${String(index)}`;
    }
  }
  return files;
}

describe('several API processes and a worker sharing Redis', () => {
  let cookie = '';
  let redis: Redis | undefined;
  let scans: Queue | undefined;
  let worker: Running;
  const queued = () => {
    if (scans === undefined) throw new Error('no scan queue');
    return scans;
  };

  beforeAll(async () => {
    if (REDIS_URL === undefined || REDIS_URL === '') {
      throw new Error('ROMSHELF_TEST_REDIS_URL is not set (.ci/run starts a Redis and sets it)');
    }
    execFileSync(
      path.join(REPO_ROOT, 'node_modules', '.bin', 'tsc'),
      ['-b', 'contract', 'server'],
      {
        cwd: REPO_ROOT,
        stdio: 'pipe',
      },
    );
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    await redis.flushdb();
    scans = new Queue(SCAN_QUEUE, { connection: redis });
    root = mkdtempSync(path.join(tmpdir(), 'romshelf-redis-'));
    dataDir = path.join(root, 'data');
    writeTree(path.join(dataDir, 'library'), library());
    // The first process creates and migrates the database before the others open it.
    await startApi(PORT_A);
    const first = await fetch(url(PORT_A, '/api/users'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(first.status).toBe(201);
    [, worker] = await Promise.all([startApi(PORT_B), startWorker()]);
    cookie = await signIn(PORT_B);
  }, 180_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all(
      children.map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) {
              resolve();
              return;
            }
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    await scans?.close();
    await redis?.quit();
    if (root !== '') rmSync(root, { recursive: true, force: true });
  }, 60_000);

  it('shows a scan started on A to a socket on B, refuses a second one, and ends it', async () => {
    const onA = await connect(PORT_A, cookie);
    const onB = await connect(PORT_B, cookie);
    // B keeps the order of a searched list until a write, wherever it is made, moves it on.
    const foundOnB = async () => {
      const page = await fetch(url(PORT_B, '/api/roms?search_term=game&limit=1'), {
        headers: { cookie },
      });
      return ((await page.json()) as { total: number }).total;
    };
    expect(await foundOnB()).toBe(0);
    const seenOnB = record(onB);
    const firstPlatform = next(onB, ['scan:scanning_platform'], 30_000);
    const end = next(onB, ['scan:done'], 60_000);
    onA.emit('scan', { platforms: [], type: 'quick', apis: [] });
    await firstPlatform;

    const refusal = next(onB, ['scan:done_ko'], 10_000);
    onB.emit('scan', { platforms: [], type: 'quick', apis: [] });
    expect((await refusal).payload).toBe('A scan is already in progress');

    const stats = (await end).payload as ScanStats;
    expect(stats.new_roms).toBe(PLATFORMS.length * ROMS_PER_PLATFORM);
    expect(stats.scanned_platforms).toBe(PLATFORMS.length);
    const names = seenOnB.map((event) => event.name);
    const slugs = seenOnB
      .filter((event) => event.name === 'scan:scanning_platform')
      .map((event) => (event.payload as { fs_slug: string }).fs_slug);
    expect(slugs.sort()).toEqual([...PLATFORMS].sort());
    expect(names).toContain('scan:scanning_rom');
    expect(names).toContain('scan:update_stats');
    // The refusal was B's only scan:done_ko; the scan ended with one scan:done.
    expect(names.filter((name) => name === 'scan:done_ko')).toHaveLength(1);
    expect(names.filter((name) => name === 'scan:done')).toHaveLength(1);

    const roms = await fetch(url(PORT_A, '/api/roms?limit=1'), { headers: { cookie } });
    expect(((await roms.json()) as { total: number }).total).toBe(
      PLATFORMS.length * ROMS_PER_PLATFORM,
    );
    // The worker's writes reach B's kept lists through Redis (a message after the last batch).
    await expect.poll(foundOnB, { timeout: 10_000 }).toBe(PLATFORMS.length * ROMS_PER_PLATFORM);
  }, 120_000);

  it('stops through B the scan the worker runs for A', async () => {
    const onA = await connect(PORT_A, cookie);
    const onB = await connect(PORT_B, cookie);
    const firstPlatform = next(onA, ['scan:scanning_platform'], 30_000);
    const end = next(onA, ['scan:done', 'scan:done_ko'], 60_000);
    onA.emit('scan', { platforms: [], type: 'hashes', apis: [] });
    await firstPlatform;
    onB.emit('scan:stop');
    const stopped = await end;
    expect(stopped.name).toBe('scan:done');
    expect((stopped.payload as ScanStats).scanned_platforms).toBeLessThan(PLATFORMS.length);
  }, 90_000);

  it('runs a task started through B in the worker, its end seen on A and in the history', async () => {
    const onA = await connect(PORT_A, cookie);
    const end = next(onA, ['task:end'], 30_000);
    const response = await fetch(url(PORT_B, '/api/tasks/run/cleanup_missing_roms'), {
      method: 'POST',
      headers: { cookie, 'x-csrftoken': csrfOf(cookie), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(200);
    const queued = (await response.json()) as { task_id: string; status: string };
    expect(queued.status).toBe('queued');
    const ended = (await end).payload as TaskStatus;
    expect(ended).toMatchObject({ task_id: queued.task_id, status: 'finished' });
    const history = await fetch(url(PORT_A, `/api/tasks/${queued.task_id}`), {
      headers: { cookie },
    });
    expect(((await history.json()) as TaskStatus).status).toBe('finished');
  }, 60_000);

  it('exchanges on B a pairing code made on A, once', async () => {
    const json = { cookie, 'x-csrftoken': csrfOf(cookie), 'content-type': 'application/json' };
    const created = await fetch(url(PORT_A, '/api/client-tokens'), {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'Handheld', scopes: ['roms.read'] }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const paired = await fetch(url(PORT_A, `/api/client-tokens/${String(id)}/pair`), {
      method: 'POST',
      headers: json,
    });
    const { code } = (await paired.json()) as { code: string };
    const status = await fetch(url(PORT_B, `/api/client-tokens/pair/${code}/status`));
    expect(status.status).toBe(200);
    const exchange = () =>
      fetch(url(PORT_B, '/api/client-tokens/exchange'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
      });
    const first = await exchange();
    expect(first.status).toBe(200);
    expect((await first.json()) as { id: number }).toMatchObject({ id });
    expect((await exchange()).status).toBe(404);
  }, 60_000);

  it('throttles on B the password guessing done on A', async () => {
    const attempt = (port: number, username: string) =>
      fetch(url(port, '/api/login'), {
        method: 'POST',
        headers: { authorization: basic(username, 'wrong') },
      });
    // Twenty failures from one address (distinct names, so no per-name delay comes first).
    for (let index = 0; index < 20; index += 1) {
      expect((await attempt(PORT_A, `guesser${String(index)}`)).status).toBe(401);
    }
    const throttled = await attempt(PORT_B, 'someone-else');
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(500);
  }, 60_000);

  it('puts the scan of a killed worker back in the queue; the next worker ends it', async () => {
    const onA = await connect(PORT_A, cookie);
    const onB = await connect(PORT_B, cookie);
    const firstPlatform = next(onB, ['scan:scanning_platform'], 30_000);
    onA.emit('scan', { platforms: [], type: 'hashes', apis: [] });
    await firstPlatform;
    const killed = new Promise((resolve) => worker.child.once('exit', resolve));
    worker.child.kill('SIGKILL');
    await killed;
    expect(await queued().getJobCounts('active')).toEqual({ active: 1 });

    const end = next(onB, ['scan:done', 'scan:done_ko'], 90_000);
    worker = await startWorker();
    const done = await end;
    expect(done.name).toBe('scan:done');
    expect((done.payload as ScanStats).scanned_platforms).toBe(PLATFORMS.length);
    // scan:done is sent from inside the job; BullMQ records its end just after.
    await expect
      .poll(() => queued().getJobCounts('active', 'waiting'), { timeout: 10_000 })
      .toEqual({ active: 0, waiting: 0 });

    // Nothing is left running: the next scan is accepted and ends.
    const again = next(onB, ['scan:done', 'scan:done_ko'], 60_000);
    onB.emit('scan', { platforms: [], type: 'quick', apis: [] });
    expect((await again).name).toBe('scan:done');
  }, 150_000);

  it('fails the scan visibly when its worker dies again after the retry', async () => {
    const onA = await connect(PORT_A, cookie);
    const onB = await connect(PORT_B, cookie);
    const killMidScan = async () => {
      const killed = new Promise((resolve) => worker.child.once('exit', resolve));
      worker.child.kill('SIGKILL');
      await killed;
    };
    let platformSeen = next(onB, ['scan:scanning_platform'], 30_000);
    onA.emit('scan', { platforms: [], type: 'hashes', apis: [] });
    await platformSeen;
    await killMidScan();
    // The next worker takes the scan up again; it dies too.
    platformSeen = next(onB, ['scan:scanning_platform'], 90_000);
    worker = await startWorker();
    await platformSeen;
    await killMidScan();

    const end = next(onB, ['scan:done', 'scan:done_ko'], 90_000);
    worker = await startWorker();
    const failed = await end;
    expect(failed).toMatchObject({
      name: 'scan:done_ko',
      payload: 'The scan failed: the worker running it stopped before it ended',
    });
    await expect
      .poll(() => queued().getJobCounts('active', 'waiting', 'failed'), { timeout: 10_000 })
      .toEqual({ active: 0, waiting: 0, failed: 1 });
  }, 240_000);

  it('runs each due time of a schedule once, however many workers fire it', async () => {
    const onA = await connect(PORT_A, cookie);
    const ends: TaskStatus[] = [];
    onA.on('task:end', (status: TaskStatus) => {
      if (status.task_key === 'convert_images_to_webp') ends.push(status);
    });
    const stopped = new Promise((resolve) => worker.child.once('exit', resolve));
    worker.child.kill('SIGTERM');
    await stopped;
    const everySecond = {
      ENABLE_SCHEDULED_CONVERT_IMAGES_TO_WEBP: 'true',
      SCHEDULED_CONVERT_IMAGES_TO_WEBP_CRON: '* * * * * *',
    };
    const workers = await Promise.all([startWorker(everySecond), startWorker(everySecond)]);
    [worker] = workers;
    await expect.poll(() => ends.length, { timeout: 30_000, interval: 100 }).toBeGreaterThan(4);

    // Each run is named after its due second: both workers fired every one of them.
    const ids = ends.map((status) => status.task_id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const status of ends) {
      expect(status).toMatchObject({ trigger: 'scheduled', status: 'finished' });
      expect(status.task_id).toMatch(/^convert_images_to_webp@\d+$/);
    }
  }, 90_000);
});

function csrfOf(cookie: string): string {
  return /romm_csrftoken=([^;]+)/.exec(cookie)?.[1] ?? '';
}

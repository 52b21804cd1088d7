// @ts-check
/**
 * Library benchmarks (issue 3): scan ingest, hashing, unchanged rescan and ROM list/search
 * latency at 100,000 ROMs. Used by run.mjs against the real built server; prints figures only.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

import Database from 'better-sqlite3';
import { io } from 'socket.io-client';

import { romSearchText } from '../server/dist/lib/search-text.js';
import { HashPool } from '../server/dist/modules/hashing/hash-pool.js';
import { nameSortKey, parseRomFileName } from '../server/dist/modules/roms/rom-filename.js';
import { INDEX_ROMS_FOR_SEARCH_SQL } from '../server/dist/modules/roms/rom-search-index.js';

export const PLATFORM_SLUGS = [
  'nes',
  'snes',
  'n64',
  'gb',
  'gbc',
  'gba',
  'nds',
  'genesis',
  'sms',
  'gamegear',
  'psx',
  'ps2',
  'psp',
  'saturn',
  'dc',
  'tg16',
  'atari2600',
  'lynx',
  'ngc',
  'wii',
];
const WORDS = (
  'super mario zelda sonic metroid castlevania final fantasy dragon quest street fighter mega ' +
  'man kirby pokemon donkey kong star fox wars tetris pac bomberman contra ninja gaiden double ' +
  'racing soccer tennis golf puzzle legend adventure island world chronicles tales quest ' +
  'knights shadow storm thunder pokémon édition crystal'
).split(' ');
const TAGS = [
  '(USA)',
  '(Europe)',
  '(Japan)',
  '(USA, Europe)',
  '(World)',
  '(En,Fr,De)',
  '(Rev 1)',
  '[!]',
];

/** Deterministic pseudo-random numbers, so every run measures the same data. */
function makeRandom(seed = 12345) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

/** @param {() => number} random */
function romName(random, index) {
  const words = 2 + Math.floor(random() * 3);
  const title = Array.from({ length: words }, () => WORDS[Math.floor(random() * WORDS.length)]);
  const word = title.map((part) => (part ?? 'x').charAt(0).toUpperCase() + (part ?? 'x').slice(1));
  const tag = TAGS[Math.floor(random() * TAGS.length)] ?? '';
  return `${word.join(' ')} ${index} ${tag}`;
}

/** @param {number[]} samples @param {number} fraction */
function percentile(samples, fraction) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? NaN;
}

/** Writes `count` small ROM files spread over the platforms; returns the seconds it took. */
export function generateLibrary(libraryDir, count) {
  const random = makeRandom(7);
  for (const slug of PLATFORM_SLUGS)
    fs.mkdirSync(path.join(libraryDir, 'roms', slug), { recursive: true });
  for (let index = 0; index < count; index += 1) {
    const slug = PLATFORM_SLUGS[index % PLATFORM_SLUGS.length] ?? 'nes';
    const size = 1024 + Math.floor(random() * 7 * 1024);
    const content = randomBytes(size);
    fs.writeFileSync(path.join(libraryDir, 'roms', slug, `${romName(random, index)}.bin`), content);
  }
}

/** Writes a 1 GiB file from a repeated 1 MiB random block. */
export function generateBigFile(file) {
  const block = randomBytes(1024 * 1024);
  const fd = fs.openSync(file, 'w');
  try {
    for (let index = 0; index < 1024; index += 1) fs.writeSync(fd, block);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Runs one scan through the socket protocol and resolves with its final stats and duration.
 * @param {string} baseUrl @param {string} cookie @param {Record<string, unknown>} request
 */
export function socketScan(baseUrl, cookie, request) {
  return new Promise((resolve, reject) => {
    const socket = io(baseUrl, {
      path: '/ws/socket.io/',
      transports: ['websocket'],
      extraHeaders: { cookie },
      reconnection: false,
    });
    let started = 0;
    socket.on('connect', () => {
      started = performance.now();
      socket.emit('scan', { platforms: [], type: 'quick', apis: [], ...request });
    });
    socket.on('connect_error', reject);
    socket.on('scan:done', (stats) => {
      const seconds = (performance.now() - started) / 1000;
      socket.disconnect();
      resolve({ stats, seconds });
    });
    socket.on('scan:done_ko', (reason) => {
      socket.disconnect();
      reject(new Error(`scan failed: ${String(reason)}`));
    });
  });
}

/** MB/s of md5sum and of the hashing pool (one pass, and split over two workers). */
export async function hashingFigures(file, workers) {
  const size = fs.statSync(file).size;
  const mb = size / 1e6;
  const rows = [];
  execFileSync('md5sum', [file]); // warm the page cache
  let started = performance.now();
  execFileSync('md5sum', [file]);
  const md5sum = mb / ((performance.now() - started) / 1000);
  rows.push(['md5sum (coreutils), 1 GiB in page cache', `${md5sum.toFixed(0)} MB/s`]);

  const pool = new HashPool(workers);
  try {
    started = performance.now();
    await pool.run({ paths: [file], algorithms: ['crc32', 'md5', 'sha1'], combined: false });
    const onePass = mb / ((performance.now() - started) / 1000);
    rows.push([
      'crc32+md5+sha1, one pass on one worker',
      `${onePass.toFixed(0)} MB/s (${(onePass / md5sum).toFixed(2)}x md5sum)`,
    ]);
    started = performance.now();
    await pool.hashFile(file, size);
    const split = mb / ((performance.now() - started) / 1000);
    rows.push([
      `crc32+md5+sha1, pool of ${workers} (md5 ‖ sha1+crc32)`,
      `${split.toFixed(0)} MB/s (${(split / md5sum).toFixed(2)}x md5sum; target >= 0.9x)`,
    ]);
  } finally {
    await pool.close();
  }
  return { rows, md5sum, mb };
}

/**
 * Adds synthetic ROMs (and one file each) to a stopped server's database until it holds
 * `total` ROMs, through the same columns the scan writes.
 */
export function seedDatabase(dbFile, total) {
  const db = new Database(dbFile);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  const existing = /** @type {{n: number}} */ (db.prepare('SELECT count(*) AS n FROM rom').get()).n;
  const platforms = /** @type {{id: number, fs_slug: string}[]} */ (
    db.prepare('SELECT id, fs_slug FROM platform ORDER BY id').all()
  );
  const insertRom = db.prepare(`INSERT INTO rom (platform_id, fs_name, fs_name_no_tags,
    fs_name_no_ext, fs_extension, fs_path, fs_size_bytes, fs_mtime_ms, kind, name, name_sort_key,
    search_text, regions, languages, tags, revision, crc_hash, md5_hash, sha1_hash, created_at,
    updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'file', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertFile = db.prepare(`INSERT INTO rom_file (rom_id, file_name, file_path,
    file_size_bytes, mtime_ms, last_modified, crc_hash, md5_hash, sha1_hash, category,
    is_top_level, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'game', 1, ?, ?)`);
  const random = makeRandom(99);
  const now = new Date().toISOString().replace(/Z$/, '+00:00');
  const started = performance.now();
  /** @type {number[]} */
  const inserted = [];
  db.transaction(() => {
    for (let index = existing; index < total; index += 1) {
      const platform = platforms[index % platforms.length];
      if (platform === undefined) throw new Error('no platforms to seed');
      const fileName = `${romName(random, index)}.bin`;
      const parsed = parseRomFileName(fileName);
      const name = parsed.fs_name_no_tags;
      const hex = (length) => randomBytes(length / 2).toString('hex');
      const size = 1024 + Math.floor(random() * 1e7);
      const romPath = `roms/${platform.fs_slug}`;
      const { lastInsertRowid } = insertRom.run(
        platform.id,
        fileName,
        parsed.fs_name_no_tags,
        parsed.fs_name_no_ext,
        parsed.fs_extension,
        romPath,
        size,
        Date.now(),
        name,
        nameSortKey(name),
        romSearchText(name, parsed.fs_name_no_tags),
        JSON.stringify(parsed.regions),
        JSON.stringify(parsed.languages),
        JSON.stringify(parsed.tags),
        parsed.revision || null,
        hex(8),
        hex(32),
        hex(40),
        now,
        now,
      );
      inserted.push(Number(lastInsertRowid));
      insertFile.run(
        lastInsertRowid,
        fileName,
        romPath,
        size,
        Date.now(),
        now,
        hex(8),
        hex(32),
        hex(40),
        now,
        now,
      );
    }
    db.prepare(INDEX_ROMS_FOR_SEARCH_SQL).run(JSON.stringify(inserted));
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return { inserted: total - existing, seconds: (performance.now() - started) / 1000 };
}

/**
 * Sequential latency of GET requests (each URL of the list in turn), with a warm-up round.
 * @param {string} label @param {string[]} urls @param {string} cookie @param {number} count
 * @param {string} target
 */
export async function measureGets(label, urls, cookie, count, target) {
  const send = async (url) => {
    const response = await fetch(url, { headers: { cookie } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${label}: HTTP ${response.status} for ${url}`);
  };
  for (const url of urls) await send(url);
  const samples = [];
  for (let index = 0; index < count; index += 1) {
    const url = urls[index % urls.length] ?? '';
    const started = performance.now();
    await send(url);
    samples.push(performance.now() - started);
  }
  return [
    label,
    `p50 ${percentile(samples, 0.5).toFixed(2)} ms, p95 ${percentile(samples, 0.95).toFixed(2)} ms (${count} requests; target p95 < ${target})`,
  ];
}

/** One request's latency, for cold (uncached) figures. @param {string} url @param {string} cookie */
export async function timeOnce(url, cookie) {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
  return performance.now() - started;
}

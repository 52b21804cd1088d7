// @ts-check
/**
 * Verification against DATs at library scale: `node bench/dat-verify.mjs` (after
 * `npm run build`). A fresh SQLite database holds a 100,000-ROM library as a scan stores it
 * (one file per game with its crc32/md5/sha1; one game in five zipped, verified by its member's
 * crc32; one in a hundred a three-track disc) under real No-Intro names, and full-size Logiqx
 * DATs per platform: an entry for every game of the library (one in twenty under another
 * name, one in fifty a bad dump no entry matches) plus as many entries again for games the
 * library lacks. The built verification engine then verifies every platform in this process
 * while the event loop's longest stall is measured; then, as after a scan, the 500 games
 * changed since. Prints figures beside their targets only; the database is removed at the end.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

import SqliteDatabase from 'better-sqlite3';

import { migrateToLatest, openDatabase } from '../server/dist/db/database.js';
import { DatVerificationRepository } from '../server/dist/modules/dat-verification/dat-verification.repository.js';
import { DatVerificationService } from '../server/dist/modules/dat-verification/dat-verification.service.js';
import { NAMES_FILE } from './library.mjs';

const ROMS = Number(process.env.BENCH_LIBRARY_ROMS ?? 100_000);
const CHANGED = 500;
const STAMP = '2026-12-04T00:00:00.000Z';

/** @param {number} value @param {number} width */
const hex = (value, width) =>
  (value >>> 0)
    .toString(16)
    .padStart(8, '0')
    .repeat(width / 8);

/** Distinct deterministic hashes per file number (and per DAT entry of a missing game). */
function hashesOf(/** @type {number} */ n) {
  const a = Math.imul(n, 2654435761);
  const b = Math.imul(n ^ 0x5bd1e995, 40503);
  return {
    crc: hex(a, 8),
    md5: hex(a, 8) + hex(b, 8) + hex(n, 8) + hex(a ^ b, 8),
    sha1: hex(b, 8) + hex(a, 8) + hex(n, 8) + hex(a ^ n, 8) + hex(b ^ n, 8),
  };
}

/** @returns {Map<string, string[]>} the real file names per platform folder */
function readNames() {
  /** @type {Map<string, string[]>} */
  const byPlatform = new Map();
  for (const line of fs.readFileSync(NAMES_FILE, 'utf8').split('\n').slice(1)) {
    const [platform, name] = line.split('\t');
    if (!platform || !name) continue;
    byPlatform.set(platform, [...(byPlatform.get(platform) ?? []), name]);
  }
  return byPlatform;
}

/** A name of the platform's list, made unique past its end ("… (Copy 3).nes"). */
function nameAt(/** @type {string[]} */ names, /** @type {number} */ index) {
  const base = names[index % names.length] ?? 'Game.bin';
  const round = Math.floor(index / names.length);
  if (round === 0) return base;
  const dot = base.lastIndexOf('.');
  return `${base.slice(0, dot)} (Copy ${String(round)})${base.slice(dot)}`;
}

/**
 * Writes the library and the DATs straight into the migrated database, in one transaction.
 * @param {string} file
 */
function fill(file) {
  const names = readNames();
  const platforms = [...names.keys()].sort();
  const weight = platforms.reduce((sum, slug) => sum + (names.get(slug)?.length ?? 0), 0);
  const sqlite = new SqliteDatabase(file);
  const insertPlatform = sqlite.prepare(`INSERT INTO platform (slug, fs_slug, name, created_at,
    updated_at) VALUES (?, ?, ?, '${STAMP}', '${STAMP}')`);
  const insertRom = sqlite.prepare(`INSERT INTO rom (platform_id, fs_name, fs_name_no_tags,
    fs_name_no_ext, fs_extension, fs_path, fs_size_bytes, fs_mtime_ms, kind, name_sort_key,
    search_text, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?, '', '${STAMP}',
    '${STAMP}')`);
  const insertFile = sqlite.prepare(`INSERT INTO rom_file (rom_id, file_name, file_path,
    file_size_bytes, mtime_ms, crc_hash, md5_hash, sha1_hash, category, archive_members,
    is_top_level, created_at, updated_at) VALUES (?, ?, ?, ?, 1, ?, ?, ?, NULL, ?, 1,
    '${STAMP}', '${STAMP}')`);
  const insertDat = sqlite.prepare(`INSERT INTO dat (platform_id, name, description, version,
    header_name, format, source, file_name, file_size_bytes, game_count, rom_count,
    imported_at) VALUES (?, ?, ?, '20261204', ?, 'logiqx', 'upload', 'set.dat', 0, ?, ?,
    '${STAMP}')`);
  const insertGame = sqlite.prepare('INSERT INTO dat_game (dat_id, name) VALUES (?, ?)');
  const insertEntry = sqlite.prepare(`INSERT INTO dat_rom (dat_id, dat_game_id, name, size,
    crc32, md5, sha1) VALUES (?, ?, ?, ?, ?, ?, ?)`);
  let fileNumber = 0;
  let entries = 0;
  let games = 0;
  sqlite.transaction(() => {
    let placed = 0;
    for (const [index, slug] of platforms.entries()) {
      const list = names.get(slug) ?? [];
      const count =
        index === platforms.length - 1 ? ROMS - placed : Math.round((ROMS * list.length) / weight);
      placed += count;
      const platformId = Number(insertPlatform.run(slug, slug, slug).lastInsertRowid);
      const datId = Number(
        insertDat.run(platformId, `No-Intro ${slug}`, slug, `No-Intro ${slug}`, count * 2, 0)
          .lastInsertRowid,
      );
      const addEntry = (
        /** @type {number} */ gameId,
        /** @type {string} */ name,
        /** @type {number} */ n,
      ) => {
        const { crc, md5, sha1 } = hashesOf(n);
        insertEntry.run(datId, gameId, name, 1000 + (n % 5000), crc, md5, sha1);
        entries += 1;
      };
      for (let game = 0; game < count * 2; game += 1) {
        const setName = nameAt(list, game);
        const stem = setName.slice(0, setName.lastIndexOf('.'));
        const gameId = Number(insertGame.run(datId, stem).lastInsertRowid);
        games += 1;
        const disc = game % 100 === 7;
        const tracks = disc
          ? [`${stem}.cue`, `${stem} (Track 1).bin`, `${stem} (Track 2).bin`]
          : [setName];
        const numbers = tracks.map(() => (fileNumber += 1));
        // The set's games the library lacks: entries only.
        if (game >= count) {
          tracks.forEach((track, at) => addEntry(gameId, track, (numbers[at] ?? 0) + 10_000_000));
          continue;
        }
        const badDump = game % 50 === 3 || game % 200 === 7;
        const renamed = game % 20 === 11;
        const zipped = !disc && game % 5 === 2;
        const fsName = disc
          ? stem
          : zipped
            ? `${stem}.zip`
            : renamed
              ? `copy of ${setName}`
              : setName;
        const romId = Number(
          insertRom.run(
            platformId,
            fsName,
            stem,
            stem,
            disc ? '' : path.extname(fsName).slice(1),
            `roms/${slug}`,
            1000,
            disc ? 'multi' : 'file',
            stem.toLowerCase(),
          ).lastInsertRowid,
        );
        tracks.forEach((track, at) => {
          const n = numbers[at] ?? 0;
          // A bad dump (a file, or a disc's last track): the set's entry has other hashes.
          const bad = badDump && at === tracks.length - 1;
          addEntry(gameId, track, bad ? n + 30_000_000 : n);
          const { crc, md5, sha1 } = hashesOf(n);
          const size = 1000 + (n % 5000);
          if (zipped) {
            const members = JSON.stringify([
              { name: track, size, crc_hash: crc, md5_hash: null, sha1_hash: null },
            ]);
            const own = hashesOf(n + 20_000_000);
            insertFile.run(
              romId,
              fsName,
              `roms/${slug}`,
              size / 2,
              own.crc,
              own.md5,
              own.sha1,
              members,
            );
          } else {
            insertFile.run(
              romId,
              disc ? track : fsName,
              disc ? `roms/${slug}/${stem}` : `roms/${slug}`,
              size,
              crc,
              md5,
              sha1,
              null,
            );
          }
        });
      }
    }
  })();
  sqlite.close();
  return { platforms: platforms.length, games, entries };
}

/** Runs `work` while the event loop's stalls are measured (longest and p99, ms). */
async function measured(/** @type {() => Promise<unknown>} */ work) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 20);
  delay.enable();
  const started = performance.now();
  const cpu = process.cpuUsage();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  delay.disable();
  clearInterval(sampler);
  return {
    result,
    seconds,
    longestMs: delay.max / 1e6,
    p99Ms: delay.percentile(99) / 1e6,
    peakRssMiB: peakRss / 1024 / 1024,
    cpuSeconds: (used.user + used.system) / 1e6,
  };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'romshelf-bench-dats-'));
try {
  const db = openDatabase(dir);
  await migrateToLatest(db);
  const filling = performance.now();
  const library = fill(path.join(dir, 'romshelf.db'));
  console.log(
    `library: ${ROMS} games on ${library.platforms} platforms, ${library.games} DAT games, ` +
      `${library.entries} DAT entries (filled in ${((performance.now() - filling) / 1000).toFixed(1)} s)`,
  );
  const engine = new DatVerificationService(new DatVerificationRepository(db), {
    wrote: () => undefined,
  });
  const full = await measured(() => engine.verify(null, { full: true }));
  console.log(`full verification: ${JSON.stringify(full.result)}`);
  console.log(
    `  ${full.seconds.toFixed(1)} s (target < 30 s); event loop: longest stall ` +
      `${full.longestMs.toFixed(0)} ms, p99 ${full.p99Ms.toFixed(0)} ms (target: no stall > 50 ms); ` +
      `peak RSS ${full.peakRssMiB.toFixed(0)} MiB; CPU ${full.cpuSeconds.toFixed(1)} s; ` +
      `load average ${os.loadavg()[0]?.toFixed(1) ?? '?'} on ${os.cpus().length} cores ` +
      '(stalls are wall-clock: a loaded machine lengthens them)',
  );
  const later = new Date(Date.parse(STAMP) + 86_400_000).toISOString();
  await db.updateTable('rom').set({ updated_at: later }).where('id', '<=', CHANGED).execute();
  await db
    .updateTable('dat_verification')
    .set({ verified_at: new Date(Date.parse(STAMP) + 3_600_000).toISOString() })
    .execute();
  const changed = await measured(() => engine.verify(null, { full: false }));
  console.log(
    `after a scan (${CHANGED} changed games): ${changed.seconds.toFixed(1)} s, ` +
      `${JSON.stringify(changed.result)}; longest stall ${changed.longestMs.toFixed(0)} ms`,
  );
  await db.destroy();
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}

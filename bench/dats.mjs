// @ts-check
/**
 * DAT import (issue 38): Logiqx DATs of full No-Intro size built from the bench library's own
 * files (their real names, sizes and hashes) plus as many entries again that the library lacks
 * (real No-Intro names from the sample, with made-up hashes), and one 60 MB DAT the size of a
 * large Redump set. Each is uploaded to the running server; the figures are import time and
 * the server's memory while it imports, beside their targets.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

import Database from 'better-sqlite3';

import { NAMES_FILE } from './library.mjs';

/** Targets: the whole No-Intro-size set imported, the 60 MB DAT, and memory growth. */
const TARGETS = { allSeconds: 60, bigSeconds: 30, memoryMiB: 64 };
const BIG_DAT_BYTES = 60 * 1024 * 1024;

/** No-Intro's header names of the bench platforms (the binding reads them). */
const HEADER_NAMES = /** @type {Record<string, string>} */ ({
  nes: 'Nintendo - Nintendo Entertainment System (Headered)',
  snes: 'Nintendo - Super Nintendo Entertainment System',
  n64: 'Nintendo - Nintendo 64 (BigEndian)',
  gb: 'Nintendo - Game Boy',
  gbc: 'Nintendo - Game Boy Color',
  gba: 'Nintendo - Game Boy Advance',
  nds: 'Nintendo - Nintendo DS (Decrypted)',
  genesis: 'Sega - Mega Drive - Genesis',
  sms: 'Sega - Master System - Mark III',
  gamegear: 'Sega - Game Gear',
  c64: 'Commodore - Commodore 64',
  msx: 'Microsoft - MSX',
  atari2600: 'Atari - 2600',
  atari7800: 'Atari - 7800',
  lynx: 'Atari - Lynx',
  tg16: 'NEC - PC Engine - TurboGrafx-16',
  fds: 'Nintendo - Family Computer Disk System (FDS)',
  'wonderswan-color': 'Bandai - WonderSwan Color',
  wonderswan: 'Bandai - WonderSwan',
  sega32: 'Sega - 32X',
  colecovision: 'Coleco - ColecoVision',
  'neo-geo-pocket-color': 'SNK - NeoGeo Pocket Color',
  virtualboy: 'Nintendo - Virtual Boy',
  vectrex: 'GCE - Vectrex',
});

/** @param {string} text */
const xml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** @param {string} seed @param {string} algorithm */
const fakeHash = (seed, algorithm) => createHash(algorithm).update(seed).digest('hex');

/** @param {string} name @param {number} size @param {{ crc: string, md5: string, sha1: string }} hashes */
function gameXml(name, size, hashes) {
  const stem = name.replace(/\.[^.]+$/, '');
  return (
    `\t<game name="${xml(stem)}">\n\t\t<description>${xml(stem)}</description>\n` +
    `\t\t<rom name="${xml(name)}" size="${String(size)}" crc="${hashes.crc}" md5="${hashes.md5}" sha1="${hashes.sha1}"/>\n\t</game>\n`
  );
}

/** @param {string} seed */
function madeUpHashes(seed) {
  return {
    crc: fakeHash(seed, 'md5').slice(0, 8),
    md5: fakeHash(seed, 'md5'),
    sha1: fakeHash(seed, 'sha1'),
  };
}

/** @param {string} headerName */
function headerXml(headerName) {
  return (
    '<?xml version="1.0"?>\n<datafile>\n\t<header>\n' +
    `\t\t<name>${xml(headerName)}</name>\n\t\t<description>${xml(headerName)}</description>\n` +
    '\t\t<version>20261201-000000</version>\n\t\t<author>RomShelf bench</author>\n\t</header>\n'
  );
}

/** @returns {Map<string, string[]>} real names by platform */
function sampleNames() {
  /** @type {Map<string, string[]>} */
  const names = new Map();
  for (const line of fs.readFileSync(NAMES_FILE, 'utf8').split('\n').slice(1)) {
    const [platform, name] = line.split('\t');
    if (!platform || !name) continue;
    names.set(platform, [...(names.get(platform) ?? []), name]);
  }
  return names;
}

/**
 * One DAT per platform: its files, then as many missing games (sample names, numbered).
 * @param {string} dataDir @param {string} folder @returns {{ file: string, games: number }[]}
 */
function writePlatformDats(dataDir, folder) {
  const db = new Database(path.join(dataDir, 'romshelf.db'), { readonly: true });
  const rows =
    /** @type {{ slug: string, name: string, size: number, crc: string, md5: string, sha1: string }[]} */ (
      db
        .prepare(
          `SELECT p.slug AS slug, f.file_name AS name, f.file_size_bytes AS size,
          f.crc_hash AS crc, f.md5_hash AS md5, f.sha1_hash AS sha1
         FROM rom_file f JOIN rom r ON r.id = f.rom_id JOIN platform p ON p.id = r.platform_id
         WHERE f.crc_hash IS NOT NULL ORDER BY p.slug, f.id`,
        )
        .all()
    );
  db.close();
  const names = sampleNames();
  /** @type {Map<string, typeof rows>} */
  const bySlug = new Map();
  for (const row of rows) bySlug.set(row.slug, [...(bySlug.get(row.slug) ?? []), row]);
  const dats = [];
  for (const [slug, files] of bySlug) {
    const file = path.join(folder, `${slug}.dat`);
    const out = fs.openSync(file, 'w');
    fs.writeSync(out, headerXml(HEADER_NAMES[slug] ?? `RomShelf bench - ${slug}`));
    for (const row of files) fs.writeSync(out, gameXml(row.name, row.size, row));
    const pool = names.get(slug) ?? [`${slug} game (World).bin`];
    for (let index = 0; index < files.length; index += 1) {
      const real = pool[index % pool.length] ?? 'Game (World).bin';
      const name = real.replace(/(\.[^.]+)$/, ` (Missing ${String(index + 1)})$1`);
      fs.writeSync(out, gameXml(name, 1024 + index, madeUpHashes(`${slug}-${String(index)}`)));
    }
    fs.writeSync(out, '</datafile>\n');
    fs.closeSync(out);
    dats.push({ file, games: files.length * 2 });
  }
  return dats;
}

/** A 60 MB Logiqx DAT of multi-track games, the size of a large Redump set. @param {string} file */
function writeBigDat(file) {
  const out = fs.openSync(file, 'w');
  fs.writeSync(out, headerXml('Sony - PlayStation'));
  let written = 0;
  let games = 0;
  while (written < BIG_DAT_BYTES) {
    const stem = `Bench Disc ${String(games)} (USA)`;
    let game = `\t<game name="${stem}">\n\t\t<category>Games</category>\n\t\t<description>${stem}</description>\n`;
    for (let track = 1; track <= 4; track += 1) {
      const hashes = madeUpHashes(`${stem}-${String(track)}`);
      game += `\t\t<rom name="${stem} (Track ${String(track)}).bin" size="${String(1_000_000 + track)}" crc="${hashes.crc}" md5="${hashes.md5}" sha1="${hashes.sha1}"/>\n`;
    }
    game += '\t</game>\n';
    written += fs.writeSync(out, game);
    games += 1;
  }
  fs.writeSync(out, '</datafile>\n');
  fs.closeSync(out);
  return games;
}

/** The server's resident memory in bytes (Linux). @param {number} pid */
function residentBytes(pid) {
  const status = fs.readFileSync(`/proc/${String(pid)}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) * 1024 : NaN;
}

/** The server's CPU time in seconds, user and system (Linux, 100 ticks a second). @param {number} pid */
function cpuSeconds(pid) {
  const fields =
    fs
      .readFileSync(`/proc/${String(pid)}/stat`, 'utf8')
      .split(') ')[1]
      ?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Uploads one DAT and samples the server's memory while it imports.
 * @param {import('./library.mjs').BenchContext} ctx @param {string} file
 */
async function timedImport(ctx, file) {
  const before = residentBytes(ctx.serverPid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentBytes(ctx.serverPid));
  }, 25);
  const body = new FormData();
  body.append('file', new Blob([fs.readFileSync(file)]), path.basename(file));
  const started = performance.now();
  const cpuBefore = cpuSeconds(ctx.serverPid);
  const response = await fetch(`${ctx.baseUrl}/api/dats`, {
    method: 'POST',
    headers: { authorization: ctx.basic },
    body,
  });
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuSeconds(ctx.serverPid) - cpuBefore;
  clearInterval(sampler);
  if (response.status !== 201) throw new Error(`DAT import: HTTP ${String(response.status)}`);
  const dat = /** @type {{ game_count: number, rom_count: number }} */ (await response.json());
  return { seconds, cpu, growth: peak - before, dat };
}

/** The 1, 5 and 15 minute load averages: a loaded machine lengthens the wall-clock times. */
const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');

/** @param {number} bytes */
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/**
 * @param {import('./library.mjs').BenchContext} ctx
 * @returns {Promise<[string, string][]>}
 */
export async function datFigures(ctx) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'romshelf-bench-dats-'));
  try {
    const dats = writePlatformDats(ctx.dataDir, folder);
    let seconds = 0;
    let cpu = 0;
    let growth = 0;
    let games = 0;
    let roms = 0;
    for (const { file } of dats) {
      const figures = await timedImport(ctx, file);
      seconds += figures.seconds;
      cpu += figures.cpu;
      growth = Math.max(growth, figures.growth);
      games += figures.dat.game_count;
      roms += figures.dat.rom_count;
    }
    const bigFile = path.join(folder, 'Sony - PlayStation.dat');
    writeBigDat(bigFile);
    const big = await timedImport(ctx, bigFile);
    const bigSize = fs.statSync(bigFile).size;
    return [
      [
        `DAT import: ${String(dats.length)} No-Intro-size DATs, ${games.toLocaleString('en')} games, ${roms.toLocaleString('en')} ROMs`,
        `${seconds.toFixed(1)} s, server CPU ${cpu.toFixed(1)} s (target ≤ ${String(TARGETS.allSeconds)} s; load ${loadAverage()})`,
      ],
      [
        `DAT import: ${mib(bigSize)} DAT, ${big.dat.game_count.toLocaleString('en')} games, ${big.dat.rom_count.toLocaleString('en')} ROMs`,
        `${big.seconds.toFixed(1)} s, server CPU ${big.cpu.toFixed(1)} s (target ≤ ${String(TARGETS.bigSeconds)} s; load ${loadAverage()})`,
      ],
      [
        'DAT import: server memory growth while importing (largest)',
        `${mib(Math.max(growth, big.growth))} (target ≤ ${String(TARGETS.memoryMiB)} MiB; 60 MB DAT ${mib(big.growth)})`,
      ],
    ];
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

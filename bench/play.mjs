// @ts-check
/**
 * "Play to first frame": the self-made NES test program is added to the library, then headless
 * Chromium (software WebGL) opens its player page, presses Play and waits for EmulatorJS's
 * `EJS_onGameStart` (the page marks the game container `data-started`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

import { chromium } from 'playwright-core';

import { makeTestNes } from '../web/e2e/fixtures/make-test-nes.mjs';
import { socketScan } from './library.mjs';

const RUNS = 3;

/**
 * @param {string} baseUrl @param {string} libraryDir the server's library @param {string} cookie
 * @returns {Promise<[string, string][]>}
 */
export async function playFigures(baseUrl, libraryDir, cookie) {
  const folder = path.join(libraryDir, 'roms', 'nes');
  fs.mkdirSync(folder, { recursive: true });
  const testProgram = path.join(folder, 'Bench Pattern.nes');
  fs.writeFileSync(testProgram, makeTestNes());
  try {
    return await playTimes(baseUrl, cookie);
  } finally {
    fs.rmSync(testProgram, { force: true });
  }
}

/** @param {string} baseUrl @param {string} cookie @returns {Promise<[string, string][]>} */
async function playTimes(baseUrl, cookie) {
  // A quick scan of the NES folder alone: the platform exists already (the generated library
  // has NES games), and the other folders need no second walk.
  const platforms = /** @type {{ id: number, slug: string }[]} */ (
    await (await fetch(`${baseUrl}/api/platforms`, { headers: { cookie } })).json()
  );
  const nes = platforms.find((platform) => platform.slug === 'nes');
  await socketScan(baseUrl, cookie, { type: 'quick', platforms: nes ? [nes.id] : [] });
  const list = await fetch(`${baseUrl}/api/roms?search_term=Bench%20Pattern&limit=5`, {
    headers: { cookie },
  });
  const { items } = /** @type {{ items: { id: number }[] }} */ (await list.json());
  const id = items[0]?.id;
  if (id === undefined) throw new Error('the NES test program was not scanned');

  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'romshelf-bench-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--enable-unsafe-swiftshader',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  try {
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name: name ?? '', value: value ?? '', url: baseUrl }]);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.route('https://cdn.emulatorjs.org/**', (route) => route.abort());
    /** @type {number[]} */
    const total = [];
    /** @type {number[]} */
    const afterPlay = [];
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      await page.goto(`${baseUrl}/rom/${id}/ejs`);
      await page.getByTestId('play-start').click();
      const pressed = performance.now();
      await page.locator('[data-started="true"]').waitFor({ timeout: 60_000 });
      total.push(performance.now() - started);
      afterPlay.push(performance.now() - pressed);
    }
    const median = (/** @type {number[]} */ values) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    return [
      [
        'Play to first frame (NES, fceumm, software WebGL)',
        `Play → EJS_onGameStart ${median(afterPlay).toFixed(0)} ms, page load → start ${median(total).toFixed(0)} ms (median of ${RUNS}; first run cold ${afterPlay[0]?.toFixed(0)} ms)`,
      ],
    ];
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

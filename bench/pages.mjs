// @ts-check
/**
 * Page-speed figures in real headless Chromium (1440x900) against the built server: home's first
 * game card on a cold start, a game's details after a click from the gallery (its name, then its
 * details), and the frames of a gallery scroll over the biggest platform. Each cold figure uses a
 * fresh browser context (empty cache), so every run downloads the app again.
 */
/* global window, document, requestAnimationFrame, MutationObserver */
import os from 'node:os';
import zlib from 'node:zlib';

import { chromium } from 'playwright-core';

const runs = Number(process.env.BENCH_PAGE_RUNS ?? 5);
/** Gallery scroll: px per second (a brisk wheel scroll) and for how long. */
const SCROLL_SPEED = 3000;
const SCROLL_SECONDS = 10;

/** @param {number[]} samples */
const range = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? NaN;
  return `median ${median.toFixed(0)} ms (${(sorted[0] ?? NaN).toFixed(0)}–${(sorted.at(-1) ?? NaN).toFixed(0)} ms over ${String(sorted.length)} runs)`;
};

/**
 * @param {import('playwright-core').Browser} browser @param {string} baseUrl
 * @param {string} cookie
 */
async function signedInPage(browser, baseUrl, cookie) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const [name, ...value] = cookie.split('=');
  await context.addCookies([
    { name: name ?? '', value: value.join('='), url: baseUrl },
    // What the browser of a signed-in user holds beside the session (SIGNED_IN_COOKIE).
    { name: 'romshelf_signed_in', value: '1', url: baseUrl },
  ]);
  return { context, page: await context.newPage() };
}

/** In the page, from the first script on: the time (since navigation) the first card appears. */
function watchFirstCard() {
  const found = () => {
    if (document.querySelector('[data-testid="rom-card"]') === null) return false;
    /** @type {any} */ (window).firstCardAt = performance.now();
    return true;
  };
  const observer = new MutationObserver(() => {
    if (found()) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
}

/**
 * In the page: clicks the card of `romId` and resolves with the ms until the heading shows its
 * name, and until the details (file name) show, checked each frame.
 * @param {{ romId: string, name: string }} target
 */
function openDetails({ romId, name }) {
  return new Promise((resolve) => {
    const started = performance.now();
    /** @type {number | undefined} */
    let named;
    const frame = () => {
      const elapsed = performance.now() - started;
      const heading = document.querySelector('[data-testid="page-heading"]');
      if (named === undefined && heading?.textContent?.includes(name)) named = elapsed;
      const details = document.querySelector('[data-testid="rom-fs-name"]');
      if ((named !== undefined && details !== null) || elapsed > 20_000) {
        resolve({ named: named ?? -1, details: details ? elapsed : -1 });
        return;
      }
      requestAnimationFrame(frame);
    };
    /** @type {HTMLElement | null} */ (
      document.querySelector(`[data-testid="rom-card"][data-rom-id="${romId}"]`)
    )?.click();
    requestAnimationFrame(frame);
  });
}

/**
 * In the page: scrolls down at `speed` px/s for `seconds` and resolves with every frame's
 * length (ms).
 * @param {{ speed: number, seconds: number }} scroll
 */
function scrollFrames({ speed, seconds }) {
  return new Promise((resolve) => {
    /** @type {number[]} */
    const frames = [];
    const started = performance.now();
    let last = started;
    const frame = (/** @type {number} */ now) => {
      frames.push(now - last);
      last = now;
      window.scrollTo(0, ((now - started) * speed) / 1000);
      if (now - started < seconds * 1000) requestAnimationFrame(frame);
      else resolve(frames.slice(1));
    };
    requestAnimationFrame(frame);
  });
}

/**
 * @param {import('playwright-core').Browser} browser
 * @param {import('./library.mjs').BenchContext} ctx
 */
async function homeFirstCard(browser, ctx) {
  const times = [];
  for (let run = 0; run < runs; run += 1) {
    const { context, page } = await signedInPage(browser, ctx.baseUrl, ctx.cookie);
    await page.addInitScript(watchFirstCard);
    await page.goto(ctx.baseUrl);
    await page.getByTestId('rom-card').first().waitFor({ timeout: 60_000 });
    times.push(
      /** @type {number} */ (await page.evaluate(() => /** @type {any} */ (window).firstCardAt)),
    );
    await context.close();
  }
  return times;
}

/**
 * @param {import('playwright-core').Browser} browser
 * @param {import('./library.mjs').BenchContext} ctx
 */
async function detailsAfterClick(browser, ctx) {
  const named = [];
  const details = [];
  for (let run = 0; run < runs; run += 1) {
    const { context, page } = await signedInPage(browser, ctx.baseUrl, ctx.cookie);
    await page.goto(`${ctx.baseUrl}/platform/${String(ctx.biggestPlatform.id)}`);
    const card = page.getByTestId('rom-card').nth(run + 2);
    await card.waitFor({ timeout: 60_000 });
    const romId = (await card.getAttribute('data-rom-id')) ?? '';
    const name = (await card.getAttribute('aria-label')) ?? '';
    // A person's pointer rests on a card for a moment before the click.
    await card.hover();
    await page.waitForTimeout(150);
    const opened = /** @type {{ named: number, details: number }} */ (
      await page.evaluate(openDetails, { romId, name })
    );
    named.push(opened.named);
    details.push(opened.details);
    await context.close();
  }
  return { named, details };
}

/**
 * @param {import('playwright-core').Browser} browser
 * @param {import('./library.mjs').BenchContext} ctx
 */
async function galleryScroll(browser, ctx) {
  const { context, page } = await signedInPage(browser, ctx.baseUrl, ctx.cookie);
  try {
    await page.goto(`${ctx.baseUrl}/platform/${String(ctx.biggestPlatform.id)}`);
    await page.getByTestId('rom-card').first().waitFor({ timeout: 60_000 });
    return /** @type {number[]} */ (
      await page.evaluate(scrollFrames, { speed: SCROLL_SPEED, seconds: SCROLL_SECONDS })
    );
  } finally {
    await context.close();
  }
}

/**
 * The JavaScript a cold platform gallery downloads (brotli, as the server sends it): until its
 * first cards show, and in all once the network is idle (with what it preloads at idle).
 * @param {import('playwright-core').Browser} browser
 * @param {import('./library.mjs').BenchContext} ctx
 */
async function galleryFirstLoadJs(browser, ctx) {
  const { context, page } = await signedInPage(browser, ctx.baseUrl, ctx.cookie);
  try {
    /** @type {Map<string, Promise<number>>} brotli size by script address */
    const sizes = new Map();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      sizes.set(
        response.url(),
        response.body().then((body) => zlib.brotliCompressSync(body).length),
      );
    });
    await page.addInitScript(watchFirstCard);
    await page.goto(`${ctx.baseUrl}/platform/${String(ctx.biggestPlatform.id)}`);
    await page.getByTestId('rom-card').first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    // Which scripts had arrived when the first card showed, by the page's own clock: what
    // Playwright sees only once its wait returns may have started after the card.
    const arrivedBeforeCards = new Set(
      await page.evaluate(() => {
        const firstCardAt = /** @type {any} */ (window).firstCardAt;
        return performance
          .getEntriesByType('resource')
          .filter(
            (entry) => /** @type {PerformanceResourceTiming} */ (entry).responseEnd <= firstCardAt,
          )
          .map((entry) => entry.name);
      }),
    );
    const all = await Promise.all(
      [...sizes].map(async ([url, size]) => ({ url, size: await size })),
    );
    const kib = (/** @type {{ size: number }[]} */ list) =>
      list.reduce((sum, { size }) => sum + size, 0) / 1024;
    return {
      firstCards: kib(all.filter(({ url }) => arrivedBeforeCards.has(url))),
      settled: kib(all),
      files: all.length,
    };
  } finally {
    await context.close();
  }
}

/**
 * @param {import('./library.mjs').BenchContext} ctx
 * @returns {Promise<[string, string][]>}
 */
export async function pageFigures(ctx) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const load = () =>
    os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
  try {
    const loadBefore = load();
    const home = await homeFirstCard(browser, ctx);
    const opened = await detailsAfterClick(browser, ctx);
    const frames = await galleryScroll(browser, ctx);
    const js = await galleryFirstLoadJs(browser, ctx);
    const slow = frames.filter((frame) => frame > 50).length;
    const gallery = `${ctx.biggestPlatform.slug}, ${String(ctx.biggestPlatform.rom_count)} games`;
    return [
      ['page-speed figures: machine load (1, 5, 15 min) before, after', `${loadBefore}; ${load()}`],
      [
        `home: first game card, cold (${String(ctx.romCount)}-game library)`,
        `${range(home)} (target < 1000 ms)`,
      ],
      [
        'details after a click from the gallery: name shown',
        `${range(opened.named)} (target < 300 ms)`,
      ],
      ['details after a click from the gallery: details shown', range(opened.details)],
      [
        'platform gallery first-load JS (brotli): until the first cards, all once idle',
        `${js.firstCards.toFixed(1)} KiB, ${js.settled.toFixed(1)} KiB in ${String(js.files)} files (target < 300 KiB)`,
      ],
      [
        `gallery scroll (${gallery}, ${String(SCROLL_SPEED)} px/s for ${String(SCROLL_SECONDS)} s): frames over 50 ms`,
        `${String(slow)} of ${String(frames.length)} (${((100 * slow) / Math.max(1, frames.length)).toFixed(1)} %; target < 5 %)`,
      ],
    ];
  } finally {
    await browser.close();
  }
}

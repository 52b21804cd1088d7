// @ts-check
/**
 * Windowed gallery figures: real headless Chromium opens the biggest platform's gallery (big
 * covers, 1440x900) in fresh browsers (first cards, cold: the median of `BENCH_GALLERY_COLD_RUNS`,
 * 5 by default), then in one more scrolls it to the end a screen at a
 * time and records, at each step, the time until every place on screen shows a card (not a
 * placeholder), the DOM size and the JS heap; then steps a page of ROMs at a time (every step
 * shows ROMs of a page not loaded yet), and times the A–Z bar's jump to "S". Printed beside the
 * machine's load average.
 */
/* global window, document, requestAnimationFrame, MutationObserver */
import os from 'node:os';

import { PAGE_SIZE } from '@romshelf/contract';
import { chromium } from 'playwright-core';

/** Steps of a page each, timed after the scroll to the end. */
const PAGE_STEPS = Number(process.env.BENCH_GALLERY_PAGE_STEPS ?? 40);
/** Fresh browsers timed until the first cards: one sample swings by hundreds of milliseconds. */
const COLD_RUNS = Number(process.env.BENCH_GALLERY_COLD_RUNS ?? 5);

/** The 1, 5 and 15 minute load averages. */
const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');

/** In the page, from the first script on: the time (since navigation) the first card shows. */
function watchFirstCard() {
  const found = () => {
    if (document.querySelector('[data-gallery-item="rom"]') === null) return false;
    /** @type {any} */ (window).firstCardAt = performance.now();
    return true;
  };
  const observer = new MutationObserver(() => {
    if (found()) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** @param {number[]} samples @param {number} fraction */
function percentile(samples, fraction) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? NaN;
}

/**
 * In the page: runs `act`, then resolves with the milliseconds until the viewport holds cards
 * and no placeholder (checked each frame), or -1 after 10 s.
 * @param {{ kind: 'scroll' | 'jump', step: number }} action
 */
function settleAfter({ kind, step }) {
  const inView = (/** @type {Element} */ element) => {
    const rect = element.getBoundingClientRect();
    return rect.bottom > 64 && rect.top < window.innerHeight && rect.height > 0;
  };
  return new Promise((resolve) => {
    const started = performance.now();
    let done = false;
    /** Resolves once cards fill the view (or 10 s passed); true when done. */
    const settled = () => {
      if (done) return true;
      const pending = [...document.querySelectorAll('[data-gallery-item="pending"]')].some(inView);
      const cards = [...document.querySelectorAll('[data-gallery-item="rom"]')].some(inView);
      const elapsed = performance.now() - started;
      if ((!pending && cards) || elapsed > 10_000) {
        done = true;
        clearInterval(poll);
        resolve(!pending && cards ? elapsed : -1);
      }
      return done;
    };
    // Checked each frame, and every 50 ms as well: a headless compositor has been seen to stop
    // producing frames for good, which left the step (and the bench) waiting forever.
    const poll = setInterval(settled, 50);
    const frame = () => {
      if (!settled()) requestAnimationFrame(frame);
    };
    if (kind === 'scroll') window.scrollBy(0, step);
    else /** @type {HTMLElement} */ (document.querySelector('[data-testid="jump-S"]'))?.click();
    requestAnimationFrame(frame);
  });
}

/**
 * @param {{ baseUrl: string, browserCookies: string[],
 *   biggestPlatform: { id: number, slug: string, rom_count: number } }} ctx
 * @returns {Promise<[string, string][]>}
 */
export async function galleryFigures(ctx) {
  const { baseUrl, browserCookies, biggestPlatform } = ctx;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  /** A fresh browser's page, signed in, showing the gallery's first cards. */
  const openGallery = async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    // The cookies of a signed-in user's browser (the session and its signed-in mark among them):
    // without the mark the app starts as for a visitor and neither it nor the server preloads.
    await context.addCookies(
      browserCookies.map((cookie) => {
        const [name, ...value] = cookie.split('=');
        return { name: name ?? '', value: value.join('='), url: baseUrl };
      }),
    );
    const page = await context.newPage();
    page.on('crash', () => console.error('gallery bench: the page crashed'));
    await page.addInitScript(() => localStorage.setItem('settings.galleryView', 'big'));
    await page.addInitScript(watchFirstCard);
    await page.goto(`${baseUrl}/platform/${String(biggestPlatform.id)}`);
    await page.locator('[data-gallery-item="rom"]').first().waitFor({ timeout: 60_000 });
    const firstCardMs = /** @type {number} */ (
      await page.evaluate(() => /** @type {any} */ (window).firstCardAt)
    );
    return { context, page, firstCardMs };
  };
  try {
    const loadAtStart = loadAverage();
    const firstCards = [];
    for (let run = 0; run < COLD_RUNS; run += 1) {
      const cold = await openGallery();
      firstCards.push(cold.firstCardMs);
      await cold.context.close();
    }
    const { context, page } = await openGallery();
    const cdp = await context.newCDPSession(page);
    const heapMb = async () =>
      /** @type {{ usedSize: number }} */ (await cdp.send('Runtime.getHeapUsage')).usedSize /
      2 ** 20;
    const columns = Number(await page.getByTestId('gallery-grid').getAttribute('data-columns'));

    const times = [];
    let maxNodes = 0;
    let maxHeap = 0;
    let cardsSeen = 0;
    for (;;) {
      const step = await page.evaluate(() => Math.round(window.innerHeight * 0.9));
      const elapsed = /** @type {number} */ (
        await page.evaluate(settleAfter, { kind: 'scroll', step })
      );
      times.push(elapsed < 0 ? 10_000 : elapsed);
      const state = await page.evaluate(() => ({
        nodes: document.getElementsByTagName('*').length,
        cards: document.querySelectorAll('[data-gallery-item="rom"]').length,
        y: Math.round(window.scrollY),
        atEnd: window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2,
      }));
      maxNodes = Math.max(maxNodes, state.nodes);
      cardsSeen = Math.max(cardsSeen, state.cards);
      if (process.env.BENCH_VERBOSE && times.length < 8)
        console.error(times.length, state, elapsed);
      if (times.length % 50 === 0) {
        maxHeap = Math.max(maxHeap, await heapMb());
        if (process.env.BENCH_VERBOSE) console.error(times.length, state, maxHeap.toFixed(0));
      }
      if (state.atEnd) break;
      // A page that shows no cards for three steps in a row (30 s) has stopped: reported below.
      if (times.length >= 3 && times.slice(-3).every((time) => time >= 10_000)) break;
    }
    maxHeap = Math.max(maxHeap, await heapMb());
    const reachedEnd = await page.getByTestId('gallery-end').isVisible();

    // A page of ROMs per step from the top: each step shows rows no page loaded so far holds.
    await page.evaluate(() => window.scrollTo(0, 0));
    const rowHeight = await page.evaluate(() => {
      const cards = [...document.querySelectorAll('[data-gallery-item="rom"]')];
      const tops = [...new Set(cards.map((card) => Math.round(card.getBoundingClientRect().top)))];
      return tops.length > 1 ? (tops[1] ?? 0) - (tops[0] ?? 0) : window.innerHeight;
    });
    const pageStep = Math.round((PAGE_SIZE / Math.max(1, columns)) * rowHeight);
    const pageTimes = [];
    for (let step = 0; step < PAGE_STEPS; step += 1) {
      const elapsed = /** @type {number} */ (
        await page.evaluate(settleAfter, { kind: 'scroll', step: pageStep })
      );
      pageTimes.push(elapsed < 0 ? 10_000 : elapsed);
      const atEnd = await page.evaluate(
        () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2,
      );
      if (atEnd) break;
    }

    const jumpMs = /** @type {number} */ (
      await page.evaluate(settleAfter, { kind: 'jump', step: 0 })
    );
    const failedSteps = times.filter((time) => time >= 10_000).length;
    const loadAtEnd = loadAverage();

    const label = `gallery ${biggestPlatform.slug} (${String(biggestPlatform.rom_count)} ROMs, big covers, ${String(columns)} columns, 1440x900)`;
    return [
      [`${label}: machine load (1, 5, 15 min) at start, at end`, `${loadAtStart}; ${loadAtEnd}`],
      [
        `${label}: first cards, cold (fresh browser)`,
        `median ${percentile(firstCards, 0.5).toFixed(0)} ms (${Math.min(...firstCards).toFixed(0)}–${Math.max(...firstCards).toFixed(0)} ms over ${String(firstCards.length)} runs; target < 1000 ms)`,
      ],
      [
        `${label}: step of a page (${String(PAGE_SIZE)} ROMs, none loaded before) until cards show`,
        `p50 ${percentile(pageTimes, 0.5).toFixed(0)} ms, p95 ${percentile(pageTimes, 0.95).toFixed(0)} ms, max ${Math.max(...pageTimes).toFixed(0)} ms over ${String(pageTimes.length)} steps (target 200 ms)`,
      ],
      [
        `${label}: scrolled to the end`,
        `${reachedEnd ? 'yes' : 'NO'}, ${String(times.length)} steps${failedSteps ? `, ${String(failedSteps)} steps without cards after 10 s` : ''}`,
      ],
      [`${label}: max DOM nodes`, `${String(maxNodes)} (target < 2,000)`],
      [`${label}: max cards in the DOM`, String(cardsSeen)],
      [`${label}: JS heap`, `max ${maxHeap.toFixed(0)} MB (target < 300 MB)`],
      [
        `${label}: scroll step until cards show`,
        `p50 ${percentile(times, 0.5).toFixed(0)} ms, p95 ${percentile(times, 0.95).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms (target 200 ms)`,
      ],
      [
        `${label}: A–Z jump to "S" until cards show`,
        `${jumpMs < 0 ? 'no cards after 10 s' : `${jumpMs.toFixed(0)} ms`} (target < 500 ms)`,
      ],
    ];
  } finally {
    await browser.close();
  }
}

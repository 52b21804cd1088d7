// @ts-check
/**
 * Console mode figures: real headless Chromium opens the biggest platform in console mode
 * (1920x1080) and pages through it by keyboard — PageDown screen after screen, then a letter
 * jump and a few pages at every letter — recording the DOM size at each step (the grid must stay
 * windowed) and the time until every card on screen has its game.
 */
/* global document, requestAnimationFrame, KeyboardEvent */
import { chromium } from 'playwright-core';

/** Screens paged through from the start, then at each letter. */
const PAGES_FROM_START = 150;
const PAGES_PER_LETTER = 4;

/** @param {number[]} samples @param {number} fraction */
function percentile(samples, fraction) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? NaN;
}

/**
 * In the page: presses `key`, then resolves with the milliseconds until the grid shows no
 * placeholder (checked each frame and every 50 ms), or -1 after 10 s, and the DOM size then.
 * @param {string} key
 */
function settleAfterKey(key) {
  return new Promise((resolve) => {
    const started = performance.now();
    let done = false;
    const settled = () => {
      if (done) return true;
      const pending = document.querySelector('[data-console-pending]') !== null;
      const elapsed = performance.now() - started;
      if (!pending || elapsed > 10_000) {
        done = true;
        clearInterval(poll);
        resolve({
          ms: pending ? -1 : elapsed,
          nodes: document.getElementsByTagName('*').length,
          cards: document.querySelectorAll('[data-testid^="console-game-"]').length,
        });
      }
      return done;
    };
    const poll = setInterval(settled, 50);
    document.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    const frame = () => {
      if (!settled()) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/**
 * @param {{ baseUrl: string, cookie: string,
 *   biggestPlatform: { id: number, slug: string, rom_count: number } }} ctx
 * @returns {Promise<[string, string][]>}
 */
export async function consoleFigures(ctx) {
  const { baseUrl, cookie, biggestPlatform } = ctx;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const [name, ...value] = cookie.split('=');
    await context.addCookies([{ name: name ?? '', value: value.join('='), url: baseUrl }]);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/console/platform/${String(biggestPlatform.id)}`);
    await page.locator('[data-testid^="console-game-"]').first().waitFor({ timeout: 60_000 });

    /** @type {number[]} */
    const times = [];
    let maxNodes = 0;
    let maxCards = 0;
    let failed = 0;
    const step = async (/** @type {string} */ key) => {
      const result = /** @type {{ ms: number, nodes: number, cards: number }} */ (
        await page.evaluate(settleAfterKey, key)
      );
      if (result.ms < 0) failed += 1;
      times.push(result.ms < 0 ? 10_000 : result.ms);
      maxNodes = Math.max(maxNodes, result.nodes);
      maxCards = Math.max(maxCards, result.cards);
    };
    for (let index = 0; index < PAGES_FROM_START; index++) await step('PageDown');
    for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
      await step(letter.toLowerCase());
      for (let index = 0; index < PAGES_PER_LETTER; index++) await step('PageDown');
    }
    const position = await page.getByTestId('console-count').textContent();

    const label = `console ${biggestPlatform.slug} (${String(biggestPlatform.rom_count)} ROMs, 1920x1080)`;
    return [
      [
        `${label}: steps paged (PageDown, letter jumps)`,
        `${String(times.length)}, ended at ${position ?? '?'}${failed ? `, ${String(failed)} steps without cards after 10 s` : ''}`,
      ],
      [`${label}: max DOM nodes while paging`, `${String(maxNodes)} (target < 2,000)`],
      [`${label}: max cards in the DOM`, String(maxCards)],
      [
        `${label}: step until the cards show`,
        `p50 ${percentile(times, 0.5).toFixed(0)} ms, p95 ${percentile(times, 0.95).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms`,
      ],
    ];
  } finally {
    await browser.close();
  }
}

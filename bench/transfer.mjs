// @ts-check
/**
 * Transfer figures: JavaScript a browser downloads to show `/login` and the biggest platform's
 * gallery (measured in headless Chromium: every script response's body size over the wire), the
 * same files' brotli / gzip / raw sizes as this server sends them, and one page of the ROM list
 * in JSON, raw and compressed.
 */
import http from 'node:http';

import { chromium } from 'playwright-core';

/** Issue target for first-load JavaScript, per page. */
const FIRST_LOAD_TARGET_BYTES = 300 * 1024;

/** @param {number} bytes */
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/**
 * Body bytes of one GET as they arrive (no decoding), with the encoding the server chose.
 * @param {string} url @param {Record<string, string>} headers
 * @returns {Promise<{ bytes: number, encoding: string, status: number }>}
 */
function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => {
        bytes += chunk.length;
      });
      response.on('end', () =>
        resolve({
          bytes,
          encoding: String(response.headers['content-encoding'] ?? 'identity'),
          status: response.statusCode ?? 0,
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/**
 * Loads `url` in a fresh browser context and records every script it downloads until the page
 * shows `readySelector` and the network is idle.
 * @param {import('playwright-core').Browser} browser @param {string} url
 * @param {string} readySelector @param {string | null} cookie @param {string} baseUrl
 */
async function firstLoadScripts(browser, url, readySelector, cookie, baseUrl) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    if (cookie !== null) {
      const [name = '', value = ''] = cookie.split('=');
      await context.addCookies([{ name, value, url: baseUrl }]);
    }
    const page = await context.newPage();
    /** @type {Promise<{ url: string, body: number, encoding: string, accept: string }>[]} */
    const scripts = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      scripts.push(
        (async () => {
          const [sizes, response, headers] = await Promise.all([
            request.sizes(),
            request.response(),
            request.allHeaders(),
          ]);
          return {
            url: request.url(),
            body: sizes.responseBodySize,
            encoding: (await response?.headerValue('content-encoding')) ?? 'identity',
            accept: headers['accept-encoding'] ?? '',
          };
        })(),
      );
    });
    await page.goto(url);
    await page.locator(readySelector).first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    return await Promise.all(scripts);
  } finally {
    await context.close();
  }
}

/**
 * What the same script files weigh in each encoding, as this server sends them.
 * @param {string[]} urls
 */
async function encodedSizes(urls) {
  const totals = { br: 0, gzip: 0, identity: 0 };
  for (const url of urls) {
    totals.br += (await rawGet(url, { 'accept-encoding': 'br' })).bytes;
    totals.gzip += (await rawGet(url, { 'accept-encoding': 'gzip' })).bytes;
    totals.identity += (await rawGet(url, { 'accept-encoding': 'identity' })).bytes;
  }
  return totals;
}

/**
 * @param {string} label
 * @param {{ url: string, body: number, encoding: string, accept: string }[]} scripts
 * @returns {Promise<[string, string][]>}
 */
async function pageRows(label, scripts) {
  const transferred = scripts.reduce((sum, script) => sum + script.body, 0);
  const encodings = [...new Set(scripts.map((script) => script.encoding))].join('+');
  const accept = scripts[0]?.accept ?? '';
  const sizes = await encodedSizes(scripts.map((script) => script.url));
  const target = `target < ${kib(FIRST_LOAD_TARGET_BYTES)}`;
  return [
    [
      `first-load JS ${label}, Chromium (Accept-Encoding: ${accept})`,
      `${kib(transferred)} transferred as ${encodings}, ${scripts.length} files (${target})`,
    ],
    [
      `first-load JS ${label}, same files by encoding`,
      `br ${kib(sizes.br)}, gzip ${kib(sizes.gzip)}, raw ${kib(sizes.identity)} (${target} compressed)`,
    ],
  ];
}

/**
 * @typedef {{ baseUrl: string, dataDir: string, cookie: string, basic: string,
 *   csrfToken?: string, serverPid: number, romCount: number,
 *   platforms: { id: number, slug: string, rom_count: number }[],
 *   biggestPlatform: { id: number, slug: string, rom_count: number } }} BenchContext
 */

/**
 * @param {BenchContext} ctx
 * @returns {Promise<[string, string][]>}
 */
export async function transferFigures(ctx) {
  const { baseUrl, cookie, biggestPlatform } = ctx;
  /** @type {[string, string][]} */
  const rows = [];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const login = await firstLoadScripts(
      browser,
      `${baseUrl}/login`,
      '[data-testid="login-username"]',
      null,
      baseUrl,
    );
    rows.push(...(await pageRows('/login', login)));
    const gallery = await firstLoadScripts(
      browser,
      `${baseUrl}/platform/${biggestPlatform.id}`,
      '[data-testid="rom-card-wrap"]',
      cookie,
      baseUrl,
    );
    rows.push(
      ...(await pageRows(
        `/platform/${biggestPlatform.id} (${biggestPlatform.slug}, ${biggestPlatform.rom_count} games)`,
        gallery,
      )),
    );
  } finally {
    await browser.close();
  }

  const listUrl = `${baseUrl}/api/roms?platform_id=${biggestPlatform.id}&limit=72&order_by=name`;
  /** @type {Record<string, string>} */
  const sizes = {};
  for (const accept of ['identity', 'br', 'gzip']) {
    const response = await rawGet(listUrl, { cookie, 'accept-encoding': accept });
    if (response.status !== 200) throw new Error(`GET /api/roms: HTTP ${response.status}`);
    sizes[accept] =
      `${(response.bytes / 1000).toFixed(1)} KB${response.encoding === accept ? '' : ` (sent ${response.encoding})`}`;
  }
  rows.push([
    'GET /api/roms JSON page (72 ROMs, one platform)',
    `raw ${sizes.identity}, br ${sizes.br}, gzip ${sizes.gzip} (target: sent compressed)`,
  ]);
  return rows;
}

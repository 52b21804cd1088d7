import { writeFileSync } from 'node:fs';
import path from 'node:path';

import { SIGNED_IN_COOKIE } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { buildTestApp, INDEX_HTML, makeTempDir, makeWebDir } from '../../../test/build-test-app.js';
import { PAGE_CHUNKS_FILE } from './page-preloads.js';

const SIGNED_IN = { [SIGNED_IN_COOKIE]: '1' };

/** A built web app whose build listed the platform gallery's code file. */
async function appWithPageChunks() {
  const webDir = makeWebDir(makeTempDir('romshelf-web-'));
  writeFileSync(
    path.join(webDir, PAGE_CHUNKS_FILE),
    JSON.stringify({ platform: ['/assets/gallery-x1y2.js'] }),
  );
  return (await buildTestApp({ webDir })).app;
}

/** The href of each `<link>` of the page, by rel (and `as`). */
function preloadLinks(html: string): string[] {
  return [
    ...html.matchAll(/<link rel="([a-z]+)"(?: as="([a-z]+)")? crossorigin href="([^"]*)" \/>/g),
  ].map(([, rel, as, href]) => `${rel ?? ''}${as === undefined ? '' : `:${as}`} ${href ?? ''}`);
}

describe("a page's preload links", () => {
  it("start a signed-in visitor's platform gallery: its code, first answers and translations", async () => {
    const app = await appWithPageChunks();
    const response = await app.inject({ url: '/platform/14', cookies: SIGNED_IN });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
    const query =
      'platform_id=14&amp;limit=72&amp;offset=0&amp;order_by=name&amp;order_dir=asc' +
      '&amp;with_char_index=true&amp;with_filter_values=false&amp;group_by_meta_id=true';
    expect(preloadLinks(response.body)).toEqual([
      'modulepreload /assets/gallery-x1y2.js',
      `preload:fetch /api/roms?${query}`,
      'preload:fetch /api/platforms',
      'preload:fetch /api/heartbeat',
      'preload:fetch /api/users/me',
      'preload:fetch /api/config',
      'preload:fetch /locales/en_US.json',
    ]);
    expect(response.body.replace(/<link rel="(?:modulepreload|preload)"[^>]*>/g, '')).toBe(
      INDEX_HTML,
    );
  });

  it('are left out of every other page, of a gallery with a query, and when signed out', async () => {
    const app = await appWithPageChunks();
    const cases: [string, Record<string, string>][] = [
      ['/platform/14', {}],
      ['/platform/14?order_by=fs_size_bytes', SIGNED_IN],
      ['/platform/14/', SIGNED_IN],
      ['/platform/0', SIGNED_IN],
      ['/platform/abc', SIGNED_IN],
      ['/platform/14%22%3E%3Cscript%3E', SIGNED_IN],
      ['/rom/14', SIGNED_IN],
      ['/collection/14', SIGNED_IN],
      ['/search', SIGNED_IN],
      ['/login', SIGNED_IN],
    ];
    for (const [url, cookies] of cases) {
      const response = await app.inject({ url, cookies });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(INDEX_HTML);
    }
  });

  it('name only the answers when the build listed no code files', async () => {
    const { app } = await buildTestApp({ webDir: makeWebDir(makeTempDir('romshelf-web-')) });
    const response = await app.inject({ url: '/platform/3', cookies: SIGNED_IN });
    const links = preloadLinks(response.body);
    expect(links[0]).toMatch(/^preload:fetch \/api\/roms\?platform_id=3&amp;/);
    expect(links.some((link) => link.startsWith('modulepreload'))).toBe(false);
  });
});

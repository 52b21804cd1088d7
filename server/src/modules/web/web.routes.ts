import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import { SIGNED_IN_COOKIE } from '@romshelf/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { pagePreloadLinks, readPageChunks, withPreloadLinks } from './page-preloads.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Paths that never fall back to the SPA: they answer a JSON 404 when nothing matches. */
export function isBackendPath(urlPath: string): boolean {
  return (
    urlPath === '/api' ||
    urlPath.startsWith('/api/') ||
    urlPath === '/dav' ||
    urlPath.startsWith('/dav/') ||
    urlPath === '/openapi.json' ||
    urlPath.startsWith('/ws/') ||
    urlPath.startsWith('/locales/') ||
    urlPath.startsWith('/emulatorjs/') ||
    urlPath.startsWith('/ruffle/')
  );
}

export const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>RomShelf</title></head>
  <body>
    <h1>RomShelf</h1>
    <p>The web app is not built yet. Run <code>npm run build</code>, then restart the server.</p>
    <p>The API is available under <a href="/api/docs">/api/docs</a>.</p>
  </body>
</html>
`;

/**
 * Serves the built single-page app: hashed files under /assets/ are cached for a year, every
 * other file (index.html, locales) is revalidated. Unknown non-API GETs get index.html so the
 * client-side router can take over (history fallback).
 *
 * The build writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file; the one the
 * request accepts (brotli first) is sent with the original file's type, its own length and
 * `Vary: Accept-Encoding`, else the file itself.
 */
export async function registerWebApp(app: FastifyInstance, webDir: string): Promise<void> {
  const hasWebDir = existsSync(webDir);
  if (hasWebDir) {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const relative = path.relative(webDir, filePath).split(path.sep).join('/');
        reply.header('cache-control', relative.startsWith('assets/') ? IMMUTABLE : REVALIDATE);
      },
    });
  }

  const pageChunks = hasWebDir ? readPageChunks(webDir) : {};
  let indexHtml: string | undefined;

  /**
   * Answers index.html (with the page's preload links, see page-preloads.ts), or the not-built
   * page. The reply is not returned: sendFile streams the file by itself, and a returned (unsent)
   * reply makes Fastify wait for the response's end too, one more pair of 'close' listeners on
   * top of those @fastify/static adds while it awaits the same reply, which went over Node's
   * limit of 10 per response.
   */
  const sendIndex = (request: FastifyRequest, reply: FastifyReply): void => {
    const indexFile = path.join(webDir, 'index.html');
    if (hasWebDir && existsSync(indexFile)) {
      const signedIn = request.cookies[SIGNED_IN_COOKIE] !== undefined;
      const links = pagePreloadLinks(request.url, signedIn, pageChunks);
      if (links !== '') {
        indexHtml ??= readFileSync(indexFile, 'utf8');
        void reply
          .code(200)
          .header('cache-control', REVALIDATE)
          .type('text/html; charset=utf-8')
          .send(withPreloadLinks(indexHtml, links));
        return;
      }
      void reply.code(200).header('cache-control', REVALIDATE).sendFile('index.html');
      return;
    }
    void reply.code(200).header('cache-control', REVALIDATE).type('text/html').send(NOT_BUILT_PAGE);
  };

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if ((request.method === 'GET' || request.method === 'HEAD') && !isBackendPath(urlPath)) {
      sendIndex(request, reply);
      return;
    }
    return reply.code(404).send({ detail: 'Not Found' });
  });
}

import { existsSync } from 'node:fs';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { hasEmulatorLayout } from './emulator-layout.js';

/** URL prefixes of the self-hosted emulators. */
export const EMULATORJS_PREFIX = '/emulatorjs/';
export const RUFFLE_PREFIX = '/ruffle/';

/**
 * Emulator files change only when the packages are upgraded, and their names carry no hash
 * (EmulatorJS asks for fixed names): cache for 30 days, revalidated by ETag/Last-Modified after.
 */
export const EMULATOR_CACHE_CONTROL = 'public, max-age=2592000';

const CONTENT_TYPES: Record<string, string> = {
  '.wasm': 'application/wasm',
  '.data': 'application/octet-stream',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.zip': 'application/zip',
};

/**
 * The Content-Security-Policy of the player pages (`/rom/{id}/ejs`, `/rom/{id}/ruffle`). It is the
 * app's policy plus what the emulators need and nothing else:
 * - `script-src blob:`: EmulatorJS unpacks each core's JavaScript from its 7z `.data` archive and
 *   runs it from a blob: URL (`script.src = URL.createObjectURL(...)`).
 * - `'wasm-unsafe-eval'` (already app-wide): compiling the cores' and Ruffle's WebAssembly.
 * - `'unsafe-eval'`: EmulatorJS's 7z extractor (`compression/extract7z.js`, an asm.js-era
 *   Emscripten build that unpacks every core) builds its `cwrap` wrappers with `eval`, inside a
 *   blob: worker that inherits this policy; without it no core ever starts. Only these two pages
 *   get it; they load no third-party content and the rest of the app keeps `script-src 'self'`.
 * - `worker-src blob:` (already app-wide): the decompression and thread workers are blob: URLs.
 * - `connect-src blob: data:`: EmulatorJS fetches the blob: URLs it created (ROM, core files).
 * `img-src` drops `https:` because a
 * cross-origin isolated page cannot show other sites' images without CORP anyway.
 */
export const PLAYER_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' blob: data: ws: wss:",
  "media-src 'self' blob:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "frame-ancestors 'self'",
  "form-action 'self'",
].join('; ');

/** Which player page a path is, if any. */
export function playerPageKind(urlPath: string): 'ejs' | 'ruffle' | null {
  const match = /^\/rom\/[^/]+\/(ejs|ruffle)\/?$/.exec(urlPath);
  return match === null ? null : (match[1] as 'ejs' | 'ruffle');
}

/**
 * Headers of the player pages (the SPA's index.html served at those paths):
 * - `/rom/{id}/ejs` is cross-origin isolated (COOP `same-origin` + COEP `require-corp`) so the
 *   threaded cores (dosbox_pure, ppsspp) get SharedArrayBuffer. Everything it loads is ours and
 *   carries CORP `same-origin` (helmet's default on every response), so COEP blocks nothing.
 * - both player pages get {@link PLAYER_CSP}.
 * Registered on the root instance so it also sees the SPA fallback (not-found handler).
 */
export function registerPlayerPageHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    const kind = playerPageKind(request.url.split('?')[0] ?? '');
    if (kind === null) return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('text/html')) return payload;
    reply.header('content-security-policy', PLAYER_CSP);
    reply.header('cross-origin-resource-policy', 'same-origin');
    if (kind === 'ejs') {
      reply.header('cross-origin-opener-policy', 'same-origin');
      reply.header('cross-origin-embedder-policy', 'require-corp');
    }
    return payload;
  });
}

/** Serves the emulators laid out by the build (see emulator-layout.ts), when present. */
export async function registerEmulatorAssets(
  app: FastifyInstance,
  emulatorsDir: string,
): Promise<boolean> {
  if (!hasEmulatorLayout(emulatorsDir)) {
    app.log.warn(
      `emulators: no layout in ${emulatorsDir}; run \`npm run build\` to serve EmulatorJS and Ruffle`,
    );
    return false;
  }
  const mounts: [string, string][] = [
    [EMULATORJS_PREFIX, path.join(emulatorsDir, 'emulatorjs')],
    [RUFFLE_PREFIX, path.join(emulatorsDir, 'ruffle')],
  ];
  for (const [prefix, root] of mounts) {
    if (!existsSync(root)) continue;
    await app.register(fastifyStatic, {
      root,
      prefix,
      decorateReply: false,
      wildcard: true,
      index: false,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.header('cache-control', EMULATOR_CACHE_CONTROL);
        res.header('cross-origin-resource-policy', 'same-origin');
        res.header('x-content-type-options', 'nosniff');
        const type = CONTENT_TYPES[path.extname(filePath).toLowerCase()];
        if (type !== undefined) res.header('content-type', type);
      },
    });
  }
  return true;
}

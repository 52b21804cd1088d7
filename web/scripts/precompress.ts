/**
 * Build-time compression of the web app: every text file of the build (scripts, styles, HTML,
 * JSON locales, SVG) gets a brotli (`.br`) and a gzip (`.gz`) sibling, at the highest levels
 * since this runs once per build. The server picks one by the request's Accept-Encoding, so no
 * static file is compressed per request.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

import type { Logger, Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Extensions worth compressing; images, fonts and archives are compressed already. */
export const PRECOMPRESSED_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.json',
  '.svg',
  '.txt',
  '.xml',
  '.webmanifest',
]);

/** Files smaller than this gain nothing from a compressed sibling (headers outweigh it). */
export const PRECOMPRESS_MIN_BYTES = 256;

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `<file>.br` and `<file>.gz` beside each compressible file of `dir` (recursively), each
 * only when it is smaller than the file itself. Returns the number of files compressed.
 */
export async function precompressDir(dir: string): Promise<number> {
  const files = (await listFiles(dir)).filter((file) =>
    PRECOMPRESSED_EXTENSIONS.has(path.extname(file).toLowerCase()),
  );
  let compressed = 0;
  for (const file of files) {
    const content = await readFile(file);
    if (content.length < PRECOMPRESS_MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    if (br.length < content.length) await writeFile(`${file}.br`, br);
    if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
    compressed += 1;
  }
  return compressed;
}

/**
 * Vite plugin: precompresses the output directory once the build is written (public files
 * included, as they are copied by then).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  let logger: Logger | undefined;
  return {
    name: 'romshelf-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    async closeBundle() {
      const count = await precompressDir(outDir);
      logger?.info(`precompressed ${count} files (.br, .gz) in ${outDir}`);
    },
  };
}

import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import { negotiate } from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Types compressed on the fly: JSON (API answers, the OpenAPI document), text, scripts and SVG.
 * Everything else — ROM content (`application/octet-stream`), zips, images, PDFs — is sent as
 * it is: those are compressed already, or gain too little for the CPU they would cost.
 */
export const COMPRESSIBLE_TYPE =
  /^(?:text\/(?!event-stream)|application\/(?:json|javascript|xml|[\w.-]+\+(?:json|xml))|image\/svg\+xml)\s*(?:;|$)/iu;

/** Answers smaller than this are sent as they are: the encoding would save next to nothing. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Answers up to this size are compressed in one synchronous call. The stream path the plugin
 * otherwise takes above 64 KiB on a 2-core host cost a 72-ROM list page (180 KB of JSON) more
 * than twice the CPU of the one-shot call (many small thread-pool round trips and a chunked
 * reply), and the one-shot call blocks the event loop for about a millisecond.
 */
const SYNC_COMPRESSION_MAX_BYTES = 1024 * 1024;

/**
 * Brotli quality for answers compressed on the fly. On a 72-ROM list page (168 KB of JSON),
 * quality 1 took 0.16 ms against 0.37 ms at quality 3 and 0.67 ms at 4 (the plugin's default)
 * for a body 10 % larger than quality 3's (9.7 against 8.9 KB), which a home network does not
 * notice; gzip at any level cost more and compressed less.
 */
const BROTLI_QUALITY = 1;

/** The encodings answers are compressed in, the preferred first. */
const ENCODINGS = ['br', 'gzip'] as const;
export type AnswerEncoding = (typeof ENCODINGS)[number];

/**
 * The encoding an answer to `request` is compressed in, as the plugin negotiates it (`*` and
 * `x-gzip` count as gzip), or null for identity.
 */
export function negotiatedEncoding(request: FastifyRequest): AnswerEncoding | null {
  const header = request.headers['accept-encoding'];
  if (header === undefined) return null;
  const chosen = negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), [...ENCODINGS]);
  return ENCODINGS.find((encoding) => encoding === chosen) ?? null;
}

/**
 * `body` compressed in the encoding and at the quality the plugin would use on the fly. Brotli
 * is also told the body's size and that it is text: sized for the body rather than for a stream
 * of unknown length, it compressed a 72-ROM list page (175 KB) to the same size in about 0.25 ms
 * instead of 0.35–0.55.
 */
export function compressedAnswer(body: Buffer, encoding: AnswerEncoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      })
    : gzipSync(body);
}

function isCompressible(contentType: unknown): boolean {
  return typeof contentType === 'string' && COMPRESSIBLE_TYPE.test(contentType);
}

function addVaryAcceptEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : String(vary ?? '');
  if (/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/iu.test(current)) return;
  reply.header('vary', current === '' ? 'accept-encoding' : `${current}, accept-encoding`);
}

/**
 * Brotli (preferred) or gzip for compressible answers, chosen by the request's Accept-Encoding
 * (@fastify/compress). Register before any route: the plugin attaches itself to each route as it
 * is added. The web app's files are compressed at build time and served as they are (see
 * `registerWebApp`); an answer that already has a Content-Encoding is never compressed again.
 *
 * A Range request asks for byte offsets of the unencoded file, so it is answered in identity
 * encoding: its Accept-Encoding is replaced before any handler reads it. Partial (206) answers
 * are never compressed either. Request bodies are not decompressed (uploads stay as sent).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.headers.range !== undefined) request.headers['accept-encoding'] = 'identity';
    done();
  });
  // Whether or not this answer ends up compressed, its encoding depended on Accept-Encoding:
  // caches must keep one copy per encoding.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (reply.statusCode !== 206 && isCompressible(reply.getHeader('content-type'))) {
      addVaryAcceptEncoding(reply);
    }
    done(null, payload);
  });
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: [...ENCODINGS],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    syncThreshold: SYNC_COMPRESSION_MAX_BYTES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    customTypes: isCompressible,
  });
}

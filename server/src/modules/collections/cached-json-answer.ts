import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

import type { FastifyReply, FastifyRequest } from 'fastify';

import type { AnswerEncoding } from '../../http/compression.js';
import { COMPRESSION_THRESHOLD_BYTES, negotiatedEncoding } from '../../http/compression.js';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * A large JSON answer that stays the same until the data changes, kept as text and, once
 * asked for, in each encoding: compressing a megabyte of member ids on every read would cost
 * far more than the read itself. The compression plugin leaves an encoded answer alone.
 */
export class CachedJsonAnswer {
  private readonly encoded = new Map<AnswerEncoding, Promise<Buffer>>();

  constructor(readonly text: string) {}

  send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> | FastifyReply {
    reply.type('application/json; charset=utf-8');
    const encoding = negotiatedEncoding(request);
    if (encoding === null || this.text.length < COMPRESSION_THRESHOLD_BYTES) {
      return reply.send(this.text);
    }
    return this.encodedAs(encoding).then((body) =>
      reply.header('content-encoding', encoding).send(body),
    );
  }

  private encodedAs(encoding: AnswerEncoding): Promise<Buffer> {
    let body = this.encoded.get(encoding);
    if (body === undefined) {
      body =
        encoding === 'br'
          ? brotli(this.text, {
              params: {
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_QUALITY]: 4,
              },
            })
          : gzipped(this.text);
      this.encoded.set(encoding, body);
    }
    return body;
  }
}

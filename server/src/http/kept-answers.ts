import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

import type { AnswerEncoding } from './compression.js';
import {
  COMPRESSION_THRESHOLD_BYTES,
  compressedAnswer,
  negotiatedEncoding,
} from './compression.js';
import { sendWrittenJson } from './json-serializer.js';

/** A JSON answer its route wrote, with the key it stays valid under. */
export interface KeepableAnswer {
  /**
   * Names the answer exactly: the caller, the request and the version of every piece of data it
   * shows. Null for an answer that must be built every time.
   */
  readonly keepKey: string | null;
  json(): Promise<Buffer>;
}

/**
 * Compressed copies of answers asked for again while nothing they show has changed (an app or
 * a second device reading the same pages, a gallery opened again): sent as they are, with no
 * query, no JSON and no compression. Answers to callers that take no compression are built
 * each time. Bounded by bytes; the least recently sent copy is dropped first.
 */
export class KeptAnswers {
  private readonly copies: LRUCache<string, Buffer>;

  constructor(maxBytes: number) {
    // A copy larger than the whole budget is sent without being kept.
    this.copies = new LRUCache({ maxSize: maxBytes, sizeCalculation: (copy) => copy.length });
  }

  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    answer: KeepableAnswer,
  ): Promise<FastifyReply> {
    const encoding = answer.keepKey === null ? null : negotiatedEncoding(request);
    if (answer.keepKey === null || encoding === null) {
      return sendWrittenJson(reply, await answer.json());
    }
    const key = `${encoding}:${answer.keepKey}`;
    const kept = this.copies.get(key);
    if (kept !== undefined) return sendCompressed(reply, kept, encoding);
    const json = await answer.json();
    if (json.length < COMPRESSION_THRESHOLD_BYTES) return sendWrittenJson(reply, json);
    const compressed = compressedAnswer(json, encoding);
    // Two requests that missed at once both keep their copy: the second replaces the first.
    this.copies.set(key, compressed);
    return sendCompressed(reply, compressed, encoding);
  }
}

/** The compression plugin leaves an answer that already has a Content-Encoding as it is. */
function sendCompressed(reply: FastifyReply, body: Buffer, encoding: AnswerEncoding): FastifyReply {
  return sendWrittenJson(reply.header('content-encoding', encoding), body);
}

import { LogController } from 'fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A request taking at least this long is logged at the default level. */
export const SLOW_REQUEST_MS = 1000;

/**
 * One lean line per request when the reply is done: method, url, status and time (Fastify's
 * default writes an "incoming request" line too and serialises the request's host and socket
 * address into it). At the default level only the requests worth a look are written: failed
 * (4xx as warn, 5xx and thrown errors as error) and slow ones (warn). Every request's line, and
 * the incoming one, are written at debug.
 */
export class LeanRequestLog extends LogController {
  constructor(private readonly slowMs = SLOW_REQUEST_MS) {
    super();
  }

  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ method: request.method, url: request.url }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const fields = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else if (reply.statusCode >= 500) reply.log.error(fields, 'request failed');
    else if (reply.statusCode >= 400) reply.log.warn(fields, 'request refused');
    else if (reply.elapsedTime >= this.slowMs) reply.log.warn(fields, 'slow request');
    else reply.log.debug(fields, 'request completed');
  }
}

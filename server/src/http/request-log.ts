import { LogController } from 'fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';

const REDACTED = '[redacted]';
/** Paths whose last or middle segment is a short-lived code that works as a credential. */
const CODE_PATHS = [
  /^(\/api\/client-tokens\/pair\/)[^/?]+(\/status)/,
  /^(\/api\/auth\/device\/pending\/)[^/?]+()/,
];
/** Query parameters that carry codes, tokens or passwords (links, OIDC callbacks). */
const SECRET_PARAMS = new Set([
  'code',
  'user_code',
  'device_code',
  'token',
  'access_token',
  'refresh_token',
  'password',
  'client_secret',
]);

/**
 * A request URL as it may be logged: pairing codes, device user codes and secret query
 * parameters are replaced, as the Authorization header is never logged at all.
 */
export function loggedUrl(url: string): string {
  const queryStart = url.indexOf('?');
  let pathPart = queryStart === -1 ? url : url.slice(0, queryStart);
  for (const pattern of CODE_PATHS) pathPart = pathPart.replace(pattern, `$1${REDACTED}$2`);
  if (queryStart === -1) return pathPart;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      return SECRET_PARAMS.has(safeDecode(name).toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${pathPart}?${query}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

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
    request.log.debug({ method: request.method, url: loggedUrl(request.url) }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const fields = {
      method: request.method,
      url: loggedUrl(request.url),
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

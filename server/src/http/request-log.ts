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

/**
 * One lean line per request at info level, when the reply is done: method, url, status and
 * time (Fastify's default writes an "incoming request" line too and serialises the request's
 * host and socket address into it). The incoming line is kept at debug level.
 */
export class LeanRequestLog extends LogController {
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
    else reply.log.info(fields, 'request completed');
  }
}

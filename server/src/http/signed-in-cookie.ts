import { SIGNED_IN_COOKIE } from '@romshelf/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { signedInCookieOptions } from './cookies.js';

/**
 * Keeps the signed-in cookie in step with the browser's session (the page itself is such a
 * request, so the cookie is right before the web app starts): set on a request signed in by
 * its session cookie, removed from a browser whose session is gone. Requests carrying their own
 * credentials (an Authorization header, the login endpoints) say nothing about the browser's
 * session and leave it alone.
 */
export function syncSignedInCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  cookie: { secure: boolean; maxAgeSeconds: number },
): void {
  const marked = request.cookies[SIGNED_IN_COOKIE] !== undefined;
  if (request.authMethod === 'session') {
    if (!marked) {
      reply.setCookie(
        SIGNED_IN_COOKIE,
        '1',
        signedInCookieOptions(cookie.secure, cookie.maxAgeSeconds),
      );
    }
  } else if (marked) {
    reply.clearCookie(SIGNED_IN_COOKIE, signedInCookieOptions(cookie.secure, 0));
  }
}

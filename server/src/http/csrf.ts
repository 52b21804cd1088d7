import { createHash, timingSafeEqual } from 'node:crypto';

import { CSRF_COOKIE, CSRF_HEADER } from '@romshelf/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { newToken } from '../modules/auth/auth.service.js';
import { csrfCookieOptions } from './cookies.js';
import { HttpError } from './http-error.js';
import { headerText } from './header-text.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

export const CSRF_FAILED = 'CSRF token verification failed';

export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method.toUpperCase());
}

/** Constant-time string comparison (hashing first so lengths never leak). */
export function sameToken(a: string, b: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/**
 * Double-submit check for requests authenticated by the session cookie: on unsafe methods the
 * x-csrftoken header must equal the romm_csrftoken cookie and the token stored with the session.
 * Requests carrying an Authorization header are never session-authenticated, so never checked.
 */
export function verifyCsrf(request: FastifyRequest): void {
  if (request.authMethod !== 'session' || request.session === null) return;
  if (isSafeMethod(request.method)) return;
  const header = headerText(request, CSRF_HEADER);
  const cookie = request.cookies[CSRF_COOKIE];
  if (
    header === undefined ||
    cookie === undefined ||
    !sameToken(header, cookie) ||
    !sameToken(header, request.session.csrf_token)
  ) {
    throw new HttpError(403, CSRF_FAILED);
  }
}

/**
 * Makes sure the browser holds a CSRF cookie: the session's token when signed in by cookie,
 * otherwise any random token (replaced by a session-bound one at login).
 */
export function ensureCsrfCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  secureCookies: boolean,
): void {
  const current = request.cookies[CSRF_COOKIE];
  if (request.authMethod === 'session' && request.session !== null) {
    const bound = request.session.csrf_token;
    if (current === undefined || !sameToken(current, bound)) {
      reply.setCookie(CSRF_COOKIE, bound, csrfCookieOptions(secureCookies));
    }
    return;
  }
  if (current === undefined || current === '') {
    reply.setCookie(CSRF_COOKIE, newToken(), csrfCookieOptions(secureCookies));
  }
}

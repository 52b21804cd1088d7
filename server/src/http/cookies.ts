import type { CookieSerializeOptions } from '@fastify/cookie';
import { CSRF_COOKIE, SESSION_COOKIE, SIGNED_IN_COOKIE } from '@romshelf/contract';
import type { FastifyReply } from 'fastify';

/** The session cookie: never readable by scripts. */
export function sessionCookieOptions(
  secure: boolean,
  maxAgeSeconds: number,
): CookieSerializeOptions {
  return { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: maxAgeSeconds };
}

/** The CSRF cookie: readable by the web app, which echoes it in the x-csrftoken header. */
export function csrfCookieOptions(secure: boolean): CookieSerializeOptions {
  return { path: '/', httpOnly: false, sameSite: 'lax', secure };
}

/** The signed-in cookie: readable by the web app; no secret, only that a session is there. */
export function signedInCookieOptions(
  secure: boolean,
  maxAgeSeconds: number,
): CookieSerializeOptions {
  return { path: '/', httpOnly: false, sameSite: 'lax', secure, maxAge: maxAgeSeconds };
}

/** The cookies of a new browser session: the session, its CSRF token and the signed-in mark. */
export function setSessionCookies(
  reply: FastifyReply,
  session: { token: string; csrfToken: string },
  cookie: { secure: boolean; maxAgeSeconds: number },
): void {
  reply.setCookie(
    SESSION_COOKIE,
    session.token,
    sessionCookieOptions(cookie.secure, cookie.maxAgeSeconds),
  );
  reply.setCookie(CSRF_COOKIE, session.csrfToken, csrfCookieOptions(cookie.secure));
  reply.setCookie(
    SIGNED_IN_COOKIE,
    '1',
    signedInCookieOptions(cookie.secure, cookie.maxAgeSeconds),
  );
}

/** Removes the cookies `setSessionCookies` sets. */
export function clearSessionCookies(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(secure, 0));
  reply.clearCookie(CSRF_COOKIE, csrfCookieOptions(secure));
  reply.clearCookie(SIGNED_IN_COOKIE, signedInCookieOptions(secure, 0));
}

import type { CookieSerializeOptions } from '@fastify/cookie';

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

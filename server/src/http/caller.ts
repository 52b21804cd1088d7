import type { FastifyRequest } from 'fastify';

import type { UserRow } from '../db/schema.js';
import { notAuthenticated } from './http-error.js';

/** The id that stands for an anonymous caller: no user row has it, so it owns nothing. */
export const ANONYMOUS_USER_ID = -1;

/** The signed-in user of a request; 401 when it is anonymous. */
export function callerOf(request: FastifyRequest): UserRow {
  if (request.user === null) throw notAuthenticated();
  return request.user;
}

/**
 * The caller's user id for reads that also serve anonymous callers (public routes, or routes whose
 * scopes already guarantee a user): `ANONYMOUS_USER_ID` when nobody is signed in.
 */
export function callerId(request: FastifyRequest): number {
  return request.user?.id ?? ANONYMOUS_USER_ID;
}

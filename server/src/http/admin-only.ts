import type { FastifyRequest } from 'fastify';

import { callerOf } from './caller.js';
import { forbidden } from './http-error.js';

/**
 * 403 unless an administrator asks (RomM's `assert_admin`): managing permissions is theirs
 * alone, whatever scopes an override hands out.
 */
export async function adminOnly(request: FastifyRequest): Promise<void> {
  if (callerOf(request).role !== 'admin') throw forbidden();
  await Promise.resolve();
}

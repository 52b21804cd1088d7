import type { Scope } from '@romshelf/contract';
import type { FastifyRequest } from 'fastify';

import type { UserRow } from '../../db/schema.js';
import { HttpError } from '../../http/http-error.js';
import { parseBasicAuth } from '../auth/basic-auth.js';
import type { ClientTokensService } from '../client-tokens/client-tokens.service.js';
import { isClientToken } from '../client-tokens/client-tokens.service.js';
import type { PermissionsService } from '../permissions/permissions.service.js';

/** Asked for with every 401, so RetroArch and other WebDAV clients send Basic credentials. */
export const DAV_CHALLENGE = 'Basic realm="RomShelf", charset="UTF-8"';

const READING_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PROPFIND']);

const unauthorized = (detail: string) =>
  new HttpError(401, detail, { 'www-authenticate': DAV_CHALLENGE });

/** Reading a tree needs `assets.read`; changing it `assets.write`. */
export function scopeFor(method: string): Scope {
  return READING_METHODS.has(method) ? 'assets.read' : 'assets.write';
}

export interface DavAuthDeps {
  clientTokens: Pick<ClientTokensService, 'authenticate'>;
  permissions: Pick<PermissionsService, 'scopesOf'>;
}

/**
 * The caller of a WebDAV request: HTTP Basic with the user's name and one of their client
 * tokens as the password (never a session cookie, so no cross-site request can write). The
 * token must carry the method's scope and its owner still hold it. 401 for missing or wrong
 * credentials, 403 when the scope is missing.
 */
export async function davCaller(request: FastifyRequest, deps: DavAuthDeps): Promise<UserRow> {
  const credentials = parseBasicAuth(request.headers.authorization);
  if (credentials === null) throw unauthorized('Sign in with your user name and a client token');
  if (!isClientToken(credentials.password)) {
    throw unauthorized('The password must be a client token (user menu → Client API tokens)');
  }
  const found = await deps.clientTokens.authenticate(credentials.password).catch(() => {
    throw unauthorized('Unknown or expired client token');
  });
  if (found.user.username.toLowerCase() !== credentials.username.toLowerCase()) {
    throw unauthorized('This client token belongs to another user');
  }
  const held = new Set(await deps.permissions.scopesOf(found.user));
  const scope = scopeFor(request.method);
  if (!found.scopes.includes(scope) || !held.has(scope)) {
    throw new HttpError(403, `This client token needs the ${scope} scope`);
  }
  return found.user;
}

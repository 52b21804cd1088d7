import type { Scope } from '@romshelf/contract';
import { KIOSK_PLAY_SCOPES, KIOSK_SCOPES } from '@romshelf/contract';
import type { FastifyRequest } from 'fastify';

/** Routes that hand out a game's (or firmware's) bytes, or list them for devices. */
const DOWNLOAD_ROUTE = /\/(content|download)(\/|$)|^\/api\/feeds\//;
/** What the in-browser player fetches to run a game: allowed with KIOSK_ALLOW_PLAY. */
const PLAY_ROUTES = new Set([
  '/api/roms/:id/content/:file_name',
  '/api/firmware/:id/content/:file_name',
]);

export interface KioskSettings {
  enabled: boolean;
  allowPlay: boolean;
}

/** What an anonymous visitor holds in kiosk mode (nothing when it is off). */
export function kioskScopes(kiosk: KioskSettings): readonly Scope[] {
  if (!kiosk.enabled) return [];
  return kiosk.allowPlay ? KIOSK_PLAY_SCOPES : KIOSK_SCOPES;
}

/**
 * Whether an anonymous kiosk visitor (no credentials: a wrong one stays a 401) may use a route
 * that needs `required`: reading only (GET),
 * never a route open to any signed-in user (those are about the caller), and no downloads; with
 * KIOSK_ALLOW_PLAY the game and firmware files the player loads are allowed.
 */
export function kioskMayUse(
  request: FastifyRequest,
  required: readonly Scope[],
  kiosk: KioskSettings,
): boolean {
  if (!kiosk.enabled || required.length === 0) return false;
  if (request.headers.authorization !== undefined) return false;
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const held = new Set<string>(kioskScopes(kiosk));
  if (!required.every((scope) => held.has(scope))) return false;
  const pattern = request.routeOptions.url ?? '';
  if (!DOWNLOAD_ROUTE.test(pattern)) return true;
  return kiosk.allowPlay && PLAY_ROUTES.has(pattern);
}

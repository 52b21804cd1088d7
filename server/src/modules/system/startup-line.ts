import { PRODUCT_NAME } from '@romshelf/contract';

import type { AppConfig } from '../../config/app-config.js';

const ANY_ADDRESS = new Set(['0.0.0.0', '::', '']);

/**
 * The address a person should open: the configured public URL, else the listening host
 * (`localhost` when listening on every interface).
 */
export function addressToOpen(config: Pick<AppConfig, 'host' | 'port' | 'baseUrl'>): string {
  if (config.baseUrl !== null) return config.baseUrl;
  const host = ANY_ADDRESS.has(config.host) ? 'localhost' : config.host;
  const hostPart = host.includes(':') ? `[${host}]` : host;
  return `http://${hostPart}:${String(config.port)}`;
}

/** The one line printed for people once the server listens. */
export function startupLine(address: string, setupPending: boolean): string {
  return setupPending
    ? `${PRODUCT_NAME} is running: open ${address} and finish setup there.`
    : `${PRODUCT_NAME} is running: open ${address}`;
}

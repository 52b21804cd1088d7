import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The repository root, found from this file's own location: the same three levels up from
 * server/src/config (tests) and server/dist/config (built server).
 */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The product version, read once from the root package.json. */
export function readPackageVersion(): string {
  try {
    const text = readFileSync(new URL('../../../package.json', import.meta.url), 'utf8');
    const parsed = JSON.parse(text) as { version?: unknown };
    return typeof parsed.version === 'string' ? parsed.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

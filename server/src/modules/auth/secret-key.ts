import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const SECRET_KEY_FILE = 'secret.key';

/**
 * The key that signs bearer tokens and OIDC state: ROMSHELF_AUTH_SECRET_KEY when set, otherwise a
 * random key generated on first start and kept in `<data>/secret.key` (mode 0600), so tokens
 * survive restarts.
 */
export function loadSecretKey(dataDir: string, configured: string | null): Uint8Array {
  if (configured !== null) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, SECRET_KEY_FILE);
  if (existsSync(file)) {
    const text = readFileSync(file, 'utf8').trim();
    if (text.length >= 32) return new TextEncoder().encode(text);
  }
  const generated = randomBytes(48).toString('base64url');
  writeFileSync(file, `${generated}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return new TextEncoder().encode(generated);
}

import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const SECRET_KEY_FILE = 'secret.key';

/** Keys shorter than this in the file are not keys (an empty or damaged file). */
const MIN_KEY_LENGTH = 32;

/**
 * The key that signs bearer tokens and OIDC state: ROMSHELF_AUTH_SECRET_KEY when set, otherwise a
 * random key generated on first start and kept in `<data>/secret.key` (mode 0600), so tokens
 * survive restarts. Processes sharing a data folder agree on one key: a new key is written aside
 * and hard-linked into place, which fails when another process placed its key first, and that
 * key is used instead.
 */
export function loadSecretKey(dataDir: string, configured: string | null): Uint8Array {
  if (configured !== null) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, SECRET_KEY_FILE);
  const existing = readKey(file);
  if (existing !== null) return existing;
  const temp = `${file}.${randomUUID()}`;
  writeFileSync(temp, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600 });
  chmodSync(temp, 0o600);
  try {
    placeKey(temp, file);
  } finally {
    rmSync(temp, { force: true });
  }
  const placed = readKey(file);
  if (placed === null) throw new Error(`${file} holds no usable key`);
  return placed;
}

function readKey(file: string): Uint8Array | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return text.length >= MIN_KEY_LENGTH ? new TextEncoder().encode(text) : null;
}

function placeKey(temp: string, file: string): void {
  try {
    linkSync(temp, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Another process's key, unless the file is too short to be one (then it is replaced).
    if (code === 'EEXIST' && readKey(file) !== null) return;
    // EEXIST with a damaged file, or a file system without hard links: rename over it.
    if (code !== 'EEXIST' && code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') {
      throw error;
    }
    renameSync(temp, file);
  }
}

import { hash, verify } from '@node-rs/argon2';

/** Hashes a password with argon2id (the library's default algorithm), salted, PHC string. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** A hash of a random password, checked when the user does not exist so timing stays similar. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(
  passwordHash: string | null,
  password: string,
): Promise<boolean> {
  if (passwordHash === null) {
    dummyHash ??= hash('romshelf-no-such-user');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

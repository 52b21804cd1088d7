import { createHmac } from 'node:crypto';

/** The names a known_hosts line uses for a host: `host`, or `[host]:port` off port 22. */
function namesOf(host: string, port: number): string[] {
  return port === 22 ? [host, `[${host}]:22`] : [`[${host}]:${String(port)}`];
}

function matchesName(pattern: string, names: readonly string[]): boolean {
  if (pattern.startsWith('|1|')) {
    const [, , salt, hash] = pattern.split('|');
    if (salt === undefined || hash === undefined) return false;
    return names.some(
      (name) =>
        createHmac('sha1', Buffer.from(salt, 'base64')).update(name).digest('base64') === hash,
    );
  }
  return pattern.split(',').some((entry) => names.includes(entry));
}

/**
 * Whether OpenSSH's known_hosts text lists this host key (plain or hashed host names, the
 * key as its base64 blob). A revoked (`@revoked`) line never vouches for a key.
 */
export function isKnownHostKey(
  knownHosts: string,
  host: string,
  port: number,
  key: Buffer,
): boolean {
  const names = namesOf(host, port);
  const blob = key.toString('base64');
  return knownHosts.split('\n').some((line) => {
    const [pattern = '', , keyBlob] = line.trim().split(/\s+/);
    if (pattern === '' || pattern.startsWith('#') || pattern.startsWith('@')) return false;
    return keyBlob === blob && matchesName(pattern, names);
  });
}

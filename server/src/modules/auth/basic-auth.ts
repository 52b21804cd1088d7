export interface BasicCredentials {
  username: string;
  password: string;
}

/** Reads an `Authorization: Basic` header; null when it is not a well-formed Basic header. */
export function parseBasicAuth(header: string | undefined): BasicCredentials | null {
  if (header === undefined) return null;
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (match?.[1] === undefined) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export function isBasicAuthHeader(header: string | undefined): boolean {
  return header !== undefined && /^Basic(\s|$)/i.test(header);
}

/** Builds a Basic header (lets form-posted credentials share the Basic checks). */
export function basicAuthHeader(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
}

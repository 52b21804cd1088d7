import { api } from '@/lib/api-client';

export interface Credentials {
  username: string;
  password: string;
}

/** `user:pass` in Base64 for HTTP Basic, UTF-8 safe. */
export function basicAuthorization({ username, password }: Credentials): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

/** POST /api/login with HTTP Basic; the server answers with the session and CSRF cookies. */
export async function login(credentials: Credentials): Promise<void> {
  await api.post('/login', { headers: { authorization: basicAuthorization(credentials) } });
}

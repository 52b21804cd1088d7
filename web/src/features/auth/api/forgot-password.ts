import { api } from '@/lib/api-client';

/** POST /api/forgot-password: asks the server for a reset link (an admin relays it). */
export async function forgotPassword(username: string): Promise<void> {
  await api.post('/forgot-password', { json: { username }, allowUnauthorized: true });
}

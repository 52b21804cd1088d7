import type { SimpleRom } from '@romshelf/contract';

import { api } from '@/lib/api-client';
import type { QueryValue } from '@/lib/api-client';

/** The scope and filters a random pick draws from, as `GET /api/roms` names them. */
export type RandomRomQuery = Readonly<Record<string, QueryValue>>;

/** GET /api/roms/random — one ROM of the scope and filters, or null when nothing matches. */
export async function fetchRandomRom(query: RandomRomQuery = {}): Promise<SimpleRom | null> {
  return api.get<SimpleRom | null>('/roms/random', { query });
}

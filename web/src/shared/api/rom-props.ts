import type { RomUser, RomUserData } from '@romshelf/contract';
import type { QueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { collectionKeys } from './collections';
import { removeCachedContinuePlaying, updateCachedRom } from './rom-cache';

export interface PropsChange {
  data?: RomUserData;
  update_last_played?: boolean;
  remove_last_played?: boolean;
}

/** PUT /api/roms/{id}/props → the caller's RomUser. */
export function updateRomProps(id: number, change: PropsChange): Promise<RomUser> {
  return api.put<RomUser>(`/roms/${String(id)}/props`, { json: change });
}

/** A ROM with its user data replaced, for lists and the details page. */
export function withRomUser<T extends { rom_user: RomUser }>(rom: T, romUser: RomUser): T {
  return { ...rom, rom_user: romUser };
}

/** Saves personal data and spreads the answer to lists and rails. */
export async function saveRomProps(
  queryClient: QueryClient,
  rom: { id: number; rom_user: RomUser },
  change: PropsChange,
): Promise<RomUser> {
  const romUser = await updateRomProps(rom.id, change);
  updateCachedRom(queryClient, withRomUser({ id: rom.id, rom_user: rom.rom_user }, romUser));
  if (change.remove_last_played) removeCachedContinuePlaying(queryClient, rom.id);
  // A favourite is a member of the user's favourites collection.
  if (change.data?.is_favorite !== undefined) {
    void queryClient.invalidateQueries({ queryKey: collectionKeys.all });
  }
  return romUser;
}

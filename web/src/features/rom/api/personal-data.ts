import type { DetailedRom } from '@romshelf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { addCachedContinuePlaying } from '@/shared/api/rom-cache';
import { romKeys } from '@/shared/api/rom-keys';
import { saveRomProps } from '@/shared/api/rom-props';
import type { PropsChange } from '@/shared/api/rom-props';

/** Saves the caller's own data about a game; "mark played" puts it on Continue playing at once. */
export function useSavePersonalDataMutation(
  rom: DetailedRom,
  onChange: (rom: DetailedRom) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PropsChange) => saveRomProps(queryClient, rom, change),
    onSuccess: (romUser, change) => {
      const next = { ...rom, rom_user: romUser };
      onChange(next);
      if (change.update_last_played) {
        addCachedContinuePlaying(queryClient, { ...next, screenshot_path: null });
      }
      void queryClient.invalidateQueries({ queryKey: romKeys.continuePlaying() });
      void queryClient.invalidateQueries({ queryKey: romKeys.lists() });
    },
  });
}

/** "Set as default version": the caller's choice of the version grouped galleries show. */
export function useMakeDefaultVersionMutation(
  rom: DetailedRom,
  onChange: (rom: DetailedRom) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => saveRomProps(queryClient, rom, { data: { is_main_sibling: true } }),
    onSuccess: (romUser) => {
      onChange({
        ...rom,
        rom_user: romUser,
        // The server keeps one default per game: the other versions lose theirs.
        sibling_roms: rom.sibling_roms.map((version) => ({ ...version, is_main_sibling: false })),
      });
      // Grouped galleries now show this version for the game.
      void queryClient.invalidateQueries({ queryKey: romKeys.lists() });
    },
  });
}

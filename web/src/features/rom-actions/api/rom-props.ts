import type { RomUser } from '@romshelf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ActionRom } from '@/components/rom-actions-context';
import { errorMessage } from '@/lib/api-client';
import { romKeys } from '@/shared/api/rom-keys';
import { saveRomProps } from '@/shared/api/rom-props';
import type { PropsChange } from '@/shared/api/rom-props';

/** The menu's personal data changes (favourite, status, continue playing) of one game. */
export function useRomPropsMutation(
  rom: ActionRom,
  onSaved: (romUser: RomUser) => void,
  onError?: (message: string) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PropsChange) => saveRomProps(queryClient, rom, change),
    onSuccess: (romUser) => {
      onSaved(romUser);
      void queryClient.invalidateQueries({ queryKey: romKeys.all });
    },
    onError: (cause) => onError?.(errorMessage(cause)),
  });
}

import { RomDatVerificationSchema } from '@romshelf/contract';
import type { RomDatVerification } from '@romshelf/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { romKeys } from '@/shared/api/rom-keys';

/** Under `romKeys.all`: a scan, an edit or a rename refreshes it with the game. */
const datVerificationKey = (romId: number) => [...romKeys.all, 'dat-verification', romId] as const;

/** GET /api/roms/{id}/dat-verification: the game against each DAT of its platform. */
export function useRomDatVerificationQuery(romId: number) {
  return useQuery({
    queryKey: datVerificationKey(romId),
    queryFn: async (): Promise<RomDatVerification> =>
      RomDatVerificationSchema.parse(await api.get(`/roms/${String(romId)}/dat-verification`)),
  });
}

/**
 * POST /api/roms/{id}/dat-verification/rename: the game's file or folder takes its name in the
 * DAT; its name, files and lists change, so every cached view of ROMs is refetched.
 */
export function useDatRenameMutation(romId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (datId: number) =>
      api.post<RomDatVerification>(`/roms/${String(romId)}/dat-verification/rename`, {
        json: { dat_id: datId },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: romKeys.all }),
  });
}

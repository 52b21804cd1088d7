import type { DetailedRom } from '@romshelf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { romKeys } from '@/shared/api/rom-keys';

/** Both actions change the game (its name, files, size): every cached view of it is refetched. */
function useRomFileMutation<Variables = void>(
  call: (variables: Variables) => Promise<DetailedRom>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: romKeys.all }),
  });
}

/** POST /api/roms/{id}/convert-to-folder: `Game.ext` becomes `Game/Game.ext`. */
export function useConvertToFolderMutation(romId: number) {
  return useRomFileMutation(() =>
    api.post<DetailedRom>(`/roms/${String(romId)}/convert-to-folder`),
  );
}

/** DELETE /api/roms/{id}/files/{file_id}: one file leaves the disk and the game. */
export function useDeleteRomFileMutation(romId: number) {
  return useRomFileMutation((fileId: number) =>
    api.delete<DetailedRom>(`/roms/${String(romId)}/files/${String(fileId)}`),
  );
}

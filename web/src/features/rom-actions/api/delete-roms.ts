import type { DeleteRomsResponse } from '@romshelf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { libraryChanged } from '@/shared/api/library-changed';
import { removeCachedRoms } from '@/shared/api/rom-cache';

/** POST /api/roms/delete: rows for `roms`, files on disk only for `deleteFromFs`. */
export function deleteRoms(
  roms: readonly number[],
  deleteFromFs: readonly number[],
): Promise<DeleteRomsResponse> {
  return api.post<DeleteRomsResponse>('/roms/delete', {
    json: { roms, delete_from_fs: deleteFromFs },
  });
}

/**
 * Deletes games (their files too with `fromDisk`) and drops the deleted ones from every list;
 * hands on the ids deleted and the server's answer (its errors name the games it kept).
 */
export function useDeleteRomsMutation(
  onDone: (deleted: number[], answer: DeleteRomsResponse) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, fromDisk }: { ids: number[]; fromDisk: boolean }) =>
      deleteRoms(ids, fromDisk ? ids : []),
    onSuccess: (answer, { ids }) => {
      const failed = new Set(answer.failed_ids);
      const deleted = ids.filter((id) => !failed.has(id));
      removeCachedRoms(queryClient, deleted);
      libraryChanged(queryClient);
      onDone(deleted, answer);
    },
  });
}

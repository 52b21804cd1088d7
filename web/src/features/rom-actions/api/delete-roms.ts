import type { DeleteRomsResponse } from '@romshelf/contract';

import { api } from '@/lib/api-client';

/** POST /api/roms/delete: rows for `roms`, files on disk only for `deleteFromFs`. */
export function deleteRoms(
  roms: readonly number[],
  deleteFromFs: readonly number[],
): Promise<DeleteRomsResponse> {
  return api.post<DeleteRomsResponse>('/roms/delete', {
    json: { roms, delete_from_fs: deleteFromFs },
  });
}
